import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import config, { SECTIONS } from '../lingui.config.js';
import { pseudoMessage } from './pseudo-locale.mjs';

// The product's messages (ADR 021): the source catalog (en-US) holds exactly the messages the code
// marks; every locale's catalog holds each of them, translated, with the same placeholders; and each
// compiled module (what the app loads) is its catalog as it is now. `npm run i18n` brings them in line.

const repoRoot = path.resolve(import.meta.dirname, '..');
const localesDir = path.join(repoRoot, 'packages/contract/src/locales');
const catalog = (dir, locale) => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8'));
/**
 * The argument names a message uses ({name}, {name, plural, ...}), read from its compiled form: the
 * words inside a plural's or select's branches are text, not arguments.
 */
function placeholders(message) {
  const names = new Set();
  const walk = (tokens) => {
    for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
      if (!Array.isArray(token)) continue;
      names.add(token[0]);
      const options = token[2];
      if (options && typeof options === 'object') for (const branch of Object.values(options)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

/** Each catalog's folder and name, as lingui.config.js lays them out. */
const CATALOGS = config.catalogs.map((c) => {
  const dir = path.dirname(c.path.replace('<rootDir>', repoRoot));
  return { dir, name: path.relative(localesDir, dir) || 'app' };
});

describe('the message catalogs', () => {
  it('hold exactly the messages the code marks (none missing, none unused)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'i18n-extract-'));
    try {
      const tempConfig = path.join(dir, 'lingui.config.mjs');
      writeFileSync(
        tempConfig,
        `import config from ${JSON.stringify(path.join(repoRoot, 'lingui.config.js'))};
export default { ...config, rootDir: ${JSON.stringify(repoRoot)}, locales: [config.sourceLocale],
  catalogs: config.catalogs.map((c, i) => ({ ...c, path: ${JSON.stringify(dir)} + '/' + i + '/{locale}' })) };`,
      );
      execFileSync(
        process.execPath,
        [path.join(repoRoot, 'node_modules/@lingui/cli/dist/lingui.js'), 'extract', '--config', tempConfig],
        { cwd: repoRoot, stdio: 'pipe' },
      );
      CATALOGS.forEach(({ dir: catalogDir, name }, i) => {
        expect(catalog(path.join(dir, String(i)), config.sourceLocale), name).toEqual(
          catalog(catalogDir, config.sourceLocale),
        );
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('are each loaded by the web app and merged for the server and the tests', () => {
    const loader = readFileSync(path.join(repoRoot, 'apps/web/src/lib/i18n.tsx'), 'utf8');
    const sections = Object.keys(SECTIONS).sort();
    // The screens' catalogs the bundler splits off, and the names a screen loads them by.
    const globbed = /locales\/\{([\w,]+)\}\//.exec(loader)?.[1].split(',').sort();
    const named = [.../export type Section =([^;]+);/.exec(loader)[1].matchAll(/'([\w-]+)'/g)]
      .map((m) => m[1])
      .sort();
    expect(globbed).toEqual(sections);
    expect(named).toEqual(sections);
    const all = readFileSync(path.join(localesDir, 'all.ts'), 'utf8');
    for (const { name } of CATALOGS.filter((c) => c.name !== 'app'))
      for (const locale of [...config.locales, 'en-XA'])
        expect(all, `${name}/${locale} in locales/all.ts`).toContain(`from './${name}/${locale}'`);
  });

  it('hold every refusal the contract’s schemas write (none written as a bare string)', () => {
    const dir = path.join(repoRoot, 'packages/contract/src');
    const bare = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      // `{ error: 'must be …' }` or `error: () => \`…\``: English the server cannot translate.
      for (const m of source.matchAll(/\berror:\s*(?:\(\)\s*=>\s*)?['"`]([^'"`]*)/g))
        bare.push(`${file}: ${m[1]}`);
    }
    expect(bare).toEqual([]);
  });

  it('give every message one catalog', () => {
    const seen = new Map();
    for (const { dir, name } of CATALOGS)
      for (const id of Object.keys(catalog(dir, config.sourceLocale))) {
        expect(seen.get(id), `${id} is in ${name} and ${seen.get(id)}`).toBeUndefined();
        seen.set(id, name);
      }
  });

  for (const { dir, name } of CATALOGS) {
    const source = catalog(dir, config.sourceLocale);

    it.each(config.locales)(
      `${name}: %s has every message, translated, with the same placeholders`,
      (locale) => {
        const messages = catalog(dir, locale);
        expect(Object.keys(messages).sort()).toEqual(Object.keys(source).sort());
        for (const [id, message] of Object.entries(messages)) {
          expect(message.trim(), `${locale} ${id}`).not.toBe('');
          expect(placeholders(message), `${locale} ${id}`).toEqual(placeholders(source[id] ?? ''));
        }
      },
    );

    it.each(config.locales)(`${name}: %s is compiled from its catalog as it is now`, async (locale) => {
      const { messages } = await import(path.join(dir, `${locale}.ts`));
      const compiled = Object.fromEntries(
        Object.entries(catalog(dir, locale)).map(([id, message]) => [id, compileMessageOrThrow(message)]),
      );
      expect(messages).toEqual(compiled);
    });

    it(`${name}: holds the pseudo-locale of every message as it is now, accented, marked and 40% longer`, async () => {
      const { messages } = await import(path.join(dir, 'en-XA.ts'));
      expect(Object.keys(messages).sort()).toEqual(Object.keys(source).sort());
      for (const [id, message] of Object.entries(source))
        expect(messages[id], id).toEqual(pseudoMessage(message));
    });
  }

  it('writes the pseudo-locale accented, marked and breakable', () => {
    const sample = pseudoMessage('{count, plural, one {# title} other {# titles}} to come');
    expect(sample[0]).toBe('⟦');
    expect(sample.at(-1)).toBe('⟧');
    expect(JSON.stringify(sample)).toContain('ţíţĺéš');
  });
});
