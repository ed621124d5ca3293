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

const SERVER_TEST = /(\.test\.tsx?$|^apps\/server\/(test|bench|chaos|soak)\/)/;

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
    to: /^apps\/server\/src\/modules\/[^/]+\/(?!index\.ts$|plugin\.ts$)/,
  },
  {
    message: "only app.ts registers a module's plugin (modules/<name>/plugin.ts)",
    from: /^apps\/server\/src\/(?!app\.ts$)/,
    fromNot: SERVER_TEST,
    to: /^apps\/server\/src\/modules\/[^/]+\/plugin\.ts$/,
  },
  {
    message:
      'infra/ is what modules share (mail, texts, limits, secrets): it imports no module, plugin or job',
    from: /^apps\/server\/src\/infra\//,
    fromNot: SERVER_TEST,
    to: /^apps\/server\/src\/((modules|plugins|jobs)\/|app\.ts$)/,
  },
  {
    message: 'lib/ holds helpers every part of the server may use: it imports no module, plugin, job or db',
    from: /^apps\/server\/src\/lib\//,
    to: /^apps\/server\/src\/((modules|plugins|jobs|db|providers|infra)\/|(app|config)\.ts$)/,
  },
  {
    message: 'the web app never imports server code',
    from: /^apps\/web\//,
    to: /^apps\/server\//,
  },
  {
    message:
      "the web app takes only types from '@releasebell/contract' (import type): values come from '@releasebell/contract/constants', '/pages' or '/routes', which pull no zod into its bundle",
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

const ROOTS = [
  'apps/server/src',
  'apps/server/test',
  'apps/server/bench',
  'apps/server/chaos',
  'apps/server/soak',
  'apps/web/src',
];
const PACKAGES = {
  '@releasebell/contract': 'packages/contract/src/index.ts',
  '@releasebell/contract/constants': 'packages/contract/src/constants.ts',
  '@releasebell/contract/pages': 'packages/contract/src/pages.ts',
  '@releasebell/contract/routes': 'packages/contract/src/routes.ts',
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

/**
 * The parts whose imports must not go round in a circle: the server's modules (a module is its folder;
 * tests may reach anywhere) and the contract's files. Type-only imports count: a circle of types is
 * still a knot to read.
 */
const CYCLE_PARTS = [
  {
    kind: 'module',
    of: (file) => (SERVER_TEST.test(file) ? null : /^apps\/server\/src\/modules\/([^/]+)\//.exec(file)?.[1]),
  },
  {
    kind: 'contract file',
    of: (file) => (/^packages\/contract\/src\/(?!.*\.test\.ts$)/.test(file) ? file : null),
  },
];

/** One circle through each strongly connected group of `edges` (a Map of node -> Set of nodes). */
function circles(edges) {
  const found = [];
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node), index.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const group = new Set();
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.add(member);
    } while (member !== node);
    if (group.size > 1) found.push(pathWithin(edges, group, node));
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** A shortest way from `start` back to itself inside `group`. */
function pathWithin(edges, group, start) {
  const from = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of [...(edges.get(node) ?? [])].sort()) {
      if (!group.has(to)) continue;
      if (to === start) {
        const way = [node];
        for (let at = from.get(node); at !== null; at = from.get(at)) way.unshift(at);
        return [...way, start];
      }
      if (!from.has(to)) {
        from.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

/** app.ts is wiring only: a condition, a literal or a function of its own there is a rule out of place. */
export const APP_FILE = 'apps/server/src/app.ts';
const APP_MAX_LINES = 150;
const APP_RULES = [
  [/\bif\s*\(|\?\?|&&|\|\||[^?]\?[^.:]|\bswitch\b|\bfor\s*\(|\bwhile\s*\(/, 'a condition or a loop'],
  [/=>|\bfunction\b(?![^\n]*\bbuildApp\b)/, 'a function besides buildApp'],
  [/(?<![\w$])\d|['"`]/, 'a literal'],
];

function appWiring(root) {
  const file = path.join(root, APP_FILE);
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  const found = [];
  const lines = text.split('\n').length;
  if (lines > APP_MAX_LINES) {
    found.push(
      `${APP_FILE}:${APP_MAX_LINES + 1}: app.ts wires plugins in at most ${APP_MAX_LINES} lines (it has ${lines})`,
    );
  }
  // What may hold such things: imports, comments, and the options' interface (its `?:`).
  const code = text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, '')
    .replace(/^import[\s\S]*?from\s*['"][^'"]+['"];?/gm, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/^export interface[\s\S]*?^}/gm, (c) => c.replace(/[^\n]/g, ' '));
  code.split('\n').forEach((line, i) => {
    for (const [pattern, what] of APP_RULES) {
      if (pattern.test(line)) {
        found.push(
          `${APP_FILE}:${i + 1}: app.ts wires plugins and holds no rule: move ${what} into a module or plugin`,
        );
        break;
      }
    }
  });
  return found;
}

/** Every import under `root` that crosses a boundary or closes a circle, as `file:line: message`. */
export function violations(root) {
  const found = [];
  const graphs = CYCLE_PARTS.map(() => new Map());
  for (const dir of [...ROOTS, 'packages/contract/src']) {
    if (!existsSync(path.join(root, dir))) continue;
    for (const file of sourceFiles(root, dir)) {
      const text = readFileSync(path.join(root, file), 'utf8');
      for (const m of text.matchAll(IMPORT)) {
        const specifier = m[3] ?? m[4];
        const target = resolve(root, file, specifier);
        if (!target) continue;
        CYCLE_PARTS.forEach((part, i) => {
          const a = part.of(file);
          const b = part.of(target);
          if (!a || !b || a === b) return;
          if (!graphs[i].has(a)) graphs[i].set(a, new Set());
          graphs[i].get(a).add(b);
        });
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
  CYCLE_PARTS.forEach((part, i) => {
    for (const circle of circles(graphs[i])) {
      found.push(
        `import cycle between ${part.kind}s: ${circle.join(' -> ')} (break it: move what both need below them)`,
      );
    }
  });
  return [...found, ...appWiring(root)];
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
