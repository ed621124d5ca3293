import path from 'node:path';
import fp from 'fastify-plugin';
import { createImageProxy, type ImageProxy } from './image-proxy';
import { imageProxyRoutes } from './proxy-routes';
import { createDemoPosters, type DemoPosters, demoPosterRoutes } from './routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Posters: the providers' through the proxy, the demo catalog's drawn here (share cards use both). */
    images: { proxy: ImageProxy; demoPosters: DemoPosters };
  }
}

/** The image proxy and the demo catalog's posters. */
export default fp(
  async (app) => {
    const { config } = app;
    const demoPosters = createDemoPosters();
    const proxy = createImageProxy({
      ...config.imageProxy,
      cacheDir: path.join(config.dataDir, 'image-cache'),
    });
    app.decorate('images', { proxy, demoPosters });
    await app.register(demoPosterRoutes, { posters: demoPosters });
    await app.register(imageProxyRoutes, { proxy });
  },
  { name: 'images', dependencies: ['http'] },
);
