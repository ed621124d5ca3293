import type { MovieReleaseKind } from '@releasebell/contract';
import { RELEASE_TYPES, type ReleaseDates } from './schemas';

/** Which release a member follows (profile; default theatrical). */
export type ReleaseKind = MovieReleaseKind;

export interface TypedReleaseDate {
  country: string;
  type: number;
  /** `YYYY-MM-DD` (the day in the country, as TMDB lists it). */
  date: string;
}

/** Every typed regional date of a movie, as one flat list (kept per country). */
export function typedReleaseDates(releaseDates: ReleaseDates | undefined): TypedReleaseDate[] {
  return (releaseDates?.results ?? []).flatMap((country) =>
    country.release_dates
      .filter((r) => /^\d{4}-\d{2}-\d{2}/.test(r.release_date))
      .map((r) => ({
        country: country.iso_3166_1.toUpperCase(),
        type: r.type,
        date: r.release_date.slice(0, 10),
      })),
  );
}

/**
 * TMDB's release types that count as each kind of release. Theatrical is the earliest cinema release,
 * limited (2) or wide (3): a limited run is a release people can go to, and some countries list only
 * that. Premieres (1, festivals) and TV airings (6) are none of the three. The one home of this rule:
 * the page's dates, the regional list and the notification planner's SQL all read it.
 */
export const RELEASE_TYPES_OF_KIND: Readonly<Record<ReleaseKind, readonly number[]>> = {
  theatrical: [RELEASE_TYPES.theatrical, RELEASE_TYPES.theatricalLimited],
  digital: [RELEASE_TYPES.digital],
  physical: [RELEASE_TYPES.physical],
};

/**
 * The date a visitor in `region` sees: that region's earliest date of the wanted kind, else its
 * theatrical, else its digital, else its earliest of any type; a region TMDB lists nothing for gets
 * the movie's primary date (`fallback`).
 */
export function displayedReleaseDate(
  dates: TypedReleaseDate[],
  region: string,
  fallback: string | null,
  kind: ReleaseKind = 'theatrical',
): string | null {
  const local = dates.filter((d) => d.country === region.toUpperCase());
  const earliest = (types: readonly number[] | null) =>
    local
      .filter((d) => types === null || types.includes(d.type))
      .map((d) => d.date)
      .sort()[0];
  return (
    earliest(RELEASE_TYPES_OF_KIND[kind]) ??
    earliest(RELEASE_TYPES_OF_KIND.theatrical) ??
    earliest(RELEASE_TYPES_OF_KIND.digital) ??
    earliest(null) ??
    fallback
  );
}

/**
 * A region's theatrical, digital and physical dates (each the earliest of its kind there, null where
 * TMDB lists none), or null when it lists none of the three.
 */
export function regionalReleaseDates(
  dates: TypedReleaseDate[],
  region: string,
): { region: string; theatrical: string | null; digital: string | null; physical: string | null } | null {
  const country = region.toUpperCase();
  const local = dates.filter((d) => d.country === country);
  const earliest = (kind: ReleaseKind) =>
    local
      .filter((d) => RELEASE_TYPES_OF_KIND[kind].includes(d.type))
      .map((d) => d.date)
      .sort()[0] ?? null;
  const theatrical = earliest('theatrical');
  const digital = earliest('digital');
  const physical = earliest('physical');
  if (!theatrical && !digital && !physical) return null;
  return { region: country, theatrical, digital, physical };
}
