import { MOVIE_RELEASE_KINDS, type MovieReleaseKind } from '@releasebell/contract';
import { RELEASE_TYPES_OF_KIND } from '../../providers/tmdb/release-dates';

interface TypedDate {
  itemId: string;
  country: string;
  type: number;
  date: string;
}

export interface TypedDateMove {
  itemId: string;
  country: string;
  kind: MovieReleaseKind;
  oldDate: string;
  newDate: string | null;
}

/** Each title's earliest date of each kind of release in each country, keyed `item/country/kind`. */
function earliestByKind(dates: readonly TypedDate[]): Map<string, string> {
  const earliest = new Map<string, string>();
  for (const d of dates) {
    for (const kind of MOVIE_RELEASE_KINDS) {
      if (!RELEASE_TYPES_OF_KIND[kind].includes(d.type)) continue;
      const key = `${d.itemId}/${d.country}/${kind}`;
      const known = earliest.get(key);
      if (!known || d.date < known) earliest.set(key, d.date);
    }
  }
  return earliest;
}

/**
 * The kinds of release whose date moved (or went away) when a title's typed dates were replaced:
 * what a calendar event of that kind must announce with a higher SEQUENCE. A date appearing where
 * there was none is not a move: the event is new.
 */
export function typedDateMoves(before: readonly TypedDate[], after: readonly TypedDate[]): TypedDateMove[] {
  const was = earliestByKind(before);
  const now = earliestByKind(after);
  const moves: TypedDateMove[] = [];
  for (const [key, oldDate] of was) {
    const newDate = now.get(key) ?? null;
    if (newDate === oldDate) continue;
    const [itemId, country, kind] = key.split('/') as [string, string, MovieReleaseKind];
    moves.push({ itemId, country, kind, oldDate, newDate });
  }
  return moves;
}
