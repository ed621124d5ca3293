import { RELEASE_TYPES, type ReleaseDates } from './schemas';

/** Which release a member follows (profile; default theatrical). */
export type ReleaseKind = 'theatrical' | 'digital' | 'physical';

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

const TYPES_OF: Record<ReleaseKind, number[]> = {
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
  const earliest = (types: number[] | null) =>
    local
      .filter((d) => types === null || types.includes(d.type))
      .map((d) => d.date)
      .sort()[0];
  return (
    earliest(TYPES_OF[kind]) ??
    earliest(TYPES_OF.theatrical) ??
    earliest(TYPES_OF.digital) ??
    earliest(null) ??
    fallback
  );
}
