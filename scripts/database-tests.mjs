#!/usr/bin/env node
/**
 * Which of the server's test files open a database: CI runs those (and only those) a second time,
 * on Node.js 22 against PostgreSQL. A test that parses, formats or applies rules gives the same answer
 * on either database, so it runs once.
 *
 * The rule, worked out from the code rather than kept as a list, so a new test is picked up by itself:
 * a test file opens a database when it uses (calls, passes, re-exports...) a function or value that
 * reaches a database client: a value imported from `pg` or `@electric-sql/pglite`, or anything that
 * mentions one, followed through the test's own imports (test/helpers.ts's buildTestApp and
 * openTestDatabase, src/db/client.ts's openDatabase, app.ts's buildApp, a repository a test opens
 * itself, a helper of a helper...). A test that starts the compiled server (`build.mjs`) counts too:
 * the server opens its embedded database as it starts.
 *
 * It reads source text the way the code is written here (Biome-formatted: a top-level declaration
 * starts at the line's first column), one top-level declaration at a time: a declaration that mentions
 * a database-opening name opens a database itself. Importing only a constant or a type from
 * test/helpers.ts does not. When in doubt it selects a file: a pure test run twice costs seconds, a
 * database test left out would go untested on PostgreSQL.
 *
 * Usage: node scripts/database-tests.mjs [vitest options]       prints the files, one a line
 *        node scripts/database-tests.mjs run [vitest options]   runs them (`vitest run`)
 * The options (the server's two projects when none; options only, no file filters) choose the files as
 * for `vitest run` (`vitest list` reads them: the projects' include, an --exclude...); how many open a
 * database goes to stderr. Each file runs as its project says (shared modules or isolated).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Packages whose values open database connections. */
const DATABASE_PACKAGES = new Set(['pg', '@electric-sql/pglite']);
/** Text that starts the compiled server (which opens its own database). */
const SERVER_START_MARKERS = ['build.mjs'];

const VITEST = path.resolve(import.meta.dirname, '../node_modules/vitest/vitest.mjs');

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs'];

/** The file a relative import names, or null (a package, or nothing there). */
function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stems = [base];
  // TypeScript's convention: `./x.js` names x.ts.
  if (/\.(m?js)$/.test(base)) stems.push(base.replace(/\.(m?)js$/, '.$1ts'));
  for (const stem of stems)
    for (const ext of EXTENSIONS) {
      const candidate = stem + ext;
      if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
    }
  return null;
}

/** The source without whole-line comments and comment blocks that start a line (JSDoc). */
function stripComments(source) {
  return source.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, '').replace(/^[ \t]*\/\/.*$/gm, '');
}

/** Names used as values in a piece of code: identifiers not after a dot (not `x.name`). */
function mentionedNames(code) {
  const names = new Set();
  for (const m of code.matchAll(/(?<![\w$.])[A-Za-z_$][\w$]*/g)) names.add(m[0]);
  return names;
}

/** `a, b as c, type D, default as e` -> [{ imported, local }] without the type-only ones. */
function specifierList(list) {
  return list
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && !s.startsWith('type '))
    .map((s) => {
      const [imported, local] = s.split(/\s+as\s+/);
      return { imported: imported.trim(), local: (local ?? imported).trim() };
    });
}

const IMPORT_STATEMENT = /^[ \t]*import\s+(type\s+)?([\w$*{},\s]+?)\s+from\s+['"]([^'"]+)['"];?/gm;
const BARE_IMPORT = /^[ \t]*import\s+['"][^'"]+['"];?/gm;
const REEXPORT =
  /^[ \t]*export\s+(type\s+)?(\*(?:\s+as\s+([\w$]+))?|\{[^}]*\})\s+from\s+['"]([^'"]+)['"];?/gm;
const LOCAL_EXPORT_LIST = /^[ \t]*export\s+(type\s+)?\{([^}]*)\};?/gm;
const DYNAMIC_IMPORT = /import\(\s*['"]([^'"]+)['"]\s*\)/g;
const DECLARATION =
  /^(export\s+)?(default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(function\*?|class|const|let|var|interface|type|enum)\s*([\w$]+|\{[^}]*\})?/;

