import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative, so the config bundles it (Node cannot load the contract's TypeScript by package name).
import { API_EXACT_PATHS, API_PATH_PREFIXES } from '../../packages/contract/src/constants';

/** The API's paths, which the dev server hands to the API on 3000 (npm run dev); the rest is the app's. */
export const DEV_PROXIED_PATHS = [...API_PATH_PREFIXES, ...API_EXACT_PATHS];

export default defineConfig({
  plugins: [react()],
  build: { target: 'es2022', sourcemap: false },
  server: {
    port: 5173,
    proxy: Object.fromEntries(DEV_PROXIED_PATHS.map((p) => [p, 'http://localhost:3000'])),
  },
});
