import type { CreditRole } from '@releasebell/contract';
import type { ProviderClient } from '../http/provider-client';
import { type CombinedCredits, combinedCreditsSchema, personDetailsSchema } from './schemas';

export function fetchPerson(client: ProviderClient, id: number) {
  return client.get(`/person/${id}`, personDetailsSchema);
}

export function fetchPersonCredits(client: ProviderClient, id: number) {
  return client.get(`/person/${id}/combined_credits`, combinedCreditsSchema);
}

/** The role a person's credit gives them on a title, as follows name them (none for the others). */
export function creditRole(credit: {
  department?: string | null | undefined;
  job?: string | null | undefined;
}): CreditRole | null {
  if (credit.job === 'Director') return 'directing';
  if (credit.department === 'Writing') return 'writing';
  if (credit.department === 'Creating' || credit.job === 'Creator') return 'creating';
  return null;
}

/**
 * The titles of a person worth fetching for a follow in `roles`: movies not out on `today` (or with
 * no date), and series they created or act in (a season's date is only known from the series).
 */
export function personTitles(
  credits: CombinedCredits,
  roles: readonly CreditRole[],
  today: string,
): { movies: number[]; series: number[] } {
  const movies = new Set<number>();
  const series = new Set<number>();
  const credited = [
    ...credits.crew.map((c) => ({ ...c, role: creditRole(c) })),
    ...credits.cast.map((c) => ({ ...c, role: 'acting' as const })),
  ];
  for (const c of credited) {
    if (!c.role || !roles.includes(c.role)) continue;
    if (c.media_type === 'movie' && (!c.release_date || c.release_date >= today)) movies.add(c.id);
    // Seasons carry their series' creators and cast, not who directed or wrote an episode.
    if (c.media_type === 'tv' && (c.role === 'creating' || c.role === 'acting')) series.add(c.id);
  }
  return { movies: [...movies], series: [...series] };
}
