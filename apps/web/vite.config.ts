import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// Relative, so the config bundles it (Node cannot load the contract's TypeScript by package name).
import { API_EXACT_PATHS, API_PATH_PREFIXES } from '../../packages/contract/src/constants';

/** The API's paths, which the dev server hands to the API on 3000 (npm run dev); the rest is the app's. */
export const DEV_PROXIED_PATHS = [...API_PATH_PREFIXES, ...API_EXACT_PATHS];

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  // The server entry needs no copy of public/: the server serves the browser build's.
  publicDir: isSsrBuild ? false : 'public',
  // One stylesheet for every screen: a page the server renders is styled before its script loads.
  build: { target: 'es2022', sourcemap: false, cssCodeSplit: false },
  // The server entry (entry-server.tsx) carries what it uses: the server needs no web package at run time.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(DEV_PROXIED_PATHS.map((p) => [p, 'http://localhost:3000'])),
  },
}));
