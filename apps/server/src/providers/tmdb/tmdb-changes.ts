import { toIsoDate } from '../../lib/dates';
import type { ProviderClient } from '../http/provider-client';
import { changesSchema } from './schemas';

/** TMDB keeps change lists for 14 days: a longer gap cannot be read from them. */
export const CHANGE_FEED_MAX_DAYS = 14;

/**
 * Ids of the movies, series or people TMDB lists as changed between two instants (whole UTC days, so the
 * window overlaps the previous one a little: reading a change twice is harmless, missing one is not).
 */
export async function changedIds(
  client: ProviderClient,
  kind: 'movie' | 'tv' | 'person',
  from: Date,
  to: Date,
): Promise<number[]> {
  const ids = new Set<number>();
  const query = { start_date: toIsoDate(from), end_date: toIsoDate(to) };
  for (let page = 1; ; page++) {
    const answer = await client.get(`/${kind}/changes`, changesSchema, { ...query, page });
    for (const change of answer.results) ids.add(change.id);
    if (page >= answer.total_pages) break;
  }
  return [...ids];
}
