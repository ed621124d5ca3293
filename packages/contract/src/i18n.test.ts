import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CompiledToken, createTranslator, renderCompiled } from './i18n';
import { LOCALES } from './locales';
import { mergeCatalogs, SERVER_CATALOGS, WEB_CATALOGS } from './locales/all';

const t = createTranslator(mergeCatalogs([...WEB_CATALOGS, ...SERVER_CATALOGS]));
const UPCOMING = { id: 'follows.followingPage.upcoming' };

describe('messages in each locale', () => {
  it("counts by each language's plural rules, the number written its way", () => {
    const counts = (locale: Parameters<typeof t>[0]) =>
      [0, 1, 8, 2345].map((count) => t(locale, UPCOMING, { count }));
    expect(counts('en-US')).toEqual([
      '0 titles to come',
      '1 title to come',
      '8 titles to come',
      '2,345 titles to come',
    ]);
    // French counts 0 as one.
    expect(counts('fr')).toEqual([
      '0 titre à venir',
      '1 titre à venir',
      '8 titres à venir',
      '2\u202f345 titres à venir',
    ]);
    expect(counts('de')).toEqual([
      '0 kommende Titel',
      '1 kommender Titel',
      '8 kommende Titel',
      '2.345 kommende Titel',
    ]);
    expect(counts('ja')).toEqual([
      '今後の作品 0件',
      '今後の作品 1件',
      '今後の作品 8件',
      '今後の作品 2,345件',
    ]);
    expect(counts('pt-BR')[1]).toBe('1 título por vir');
  });

  it('takes an exact case before the plural rule, and a select by its value', () => {
    const reminder = { id: 'notice.reminder' };
    expect(t('en-US', reminder, { title: 'Dune', days: 1, date: 'Mar 14' })).toBe(
      'Dune is out tomorrow (Mar 14).',
    );
    expect(t('en-US', reminder, { title: 'Dune', days: 3, date: 'Mar 14' })).toBe(
      'Dune is out in 3 days (Mar 14).',
    );
    const kind = { id: 'mail.kind' };
    expect([t('es', kind, { kind: 'movies' }), t('es', kind, { kind: 'books' })]).toEqual([
      'Película',
      'Libro',
    ]);
  });

  it("falls back on the descriptor's own text when a catalog lacks the message", () => {
    expect(createTranslator({ de: {} })('de', { id: 'nowhere', message: 'As written' })).toBe('As written');
  });
});

describe('numbers in messages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes every number as Intl does, in each locale', () => {
    for (const locale of LOCALES) {
      for (const n of [0, 1, 28, 999, 1000, 2345, 1.5, -3]) {
        expect(renderCompiled([['n', 'number']], { n }, locale)).toBe(
          new Intl.NumberFormat(locale).format(n),
        );
      }
    }
  });

  it("counts under 1,000 without loading Intl's number data, which costs a phone a long task", async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    const Real = Intl.NumberFormat;
    const made: string[] = [];
    const counted = new Proxy(Real, {
      construct(target, args: [Intl.LocalesArgument]) {
        made.push(String(args[0]));
        return new target(...args);
      },
    });
    vi.stubGlobal('Intl', Object.create(Intl, { NumberFormat: { value: counted } }));
    const count: CompiledToken[] = [['count', 'plural', { one: ['#', ' result'], other: ['#', ' results'] }]];
    for (const locale of LOCALES) {
      expect(fresh.renderCompiled(count, { count: 28 }, locale)).toBe('28 results');
    }
    expect(made).toEqual([]);
    expect(fresh.renderCompiled(count, { count: 1234 }, 'de')).toBe('1.234 results');
    expect(made).toEqual(['de']);
  });
});
