import { z } from 'zod';

/** Settings the browser needs; nothing secret goes here. */
export const publicConfigSchema = z
  .object({
    productName: z.string(),
    amazonAffiliateTag: z.string().nullable(),
    contactEmail: z.string(),
    /** Whether "Continue with Google" can be offered. */
    googleSignIn: z.boolean(),
    /** Whether TMDB is a metadata source, so its logo and notice must show (TMDB's terms of use). */
    tmdbAttribution: z.boolean(),
    /** Whether TMDB or ISBNdb is configured, so a search with few matches asks them too. */
    liveSearch: z.boolean(),
    /**
     * The image hosts behind `/proxy-image/{provider}/...`: an image under one of these bases is
     * fetched through the proxy (same-origin, so the share image can draw it).
     */
    imageProxies: z.object({ tmdb: z.string(), isbndb: z.string() }),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
/** /readyz: the database answers; `catalog` is `filling` while a first start reads the providers' lists. */
export const readinessSchema = z
  .object({
    status: z.literal('ok'),
    catalog: z.enum(['filling', 'ready']),
  })
  .meta({ id: 'Readiness' });
