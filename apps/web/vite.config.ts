import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Relative, so the config bundles it (Node cannot load the contract's TypeScript by package name).
import { API_EXACT_PATHS, API_PATH_PREFIXES } from '../../packages/contract/src/routes';

/**
 * The API's paths, from the contract's route table, which the dev server hands to the API on 3000
 * (npm run dev); the rest is the app's.
 */
export const DEV_PROXIED_PATHS = [...API_PATH_PREFIXES, ...API_EXACT_PATHS];

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The built page asks for its JavaScript only once it has been painted (public/boot.js, ADR 011):
 * the entry script and its module preloads become one deferred boot script that names them.
 */
export function paintFirst(): Plugin {
  return {
    name: 'releasebell:paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entry = MODULE_SCRIPT.exec(html)?.[1];
        if (!entry) return html;
        const imports = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
        // React's renderer, which the entry imports dynamically so that evaluating it is a task of its
        // own, is fetched with the rest.
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          if (chunk.type === 'chunk' && chunk.facadeModuleId?.includes('react-dom/client')) {
            imports.push(`/${chunk.fileName}`);
          }
        }
        const boot = `<script defer src="/boot.js" data-modules="${[entry, ...imports].join(' ')}"></script>`;
        return html
          .replace(MODULE_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace('</body>', `  ${boot}\n  </body>`);
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), paintFirst()],
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
