import { z } from 'zod';

/** Settings the browser needs; nothing secret goes here. */
export const publicConfigSchema = z
  .object({
    productName: z.string(),
    amazonAffiliateTag: z.string().nullable(),
    contactEmail: z.string(),
    /** Whether "Continue with Google" can be offered. */
    googleSignIn: z.boolean(),
    /**
     * The image hosts behind `/proxy-image/{provider}/...`: an image under one of these bases is
     * fetched through the proxy (same-origin, so the share image can draw it).
     */
    imageProxies: z.object({ tmdb: z.string(), isbndb: z.string() }),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
