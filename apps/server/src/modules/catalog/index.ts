/**
 * The catalog of titles: its reads, ingestion, the demo catalog and date corrections.
 * The module's public surface: other code imports only this file.
 */
export {
  correctReleaseDate,
  DateCorrectionError,
  parseDateSpec,
  parseItemRef,
  type ReleaseDateSpec,
} from './date-correction';
export { retireDemoCatalog, seedDemoCatalog } from './demo-seed';
export { type IngestResult, ingest, upsertItems } from './ingestion';
export {
  MEDIA_ITEM_COLUMNS,
  type MediaItemFields,
  SEARCH_ITEM_COLUMNS,
  type SearchItemFields,
  toMediaItem,
  toSearchItem,
} from './media-item';
export { type CatalogRepository, createCatalogRepository, stillToCome } from './repository';
export { catalogRoutes } from './routes';
export { type CatalogService, createCatalogService } from './service';
