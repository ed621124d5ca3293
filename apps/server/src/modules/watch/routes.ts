import {
  errorResponseSchema,
  memberServicesBodySchema,
  memberServicesSchema,
  ROUTES,
  watchProviderListSchema,
  watchProvidersQuerySchema,
} from '@releasebell/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keepAnswersPrivate, MEMBER_ERRORS } from '../../plugins/member-routes';
import { signedInId } from '../../plugins/session';
import type { WatchService } from './service';

const tags = ['watch'];

/** A country's streaming services (public, the same for everyone). */
export const watchProviderRoutes: FastifyPluginAsyncZod<{ watch: WatchService }> = async (app, { watch }) => {
  app.route({
    method: ROUTES.listWatchProviders.method,
    url: ROUTES.listWatchProviders.path,
    schema: {
      tags,
      operationId: 'listWatchProviders',
      summary:
        "A country's streaming services in TMDB's display order there (kept a day), with the kinds of offer seen from each; 400 naming `region` for a country TMDB lists none for. Empty without TMDB",
      querystring: watchProvidersQuerySchema,
      response: { 200: watchProviderListSchema, 400: errorResponseSchema },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return watch.providerList(req.query.region);
    },
  });
};

/** The services the signed-in member pays for. */
export const serviceRoutes: FastifyPluginAsyncZod<{ watch: WatchService }> = async (app, { watch }) => {
  keepAnswersPrivate(app);

  app.route({
    method: ROUTES.getServices.method,
    url: ROUTES.getServices.path,
    schema: {
      tags,
      operationId: 'getServices',
      summary:
        "The member's streaming services and their country (their profile's region and none until they choose)",
      response: { 200: memberServicesSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => watch.services(await signedInId(req)),
  });

  app.route({
    method: ROUTES.updateServices.method,
    url: ROUTES.updateServices.path,
    schema: {
      tags,
      operationId: 'updateServices',
      summary:
        "Sets the member's streaming services (`region` defaults to the profile's); 400 naming `provider_ids` for a service the country does not list. Offers already there are not news: only what arrives later is told",
      body: memberServicesBodySchema,
      response: { 200: memberServicesSchema, ...MEMBER_ERRORS },
    },
    handler: async (req) => watch.saveServices(await signedInId(req), req.body),
  });
};
