import path from 'node:path';
import fp from 'fastify-plugin';
import { type CardService, createCardService } from './card-service';
import { createCardRenderer } from './og-card';
import { shareCardRoutes } from './routes';
import { createTitlePreviews, type FindTitlePreview } from './titles';

declare module 'fastify' {
  interface FastifyInstance {
    /** A title's link-preview card and what a page's head tags say of it. */
    shareCards: { cards: CardService; findTitle: FindTitlePreview };
  }
}

/** Link previews: a title's card image (og:image). */
export default fp(
  async (app) => {
    const { config } = app;
    const findTitle = createTitlePreviews(app.database.db);
    const cards = createCardService({
      findTitle,
      renderer: createCardRenderer({ fontDir: path.join(config.dataDir, 'fonts') }),
      proxy: app.images.proxy,
      demoPosters: app.images.demoPosters,
      publicUrl: config.publicUrl,
    });
    app.decorate('shareCards', { cards, findTitle });
    await app.register(shareCardRoutes, { cards });
  },
  { name: 'share-cards', dependencies: ['images'] },
);
