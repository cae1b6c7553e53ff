import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompressAssets } from './precompress';
import { prerenderLanding } from './prerender';

// One origin in production: the gateway serves web/dist and the API under /api.
// In development the dev server proxies /api and /sandbox (the payment emulator's pages) to the product.
const target = process.env.BRIGADE_API_URL ?? 'http://localhost:8080';

/**
 * A feature's face (src/features/<name>/index.ts) only re-exports what other features use: it is marked free of
 * side effects, so a chunk that takes one thing through a face does not also take the face's other pieces (the
 * landing page would otherwise carry sign-in, phone checks and the operator steps through features/auth).
 */
function facesOnlyReexport(): Plugin {
  const face = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;
  return {
    name: 'brigade-faces-only-reexport',
    transform(code, id) {
      return face.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * The contracts package's modules do nothing on import (constants, texts, rules and zod schemas), so a page
 * that takes one constant through the package's index does not also take every schema and zod itself: the
 * landing page needs a city's time zone, not the API's request shapes.
 */
function contractsWithoutSideEffects(): Plugin {
  const contracts = /[\\/]contracts[\\/]src[\\/].*\.ts$/;
  return {
    name: 'brigade-contracts-without-side-effects',
    transform(code, id) {
      return contracts.test(id) ? { code, map: null, moduleSideEffects: false } : null;
    },
  };
}

/**
 * The installable app (issue 40): the manifest (`start_url` /dashboard, a contract: it redirects by role) and
 * the service worker, src/sw.ts (injectManifest: why, in that file). The worker is registered by
 * src/app/serviceWorker.ts after the first render (workbox-window stays off the landing page's budget), which
 * asks before a new version takes over ("New version available — Reload").
 */
const installableApp = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['icons/apple-touch-icon-180.png'],
  manifest: {
    id: '/',
    name: 'Brigade',
    short_name: 'Brigade',
    description: 'Short restaurant shifts in Minneapolis and Detroit: post a shift, find a cook, get paid.',
    lang: 'en',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#b3261e', // --brand
    background_color: '#faf8f6', // --bg
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // Every script, style and text chunk (never their .br/.gz twins), the page, the icons and the manifest.
    globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
    // the landing page's prerendered copies are for the first visit; the installed app opens index.html
    globIgnores: ['sw.js', 'landing.*.html'],
    // Hashed names need no revision of their own.
    dontCacheBustURLsMatching: /^assets\//,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  // The hashed assets also written as .br and .gz, which the gateway serves to browsers that accept them.
  // The landing page's HTML in each language, written after the build (prerender.ts).
  plugins: [
    react(),
    precompressAssets(),
    facesOnlyReexport(),
    contractsWithoutSideEffects(),
    installableApp,
    prerenderLanding(() => [react()]),
  ],
  server: {
    proxy: {
      '/api': { target, changeOrigin: false },
      '/sandbox': { target, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    emptyOutDir: true,
    sourcemap: process.env.SOURCEMAP === '1',
    // NO_MINIFY=1: readable stack traces when a browser test fails.
    minify: process.env.NO_MINIFY !== '1',
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // V8's explicit compile hint (ADR 44): every function of the libraries is compiled as the script streams
        // in, off the main thread, instead of one by one on the main thread as each is first called. It must be
        // the file's first line, which Vite takes in the entry.
        postBanner: (chunk) => (chunk.name === 'vendor' ? '//# allFunctionsCalledOnLoad' : ''),
        // The libraries every page needs (React, the router, Redux Toolkit, i18next) in one chunk: fewer,
        // better-compressed requests on the landing page, however the lazy screens share their own code.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/,
            },
            // Issue 41 (ADR 44): what the entry imports, the app's frame, and the shared components and money
            // figures, each one file: a signed-in page loads 31 files instead of 55.
            { name: 'start', tags: ['$initial'] },
            { name: 'shell', test: /src[\\/]features[\\/]shell[\\/]AppLayout\.tsx$/ },
            { name: 'ui', test: /web[\\/]src[\\/]shared[\\/](components|money)[\\/]/ },
          ],
        },
      },
    },
  },
});
