import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// One origin in production: the gateway serves web/dist and the API under /api.
// In development the dev server proxies /api and /sandbox (the payment emulator's pages) to the product.
const target = process.env.BRIGADE_API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
    chunkSizeWarningLimit: 600,
  },
});
