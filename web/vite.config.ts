import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';

// The browser always calls /api/<path>. The dev server (`npm start`) sends it to the `api` function
// in the Functions emulator; the preview of the production build (browser tests) to the one-process
// host, keeping the /api prefix as Hosting's rewrite does.
const emulatedApi = process.env.VERSUS_API_URL ?? 'http://127.0.0.1:5001/demo-versus/europe-west1/api';
const proxy = {
  '/api': { target: emulatedApi, changeOrigin: true, rewrite: (path: string) => path.replace(/^\/api/, '') },
};
const previewProxy = { '/api': { target: process.env.VERSUS_API_URL ?? 'http://127.0.0.1:5002', changeOrigin: true } };

// React Router 7 exports only its development build (dev warnings on: remix-run/react-router#14102,
// #12532); the client's production build takes the production one it ships beside it.
const routerPackage = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const productionRouter = { 'react-router': join(routerPackage, 'dist', 'production', 'index.mjs') };

export default defineConfig(({ mode, isSsrBuild }) => ({
  plugins: [react()],
  resolve: { alias: mode === 'production' && !isSsrBuild ? productionRouter : {} },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, proxy: previewProxy },
  // The manifest tells the prerenderer (scripts/prerender.mjs) each page's own chunks and styles.
  build: { sourcemap: true, chunkSizeWarningLimit: 700, manifest: true },
}));
