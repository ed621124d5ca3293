/**
 * Posters: the image proxy and the demo posters.
 * The module's public surface: other code imports only this file.
 */
export { createImageProxy, type ImageProvider, type ImageProxy, matchesIfNoneMatch } from './image-proxy';
export { imageProxyRoutes } from './proxy-routes';
export { createDemoPosters, type DemoPosters, demoPosterRoutes } from './routes';
