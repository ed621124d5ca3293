import { z } from 'zod';
import { MAX_SERVICES, OFFER_TYPES } from './offers';
import { regionSchema } from './text';
import { schemaText as say, VALIDATION_MESSAGES as V } from './validation';

export const offerTypeSchema = z.enum(OFFER_TYPES);

/** A streaming service as a title's offers and a member's services name it. */
export const watchProviderRefSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** Through the image proxy (`/proxy-image/tmdb/w92/...`), or null. */
    logo: z.string().nullable(),
  })
  .meta({ id: 'WatchProviderRef' });
export type WatchProviderRef = z.infer<typeof watchProviderRefSchema>;

/** GET /api/watch-providers?region=: one service of a country's list. */
export const watchProviderSchema = watchProviderRefSchema
  .extend({
    /** The kinds of offer the catalog has seen from it in that country (empty until it has seen one). */
    kinds: z.array(offerTypeSchema),
  })
  .meta({ id: 'WatchProvider' });
export type WatchProvider = z.infer<typeof watchProviderSchema>;

export const watchProviderListSchema = z
  .object({ region: z.string(), providers: z.array(watchProviderSchema) })
  .meta({
    id: 'WatchProviderList',
    description: "A country's streaming services, in TMDB's display order for it.",
  });
export type WatchProviderList = z.infer<typeof watchProviderListSchema>;

export const watchProvidersQuerySchema = z.object({
  region: regionSchema.meta({ description: 'ISO 3166-1 alpha-2 country (either case), e.g. GB.' }),
});

const providerIdsSchema = z
  .array(z.number({ error: () => say(V.providerIds) }).int({ error: say(V.wholeNumbers) }))
  .max(MAX_SERVICES, { error: say(V.maxServices, { max: MAX_SERVICES }) });

/** GET/PUT /api/services: the services a member pays for, in one country. */
export const memberServicesSchema = z
  .object({
    region: z.string(),
    provider_ids: z.array(z.number().int()),
    include_rent_buy: z.boolean(),
  })
  .meta({ id: 'MemberServices' });
export type MemberServices = z.infer<typeof memberServicesSchema>;

export const memberServicesBodySchema = z
  .strictObject({
    /** Absent: the profile's region (else the server's default region). */
    region: regionSchema.optional(),
    provider_ids: providerIdsSchema,
    include_rent_buy: z.boolean({ error: () => say(V.boolean) }).optional(),
  })
  .meta({ id: 'MemberServicesUpdate' });
export type MemberServicesBody = z.input<typeof memberServicesBodySchema>;

/** One way to watch a title in a country. */
export const watchOfferSchema = z
  .object({
    provider: watchProviderRefSchema,
    type: offerTypeSchema,
    /** One of the signed-in member's services in their country (always false for a visitor). */
    on_my_services: z.boolean(),
  })
  .meta({ id: 'WatchOffer' });
export type WatchOffer = z.infer<typeof watchOfferSchema>;

/** A title's offers in one country, as the catalog last saw them. */
export const titleWatchSchema = z
  .object({
    region: z.string(),
    /** TMDB's page of where to watch it in that country (which links on to each service). */
    link: z.string(),
    updated_at: z.string(),
    /** By group (OFFER_GROUPS: Stream, Free, Rent, Buy), the member's services first in each, else TMDB's order. */
    offers: z.array(watchOfferSchema),
  })
  .meta({
    id: 'TitleWatch',
    description:
      "Where to watch a movie or TV season in `region`: the visitor's (Accept-Language, else TMDB_REGION) or the member's own, unless `?region=` names one. Null when the catalog has not looked yet (and always for books).",
  });
export type TitleWatch = z.infer<typeof titleWatchSchema>;