/** One module's imports, exports and top-level declarations. */
function parseModule(file) {
  let source = stripComments(readFileSync(file, 'utf8'));
  /** local name -> { from: file | package, imported: name | '*' | 'default' } */
  const bindings = new Map();
  /** exported name -> local name */
  const exports = new Map();
  /** { from, imported, exported } and star re-exports { from, star: true } */
  const reexports = [];
  const dynamicImports = [];

  const target = (specifier) => resolveImport(file, specifier) ?? specifier;
  source = source.replace(IMPORT_STATEMENT, (_all, typeOnly, clause, specifier) => {
    if (typeOnly) return '';
    const from = target(specifier);
    const braces = clause.match(/\{([^}]*)\}/);
    if (braces)
      for (const s of specifierList(braces[1])) bindings.set(s.local, { from, imported: s.imported });
    const rest = clause.replace(/\{[^}]*\}/, '').trim();
    for (const part of rest.split(',').map((p) => p.trim())) {
      if (!part) continue;
      const ns = part.match(/^\*\s+as\s+([\w$]+)$/);
      if (ns) bindings.set(ns[1], { from, imported: '*' });
      else bindings.set(part, { from, imported: 'default' });
    }
    return '';
  });
  source = source.replace(BARE_IMPORT, '');
  source = source.replace(REEXPORT, (_all, typeOnly, what, starAs, specifier) => {
    if (typeOnly) return '';
    const from = target(specifier);
    if (what.startsWith('*')) {
      if (starAs) reexports.push({ from, imported: '*', exported: starAs });
      else reexports.push({ from, star: true });
    } else
      for (const s of specifierList(what.slice(1, -1)))
        reexports.push({ from, imported: s.imported, exported: s.local });
    return '';
  });
  source = source.replace(LOCAL_EXPORT_LIST, (_all, typeOnly, list) => {
    if (!typeOnly) for (const s of specifierList(list)) exports.set(s.local, s.imported);
    return '';
  });
  for (const m of source.matchAll(DYNAMIC_IMPORT)) dynamicImports.push(target(m[1]));

  // Top-level pieces: each starts at a line that begins in the first column with something other
  // than the end of the piece before (a closing bracket).
  const chunks = [];
  let current = { names: [], lines: [] };
  for (const line of source.split('\n')) {
    if (/^[^\s})\]]/.test(line)) {
      chunks.push(current);
      current = { names: [], lines: [] };
      const d = line.match(DECLARATION);
      if (d) {
        const [, exported, isDefault, , name] = d;
        current.names = !name
          ? []
          : name.startsWith('{')
            ? specifierList(name.slice(1, -1)).map((s) => s.local)
            : [name];
        if (exported && isDefault) {
          if (current.names.length === 0) current.names = ['default'];
          exports.set('default', current.names[0]);
        } else if (exported) for (const n of current.names) exports.set(n, n);
      } else if (/^export\s+default\b/.test(line)) {
        current.names = ['default'];
        exports.set('default', 'default');
      }
    }
    current.lines.push(line);
  }
  chunks.push(current);
  return {
    file,
    bindings,
    exports,
    reexports,
    dynamicImports,
    chunks: chunks
      .filter((c) => c.lines.length > 0)
      .map((c) => {
        const code = c.lines.join('\n');
        return {
          names: c.names,
          mentions: mentionedNames(code),
          startsServer: SERVER_START_MARKERS.some((m) => code.includes(m)),
          // A module loaded by `import()` (after a mock, say) counts as a whole.
          loads: [...code.matchAll(DYNAMIC_IMPORT)].map((m) => target(m[1])),
        };
      }),
  };
}

/**
 * The files of `testFiles` (absolute paths) that open a database, in the order given.
 * @param {string[]} testFiles
 */
