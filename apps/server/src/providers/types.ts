import type { CreditRole, Locale, MediaType, ReleaseDatePrecision } from '@releasebell/contract';

/** One catalog item in our own shape, whatever source it came from. */
export interface NormalisedItem {
  providerId: string;
  mediaType: MediaType;
  title: string;
  description: string;
  image: string | null;
  author: string | null;
  director: string | null;
  networkName: string | null;
  series: string | null;
  seriesNumber: number | null;
  creator: string | null;
  creatorLabel: string | null;
  /** `YYYY-MM-DD`, the first day of the known period. */
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
  language: string;
  genres: string[];
  hypeMeterPercentage: number | null;
  popularity: number;
  /**
   * Typed regional dates (movies from TMDB), replacing the stored ones; absent leaves them as they are.
   * `releaseDate` stays the date shown by default (the provider's region's theatrical date).
   */
  releaseDates?: { country: string; type: number; date: string }[];
  /**
   * The refs this title belongs to (ADR 014), replacing the stored ones; absent leaves them as they are.
   * A ref may hold several roles on one title (a director who wrote it).
   */
  credits?: Credit[];
  /**
   * How other services name this title (an import's ISBNs and IMDb ids), replacing the stored ones;
   * absent leaves them as they are.
   */
  identifiers?: Identifier[];
  /**
   * The title and description in other locales, where the provider has them, replacing the stored
   * ones; absent leaves them as they are.
   */
  translations?: TitleTranslation[];
}

/** A title's name (and description, null: the original's) in a reader's locale. */
export interface TitleTranslation {
  locale: Locale;
  title: string;
  description: string | null;
}

/** A book edition's ISBN-13, or a movie's or series' IMDb id (`tt0133093`). */
export interface Identifier {
  scheme: 'isbn13' | 'imdb';
  value: string;
}

/** A title's tie to a followable ref, e.g. `{ ref: 'tmdb:person:525', role: 'directing', name: 'Christopher Nolan' }`. */
export interface Credit {
  ref: string;
  role: CreditRole;
  name: string;
}

/**
 * A metadata source. It yields its own raw payloads in batches and knows how to turn one into a
 * NormalisedItem; the ingestion pipeline does the rest (slugs, search text, upsert).
 */
export interface MetadataProvider<Raw> {
  readonly name: string;
  fetch(): AsyncIterable<Raw[]>;
  normalise(raw: Raw): NormalisedItem;
}
