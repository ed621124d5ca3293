import { isMediaType, MEDIA_TYPES, type MediaType, type ReleaseDatePrecision } from '@releasebell/contract';
import type { MediaItemRow } from '../../db/schema';
import type { NormalisedItem } from '../../providers/types';
import { upsertItems } from './ingestion';
import { type CatalogRepository, OPERATOR, type ReleaseChange } from './repository';

export class DateCorrectionError extends Error {}

export interface ReleaseDateSpec {
  releaseDate: string | null;
  releaseDatePrecision: ReleaseDatePrecision | null;
}

/** `2027-03-14` (day), `2027-03` (month), `2027` (year) or `tbd` (no date). */
export function parseDateSpec(spec: string): ReleaseDateSpec {
  const value = spec.trim().toLowerCase();
  if (value === 'tbd') return { releaseDate: null, releaseDatePrecision: null };
  if (/^\d{4}$/.test(value)) return { releaseDate: `${value}-01-01`, releaseDatePrecision: 'year' };
  if (/^\d{4}-(0[1-9]|1[0-2])$/.test(value))
    return { releaseDate: `${value}-01`, releaseDatePrecision: 'month' };
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    if (!Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value) {
      return { releaseDate: value, releaseDatePrecision: 'day' };
    }
  }
  throw new DateCorrectionError(
    `"${spec}" is not a release date: use YYYY-MM-DD (a day), YYYY-MM (a month), YYYY (a year) or tbd.`,
  );
}

/** `movies/some-slug` → the title's type and slug. */
export function parseItemRef(ref: string): { mediaType: MediaType; slug: string } {
  const [type, ...rest] = ref.replace(/^\/?(media\/)?/, '').split('/');
  const slug = rest.join('/');
  if (!isMediaType(type) || !slug) {
    throw new DateCorrectionError(
      `"${ref}" does not name a title: use {type}/{slug}, e.g. movies/dune-part-three (types: ${MEDIA_TYPES.join(', ')}).`,
    );
  }
  return { mediaType: type, slug };
}

/** A stored title as the pipeline's input, so a correction goes the way every provider update goes. */
function toNormalised(row: MediaItemRow): NormalisedItem {
  return {
    providerId: row.providerId,
    mediaType: row.mediaType,
    title: row.title,
    description: row.description,
    image: row.image,
    author: row.author,
    director: row.director,
    networkName: row.networkName,
    series: row.series,
    seriesNumber: row.seriesNumber,
    creator: row.creator,
    creatorLabel: row.creatorLabel,
    releaseDate: row.releaseDate,
    releaseDatePrecision: row.releaseDatePrecision,
    language: row.language,
    genres: row.genres,
    hypeMeterPercentage: row.hypeMeterPercentage,
    popularity: row.popularity,
  };
}

/**
 * An operator's correction of one title's date (`npm run catalog:set-date`), through the ingestion
 * pipeline: the change writes its release event, and members tracking the title hear about it.
 */
export async function correctReleaseDate(
  repo: CatalogRepository,
  ref: { mediaType: MediaType; slug: string },
  date: ReleaseDateSpec,
  at: Date,
): Promise<{ before: ReleaseDateSpec; change: ReleaseChange | null; title: string }> {
  const row = await repo.findBySlug(ref.mediaType, ref.slug);
  if (!row) throw new DateCorrectionError(`No title at ${ref.mediaType}/${ref.slug}.`);
  const { changes } = await upsertItems(repo, [{ ...toNormalised(row), ...date }], {
    source: OPERATOR,
    at,
  });
  return {
    title: row.title,
    before: { releaseDate: row.releaseDate, releaseDatePrecision: row.releaseDatePrecision },
    change: changes[0] ?? null,
  };
}