export function databaseTestFiles(testFiles) {
  const modules = new Map();
  const load = (file) => {
    if (modules.has(file)) return;
    const mod = parseModule(file);
    modules.set(file, mod);
    const next = [
      ...[...mod.bindings.values()].map((b) => b.from),
      ...mod.reexports.map((r) => r.from),
      ...mod.dynamicImports,
    ];
    for (const from of next) if (path.isAbsolute(from) && !modules.has(from)) load(from);
  };
  for (const file of testFiles) load(file);

  /** file -> names declared there (locals) that open a database */
  const openers = new Map([...modules.keys()].map((f) => [f, new Set()]));
  /** file -> whether some of its code opens a database */
  const opensSomewhere = new Map([...modules.keys()].map((f) => [f, false]));

  /** Whether `name` exported by `from` (a file or a package) opens a database. */
  const exportOpens = (from, name, seen = new Set()) => {
    if (!path.isAbsolute(from)) return DATABASE_PACKAGES.has(from);
    const key = `${from}\0${name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    const mod = modules.get(from);
    if (!mod) return false;
    if (name === '*') return [...exportedNames(mod)].some((n) => exportOpens(from, n, seen));
    const local = mod.exports.get(name);
    if (local !== undefined && (openers.get(from).has(local) || bindingOpens(mod, local, seen))) return true;
    return mod.reexports.some((r) =>
      r.star
        ? name !== 'default' && exportOpens(r.from, name, seen)
        : r.exported === name && exportOpens(r.from, r.imported, seen),
    );
  };
  /** Whether an imported name of `mod` opens a database. */
  const bindingOpens = (mod, local, seen = new Set()) => {
    const b = mod.bindings.get(local);
    return b !== undefined && exportOpens(b.from, b.imported, seen);
  };

  // Until nothing changes: a piece of code that mentions an opener (a binding or a declaration) opens.
  for (let changed = true; changed; ) {
    changed = false;
    for (const mod of modules.values()) {
      const own = openers.get(mod.file);
      for (const chunk of mod.chunks) {
        const opens =
          chunk.startsServer ||
          chunk.loads.some((from) => exportOpens(from, '*')) ||
          [...chunk.mentions].some((n) => own.has(n) || (mod.bindings.has(n) && bindingOpens(mod, n)));
        if (!opens) continue;
        if (!opensSomewhere.get(mod.file)) {
          opensSomewhere.set(mod.file, true);
          changed = true;
        }
        for (const n of chunk.names)
          if (!own.has(n)) {
            own.add(n);
            changed = true;
          }
      }
    }
  }
  return testFiles.filter((f) => opensSomewhere.get(f));
}

function exportedNames(mod) {
  return new Set([...mod.exports.keys(), ...mod.reexports.filter((r) => !r.star).map((r) => r.exported)]);
}

/** The test files Vitest would run with these options (its include and exclude patterns, filters...). */
function vitestFiles(repoRoot, vitestArgs) {
  const out = execFileSync(process.execPath, [VITEST, 'list', ...vitestArgs, '--filesOnly', '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(JSON.parse(out).map((t) => t.file))].sort();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const repoRoot = path.resolve(import.meta.dirname, '..');
  const [first, ...rest] = process.argv.slice(2);
  const run = first === 'run';
  const given = run ? rest : process.argv.slice(2);
  const vitestArgs = given.length > 0 ? given : ['--project', 'server', '--project', 'server-isolated'];
  const all = vitestFiles(repoRoot, vitestArgs);
  const selected = databaseTestFiles(all);
  if (selected.length === 0) {
    console.error('database-tests: no test opens a database: the rule no longer matches the code');
    process.exit(1);
  }
  const relative = (files) => files.map((f) => path.relative(repoRoot, f));
  console.error(`database-tests: ${selected.length} of ${all.length} test files open a database`);
  if (!run) {
    for (const f of relative(selected)) console.log(f);
  } else {
    const status =
      spawnSync(process.execPath, [VITEST, 'run', ...vitestArgs, ...relative(selected)], {
        cwd: repoRoot,
        stdio: 'inherit',
      }).status ?? 1;
    process.exit(status);
  }
}
