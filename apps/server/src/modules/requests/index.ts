/**
 * Requests for missing titles and their resolution.
 * The module's public surface: other code imports only this file.
 */
export { createRequestsRepository } from './repository';
export { createRequestResolver, type RequestResolver } from './resolver';
export { requestRoutes } from './routes';
export { createRequestsService } from './service';
