#!/usr/bin/env node
/**
 * Import boundaries of the server and the web app, written once (`npm run lint` runs this). Biome's
 * restricted imports match import strings, not the files they name, and its overrides replace
 * each other's lists, so the web's four copies of one rule set became this.
 *
 * Usage: node scripts/check-boundaries.mjs [root]   (exits 1 and lists every import that crosses a line)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SERVER_TEST = /(\.test\.tsx?$|^apps\/server\/(test|bench)\/)/;

/**
 * `from` and `to` match repository-relative paths; `to` may use `$1` for what `from` captured.
 * `typeOnly: true` lets `import type` through.
 */
export const RULES = [
  {
    message: 'a module uses another only through its public file (modules/<name>/index.ts)',
    from: /^apps\/server\/src\/modules\/([^/]+)\//,
    fromNot: SERVER_TEST,
    to: /^apps\/server\/src\/modules\/([^/]+)\/(?!index\.ts$)/,
    toNot: '^apps/server/src/modules/$1/',
  },
  {
    message: 'app.ts, jobs, plugins and scripts use a module only through its public file',
    from: /^apps\/server\/src\/(?!modules\/)/,
    fromNot: SERVER_TEST,
    to: /^apps\/server\/src\/modules\/[^/]+\/(?!index\.ts$)/,
  },
  {
    message: 'lib/ holds helpers every part of the server may use: it imports no module, plugin, job or db',
    from: /^apps\/server\/src\/lib\//,
    to: /^apps\/server\/src\/((modules|plugins|jobs|db|providers)\/|(app|config)\.ts$)/,
  },
  {
    message: 'the web app never imports server code',
    from: /^apps\/web\//,
    to: /^apps\/server\//,
  },
  {
    message:
      "the web app takes only types from '@releasebell/contract' (import type): values come from '@releasebell/contract/constants' or '/pages', which pull no zod into its bundle",
    from: /^apps\/web\//,
    to: /^packages\/contract\/src\/index\.ts$/,
    typeOnly: true,
  },
  {
    message: 'shared code (components/, lib/) imports no feature and not app/: only app/ composes features',
    from: /^apps\/web\/src\/(components|lib)\//,
    to: /^apps\/web\/src\/(features|app)\//,
  },
  {
    message:
      'a feature imports no other feature and not app/: move what is shared to components/ or lib/, or let app/ compose them',
    from: /^apps\/web\/src\/features\/([^/]+)\//,
    to: /^apps\/web\/src\/(features|app)\//,
    toNot: '^apps/web/src/features/$1/',
  },
];

const ROOTS = ['apps/server/src', 'apps/server/test', 'apps/server/bench', 'apps/web/src'];
const PACKAGES = {
  '@releasebell/contract': 'packages/contract/src/index.ts',
  '@releasebell/contract/constants': 'packages/contract/src/constants.ts',
  '@releasebell/contract/pages': 'packages/contract/src/pages.ts',
};
const IMPORT =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function* sourceFiles(root, dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('dist')) yield* sourceFiles(root, rel);
    } else if (/\.(ts|tsx|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) yield rel;
  }
}

function resolve(root, from, specifier) {
  if (specifier in PACKAGES) return PACKAGES[specifier];
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.join(path.posix.dirname(from), specifier).replace(/\.js$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, `${base}/index.ts`]) {
    // A directory of that name is not the file: its index.ts is.
    if (/\.(ts|tsx|mjs|json|css)$/.test(candidate) && existsSync(path.join(root, candidate)))
      return candidate;
  }
  return base;
}

/** Every import under `root` that crosses a boundary, as `file:line: message (import)`. */
export function violations(root) {
  const found = [];
  for (const dir of ROOTS) {
    if (!existsSync(path.join(root, dir))) continue;
    for (const file of sourceFiles(root, dir)) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        const specifier = m[3] ?? m[4];
        const target = resolve(root, file, specifier);
        if (!target) continue;
        const typeOnly = Boolean(m[2]);
        for (const rule of RULES) {
          const from = rule.from.exec(file);
          if (!from || rule.fromNot?.test(file) || !rule.to.test(target)) continue;
          if (rule.typeOnly && typeOnly) continue;
          if (rule.toNot && new RegExp(rule.toNot.replace('$1', from[1] ?? '')).test(target)) continue;
          const line = text.slice(0, m.index + m[0].search(/import|export/)).split('\n').length;
          found.push(`${file}:${line}: ${rule.message} ('${specifier}')`);
        }
      }
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..'));
  const found = violations(root);
  for (const line of found) console.error(line);
  if (found.length > 0) {
    console.error(`\n${found.length} import(s) cross a boundary.`);
    process.exit(1);
  }
  console.log('Import boundaries: no import crosses one.');
}
