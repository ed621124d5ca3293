import {
  DEFAULT_MOVIE_RELEASE_KIND,
  type MediaType,
  type MovieReleaseKind,
  type ReleaseDatePrecision,
} from '@releasebell/contract';

/** What of a title its release day depends on. */
export interface ReleaseDayTitle {
  mediaType: MediaType;
  /** `YYYY-MM-DD`: the title's own date (for a movie, the default region's, as an operator left it). */
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
}

/** A member's choices as stored: null where they chose none. */
export interface ReleaseDayMember {
  region: string | null;
  kind: MovieReleaseKind | null;
}

/** One typed regional date of a movie: a provider's release type, in a country, on a day. */
export interface RegionalReleaseDate {
  country: string;
  type: number;
  /** `YYYY-MM-DD`. */
  date: string;
}

export interface ReleaseDayRule {
  /** The region of members who chose none (TMDB_REGION; DEFAULT_REGION without TMDB). */
  defaultRegion: string;
  /** The provider's release types that count as each kind of release (RELEASE_TYPES_OF_KIND). */
  typesOfKind: Readonly<Record<MovieReleaseKind, readonly number[]>>;
}

/** The day notifications' SQL (memberReleaseDay) tells a member a title is out, for the feed and the page. */
export function releaseDayForMember(
  title: ReleaseDayTitle,
  member: ReleaseDayMember,
  dates: readonly RegionalReleaseDate[],
  rule: ReleaseDayRule,
): string | null {
  // The earliest typed date of the member's kind in their region; not for the default region's
  // theatrical release, which is the title's own date (an operator may have corrected it).
  const region = member.region ?? rule.defaultRegion;
  const kind = member.kind ?? DEFAULT_MOVIE_RELEASE_KIND;
  const asksTyped =
    title.mediaType === 'movies' && !(region === rule.defaultRegion && kind === DEFAULT_MOVIE_RELEASE_KIND);
  let typed: string | null = null;
  if (asksTyped) {
    const types = rule.typesOfKind[kind];
    for (const d of dates) {
      if (d.country === region && types.includes(d.type) && (typed === null || d.date < typed))
        typed = d.date;
    }
  }
  // Else the title's own date when it is a day: a month or a year never fires.
  return typed ?? (title.releaseDatePrecision === 'day' ? title.releaseDate : null);
}
