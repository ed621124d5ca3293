/**
 * Health, readiness, metrics and configuration.
 * The module's public surface: other code imports only this file.
 */
export { systemRoutes } from './routes';
