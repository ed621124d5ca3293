/**
 * The web app's pages as the server sends them: rendered, cached and budgeted.
 * The module's public surface: other code imports only this file.
 */
export { createIndexHtml } from './index-html';
export { loadPageRenderer } from './page-renderer';
export { createPageSender } from './page-sender';
export { createPageService } from './page-service';
export { createRenderBudget } from './render-budget';
