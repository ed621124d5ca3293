import fp from 'fastify-plugin';
import { createSitemapRepository } from './repository';
import { sitemapRoutes } from './routes';
import { createSitemapService } from './sitemap-service';

export interface SitemapModuleOptions {
  /** Addresses per sitemap file (tests); otherwise the sitemap protocol's 50,000. */
  pageSize?: number | undefined;
}

/** The sitemap and robots.txt. */
export default fp<SitemapModuleOptions>(
  async (app, options) => {
    const sitemap = createSitemapService({
      repo: createSitemapRepository(app.database.db),
      publicUrl: app.config.publicUrl,
      ...(options.pageSize ? { pageSize: options.pageSize } : {}),
    });
    await app.register(sitemapRoutes, { sitemap });
  },
  { name: 'sitemap', dependencies: ['http'] },
);
