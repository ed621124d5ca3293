import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
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
        // Each language's catalog, so the page's own is fetched with the rest, not after the entry asks.
        const locales: Record<string, string> = {};
        for (const chunk of Object.values(ctx.bundle ?? {})) {
          if (chunk.type !== 'chunk') continue;
          const locale = /contract\/src\/locales\/([\w-]+)\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1];
          if (locale) locales[locale] = `/${chunk.fileName}`;
        }
        const boot = `<script defer src="/boot.js" data-modules="${[entry, ...imports].join(' ')}" data-locales='${JSON.stringify(locales)}'></script>`;
        return html
          .replace(MODULE_SCRIPT, '')
          .replace(MODULE_PRELOAD, '')
          .replace('</body>', `  ${boot}\n  </body>`);
      },
    },
  };
}

/**
 * Mantine's components take their ids from src/lib/mantine-use-id.ts rather than from Mantine's own
 * `useId`, which redraws each of them after hydrating only to replace the server's id with a random one.
 */
export function stableMantineIds(): Plugin {
  const own = path.join(import.meta.dirname, 'src/lib/mantine-use-id.ts');
  return {
    name: 'releasebell:stable-mantine-ids',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './use-id/use-id.mjs' && importer?.includes('@mantine/hooks')) return own;
      return null;
    },
  };
}

/** A message marked for extraction, up to its `message` string (ICU source, US English). */
const DESCRIPTOR = /(\/\*i18n\*\/\s*\{[^{}]*?\bmessage:\s*)('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")/g;

/**
 * Messages compiled as the catalogs are (ADR 021): each `/*i18n*\/ { id, message }` carries its US
 * English as compiled tokens, so a US English page needs no catalog and no ICU parser at run time.
 */
export function compiledMessages(): Plugin {
  return {
    name: 'releasebell:compiled-messages',
    enforce: 'pre',
    transform: {
      filter: { id: /\.(ts|tsx)$/, code: '/*i18n*/' },
      handler(code, id) {
        if (id.includes('node_modules')) return null;
        return code.replace(DESCRIPTOR, (_, head: string, literal: string) => {
          // A string literal of our own source: its value, as the compiler reads it.
          const text = new Function(`return ${literal}`)() as string;
          return `${head}${JSON.stringify(compileMessageOrThrow(text))}`;
        });
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [stableMantineIds(), compiledMessages(), react(), paintFirst()],
  // The server entry needs no copy of public/: the server serves the browser build's.
  publicDir: isSsrBuild ? false : 'public',
  // One stylesheet for every screen: a page the server renders is styled before its script loads.
  build: {
    target: 'es2022',
    sourcemap: false,
    cssCodeSplit: false,
    // Every file a page asks for costs the phone's main thread a request and a compile of its own,
    // and the bundler's own splitting gave a page 40-60 files, half of them under 2 KB.
    // Grouped, a page asks for a handful, about the same bytes in all.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                // What the entry imports is always loaded together: one file.
                { name: 'start', tags: ['$initial'] },
                // The rest of the component library, most of which every screen's header search and
                // quick view use already: one file.
                { name: 'ui', test: /node_modules[\\/](@mantine|@floating-ui|@tabler)[\\/]/ },
              ],
            },
          },
        },
  },
  // The server entry (entry-server.tsx) carries what it uses: the server needs no web package at run time.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: Object.fromEntries(DEV_PROXIED_PATHS.map((p) => [p, 'http://localhost:3000'])),
  },
}));
