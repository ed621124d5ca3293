import { OFFER_TYPES, type OfferType } from '@releasebell/contract';
import { z } from 'zod';
import type { ProviderClient } from '../http/provider-client';

// TMDB's where-to-watch data (from JustWatch): which services offer a title in each country, and the
// services and countries it knows (developer.themoviedb.org/reference/movie-watch-providers).

const providerSchema = z.object({
  provider_id: z.number().int(),
  provider_name: z.string(),
  logo_path: z.string().nullish(),
  display_priority: z.number().nullish(),
});

const countryOffersSchema = z.object({
  link: z.string().nullish(),
  flatrate: z.array(providerSchema).optional(),
  free: z.array(providerSchema).optional(),
  ads: z.array(providerSchema).optional(),
  rent: z.array(providerSchema).optional(),
  buy: z.array(providerSchema).optional(),
});

/** /movie/{id}/watch/providers, /tv/{id}/season/{n}/watch/providers: every country in one answer. */
export const titleProvidersSchema = z.object({
  id: z.number().int().optional(),
  results: z.record(z.string(), countryOffersSchema),
});

/** /watch/providers/movie|tv?watch_region=: a country's services, in its display order. */
export const providerListSchema = z.object({
  results: z.array(providerSchema.extend({ display_priorities: z.record(z.string(), z.number()).nullish() })),
});

/** /watch/providers/regions: the countries TMDB lists offers for. */
export const watchRegionsSchema = z.object({
  results: z.array(z.object({ iso_3166_1: z.string(), english_name: z.string().nullish() })),
});

/** A service as the catalog keeps it. */
export interface ProviderInfo {
  id: number;
  name: string;
  logoPath: string | null;
}

/** One title's offers in one country, by type then TMDB's order. */
export interface CountryOffers {
  link: string | null;
  offers: { provider: ProviderInfo; type: OfferType }[];
}

/** Which title to ask about: a movie, or a season of a series. */
export type WatchTarget = { movie: number } | { series: number; season: number };

/** The target a catalog title's provider id names (`tmdb:movie:1`, `tmdb:tv:2:3`), or null. */
export function watchTarget(providerId: string): WatchTarget | null {
  const movie = /^tmdb:movie:(\d+)$/.exec(providerId);
  if (movie) return { movie: Number(movie[1]) };
  const season = /^tmdb:tv:(\d+):(\d+)$/.exec(providerId);
  return season ? { series: Number(season[1]), season: Number(season[2]) } : null;
}

/** A title's offers in every country TMDB lists it in (one request). */
export async function fetchTitleOffers(
  client: ProviderClient,
  target: WatchTarget,
): Promise<Map<string, CountryOffers>> {
  const path =
    'movie' in target
      ? `/movie/${target.movie}/watch/providers`
      : `/tv/${target.series}/season/${target.season}/watch/providers`;
  const answer = await client.get(path, titleProvidersSchema, {});
  const byCountry = new Map<string, CountryOffers>();
  for (const [country, entry] of Object.entries(answer.results)) {
    if (!/^[A-Z]{2}$/.test(country)) continue;
    const offers = OFFER_TYPES.flatMap((type) =>
      [...(entry[type] ?? [])]
        .sort((a, b) => (a.display_priority ?? 999) - (b.display_priority ?? 999))
        .map((p) => ({ provider: toInfo(p), type })),
    );
    byCountry.set(country, { link: entry.link ?? null, offers });
  }
  return byCountry;
}

/** A country's services for movies and TV together, in TMDB's display order there. */
export async function fetchProviderList(client: ProviderClient, region: string): Promise<ProviderInfo[]> {
  const lists = await Promise.all(
    (['movie', 'tv'] as const).map((kind) =>
      client.get(`/watch/providers/${kind}`, providerListSchema, { watch_region: region }),
    ),
  );
  const byId = new Map<number, { info: ProviderInfo; priority: number }>();
  for (const p of lists.flatMap((l) => l.results)) {
    const priority = p.display_priorities?.[region] ?? p.display_priority ?? 999;
    const known = byId.get(p.provider_id);
    if (!known || priority < known.priority) byId.set(p.provider_id, { info: toInfo(p), priority });
  }
  return [...byId.values()].sort((a, b) => a.priority - b.priority).map((p) => p.info);
}

/** The countries TMDB lists offers for. */
export async function fetchWatchRegions(client: ProviderClient): Promise<string[]> {
  const answer = await client.get('/watch/providers/regions', watchRegionsSchema, {});
  return answer.results.map((r) => r.iso_3166_1.toUpperCase());
}

function toInfo(p: z.infer<typeof providerSchema>): ProviderInfo {
  return { id: p.provider_id, name: p.provider_name, logoPath: p.logo_path ?? null };
}

/** TMDB's page of where to watch a title in a country, when its answer gave none. */
export function watchPageUrl(target: WatchTarget, country: string): string {
  const path = 'movie' in target ? `movie/${target.movie}` : `tv/${target.series}/season/${target.season}`;
  return `https://www.themoviedb.org/${path}/watch?locale=${country}`;
}

/** A service's logo through the image proxy (the page's CSP allows only its own origin for images). */
export function tmdbLogoUrl(logoPath: string | null): string | null {
  return logoPath ? `/proxy-image/tmdb/w92${logoPath}` : null;
}
