import { describe, expect, it } from 'vitest';
import { createTranslator } from './i18n';
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
