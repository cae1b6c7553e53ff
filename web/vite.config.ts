import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressAssets } from './precompress';

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

export default defineConfig({
  // The hashed assets also written as .br and .gz, which the gateway serves to browsers that accept them.
  plugins: [react(), precompressAssets(), facesOnlyReexport()],
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
        // The libraries every page needs (React, the router, Redux Toolkit, i18next) in one chunk: fewer,
        // better-compressed requests on the landing page, however the lazy screens share their own code.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@reduxjs[\\/]toolkit|redux|redux-thunk|immer|reselect|react-redux|use-sync-external-store|i18next|react-i18next|cookie|set-cookie-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
