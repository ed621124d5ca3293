/**
 * Link preview cards (og:image) and the title lookup link previews share.
 * The module's public surface: other code imports only this file.
 */
export { type CardService, createCardService } from './card-service';
export { createCardRenderer, OG_HEIGHT, OG_WIDTH } from './og-card';
export { shareCardRoutes } from './routes';
export { createTitlePreviews, type FindTitlePreview, releaseText, type TitlePreview } from './titles';
