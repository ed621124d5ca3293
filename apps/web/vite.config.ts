import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs on 3000 (npm run dev) and Vite proxies its paths.
const apiPaths = [
  '/api',
  '/trending',
  '/upcoming',
  '/media/featured',
  '/media/slug',
  '/media/recommendations',
  '/demo-posters',
  '/healthz',
  '/readyz',
];

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((p) => [p, 'http://localhost:3000'])),
  },
});
