import type { MediaType } from '@releasebell/contract';
import { normaliseForSearch } from '../../lib/text';
import type { NormalisedItem } from '../../providers/types';

export interface RequestToMatch {
  mediaType: MediaType;
  title: string;
  extraInfo: string;
}

const YEAR = /\b(18|19|20|21)\d{2}\b/g;
const SEASON = /\bseason\s*(\d{1,3})\b/i;

/** Names worth comparing: a creator's name parts of three letters or more ("le" and "de" say nothing). */
const nameParts = (name: string | null) =>
  normaliseForSearch(name ?? '')
    .split(' ')
    .filter((w) => w.length >= 3);

/**
 * The one title a content request asks for among a provider search's results, or null when the
 * answer is not certain. Confident means: the same media type and the same title (for TV, the series'
 * name or a season's full title); a year in the title or the extra info must be the release year; a
 * season number picks that season (else the newest); a creator named in the extra info (author,
 * director, creator) picks among titles that share a name. Two different titles left: not certain.
 */
export function confidentMatch(request: RequestToMatch, candidates: NormalisedItem[]): NormalisedItem | null {
  const text = `${request.title} ${request.extraInfo}`;
  const years = [...text.matchAll(YEAR)].map((m) => m[0]);
  const season = SEASON.exec(text)?.[1];
  // The title as asked, without a year in brackets or a season named in it.
  const wanted = normaliseForSearch(
    request.title
      .replace(/\(\s*\d{4}\s*\)/g, ' ')
      .replace(YEAR, ' ')
      .replace(SEASON, ' '),
  );
  if (!wanted) return null;

  let found = candidates.filter((c) => {
    if (c.mediaType !== request.mediaType) return false;
    const names = [c.title, ...(c.mediaType === 'tv_seasons' && c.series ? [c.series] : [])];
    return names.some((n) => normaliseForSearch(n) === wanted);
  });
  if (years.length > 0)
    found = found.filter((c) => c.releaseDate !== null && years.includes(c.releaseDate.slice(0, 4)));
  if (season) found = found.filter((c) => c.mediaType !== 'tv_seasons' || String(c.seriesNumber) === season);

  const extra = new Set(nameParts(request.extraInfo));
  const byCreator = found.filter((c) =>
    [c.creator, c.director, c.author].some((name) => nameParts(name).some((part) => extra.has(part))),
  );
  if (byCreator.length > 0) found = byCreator;

  // A series asked for by name: its newest season is the one to track.
  if (found.length > 1 && found.every((c) => c.mediaType === 'tv_seasons' && c.series === found[0]?.series)) {
    return found.reduce((a, b) => ((b.seriesNumber ?? 0) > (a.seriesNumber ?? 0) ? b : a));
  }
  const distinct = new Map(found.map((c) => [c.providerId, c]));
  return distinct.size === 1 ? ([...distinct.values()][0] ?? null) : null;
}
