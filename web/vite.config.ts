import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The browser always calls /api/<path>; locally that is the `api` function in the emulator.
const apiTarget = process.env.VERSUS_API_URL ?? 'http://127.0.0.1:5001/demo-versus/europe-west1/api';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true, rewrite: (path: string) => path.replace(/^\/api/, '') },
};

export default defineConfig({
  plugins: [react()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true, proxy },
  build: { sourcemap: true, chunkSizeWarningLimit: 700 },
});
