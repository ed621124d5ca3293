/**
 * The sitemap and robots.txt.
 * The module's public surface: other code imports only this file.
 */
export { createSitemapRepository } from './repository';
export { sitemapRoutes } from './routes';
export { createSitemapService } from './sitemap-service';
