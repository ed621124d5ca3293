import type { Locale } from '@releasebell/contract';
import { translate } from '../../infra/i18n';
import type { TitleTranslation } from '../types';
import type { TmdbTranslations } from './schemas';

/**
 * TMDB's translation that serves each of our locales: its language in the locale's own country first,
 * then in the others that write it alike (Mexican Spanish for es before any other Spanish).
 */
const SERVED: { locale: Exclude<Locale, 'en-US'>; language: string; countries: string[] }[] = [
  { locale: 'en-GB', language: 'en', countries: ['GB'] },
  { locale: 'es', language: 'es', countries: ['ES', 'MX'] },
  { locale: 'fr', language: 'fr', countries: ['FR', 'CA'] },
  { locale: 'de', language: 'de', countries: ['DE', 'AT', 'CH'] },
  { locale: 'pt-BR', language: 'pt', countries: ['BR', 'PT'] },
  { locale: 'ja', language: 'ja', countries: ['JP'] },
];

type Entry = TmdbTranslations['translations'][number];

/** Each locale's translation (title or name, overview), when TMDB has one with words in it. */
function served(translations: TmdbTranslations | undefined) {
  const found = new Map<Locale, { name: string | null; overview: string | null }>();
  for (const { locale, language, countries } of SERVED) {
    const ofLanguage = (translations?.translations ?? []).filter((t) => t.iso_639_1 === language);
    const rank = (t: Entry) => {
      const at = countries.indexOf(t.iso_3166_1);
      return at === -1 ? countries.length : at;
    };
    // en-GB only from a British translation: another English one is what the catalog holds already.
    const best = [...ofLanguage]
      .filter((t) => locale !== 'en-GB' || t.iso_3166_1 === 'GB')
      .sort((a, b) => rank(a) - rank(b))[0];
    const name = (best?.data.title ?? best?.data.name ?? '').trim() || null;
    const overview = best?.data.overview?.trim() || null;
    if (name || overview) found.set(locale, { name, overview });
  }
  return found;
}

/** A movie's title and overview per locale; a locale without them reads the catalog's own. */
export function movieTranslations(
  original: { title: string; description: string },
  translations: TmdbTranslations | undefined,
): TitleTranslation[] {
  return [...served(translations)].flatMap(([locale, t]) => {
    const title = t.name ?? original.title;
    const description = t.overview && t.overview !== original.description ? t.overview : null;
    return title === original.title && description === null ? [] : [{ locale, title, description }];
  });
}

const SEASON_TITLE = /*i18n*/ { id: 'catalog.seasonTitle', message: '{series}: Season {number}' };

/**
 * A season's title in every locale ("Severance: Staffel 3"), with the series' translated name where
 * TMDB has one; its description is the season's own, else the series' translated overview.
 */
export function seasonTranslations(
  series: { name: string; overview?: string | null | undefined; translations?: TmdbTranslations | undefined },
  season: { season_number: number; overview?: string | null | undefined },
  original: { title: string; description: string },
): TitleTranslation[] {
  const found = served(series.translations);
  return SERVED.flatMap(({ locale }) => {
    const t = found.get(locale);
    const title = translate(locale, SEASON_TITLE, {
      series: t?.name ?? series.name,
      number: season.season_number,
    });
    const overview = season.overview ? null : t?.overview;
    const description = overview && overview !== original.description ? overview : null;
    return title === original.title && description === null ? [] : [{ locale, title, description }];
  });
}
