import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_TYPES, type MediaType } from '@releasebell/contract';
import { z } from 'zod';
import { addDays, addMonthsStart, addYearsStart, todayIso } from '../../lib/dates';
import { slugify } from '../../lib/text';
import type { Credit, MetadataProvider, NormalisedItem } from '../types';

const releaseSchema = z.union([
  z.strictObject({ offsetDays: z.number().int() }),
  z.strictObject({ offsetMonths: z.number().int(), precision: z.literal('month') }),
  z.strictObject({ offsetYears: z.number().int(), precision: z.literal('year') }),
  z.null(),
]);

const rawSchema = z.object({
  key: z.string().regex(/^(bk|mv|tv)-\d{3}$/),
  title: z.string().min(1),
  description: z.string(),
  release: releaseSchema,
  language: z.string().length(2),
  genres: z.array(z.string()),
  popularity: z.number().min(0).max(100),
  hype: z.number().min(0).max(100).nullable(),
  poster: z.boolean(),
  author: z.string().optional(),
  series: z.string().nullable().optional(),
  seriesNumber: z.number().int().nullable().optional(),
  isbn13: z.string().optional(),
  director: z.string().optional(),
  show: z.string().optional(),
  seasonNumber: z.number().int().optional(),
  network: z.string().optional(),
  creator: z.string().optional(),
});
export type DemoRecord = z.infer<typeof rawSchema> & { mediaType: MediaType };

const catalogDir = path.join(import.meta.dirname, 'catalog');

export async function loadDemoRecords(mediaType: MediaType): Promise<DemoRecord[]> {
  const text = await readFile(path.join(catalogDir, `${mediaType}.json`), 'utf8');
  const records = z.array(rawSchema).parse(JSON.parse(text));
  return records.map((r) => ({ ...r, mediaType }));
}

function demoPosterPath(mediaType: MediaType, key: string): string {
  return `/demo-posters/${mediaType}/${key}.svg`;
}

/** Turns a relative release into a date as of `today`. */
export function resolveRelease(
  release: DemoRecord['release'],
  today: string,
): Pick<NormalisedItem, 'releaseDate' | 'releaseDatePrecision'> {
  if (release === null) return { releaseDate: null, releaseDatePrecision: null };
  if ('offsetDays' in release)
    return { releaseDate: addDays(today, release.offsetDays), releaseDatePrecision: 'day' };
  if ('offsetMonths' in release) {
    return { releaseDate: addMonthsStart(today, release.offsetMonths), releaseDatePrecision: 'month' };
  }
  return { releaseDate: addYearsStart(today, release.offsetYears), releaseDatePrecision: 'year' };
}

/** The bundled demo catalog, read through the same pipeline as the real metadata providers. */
export function createDemoProvider(options: { today?: string } = {}): MetadataProvider<DemoRecord> {
  const today = options.today ?? todayIso();
  return {
    name: 'demo',
    async *fetch() {
      for (const mediaType of MEDIA_TYPES) yield await loadDemoRecords(mediaType);
    },
    normalise(raw) {
      const base = {
        providerId: `demo:${raw.mediaType}:${raw.key}`,
        mediaType: raw.mediaType,
        description: raw.description,
        image: raw.poster ? demoPosterPath(raw.mediaType, raw.key) : null,
        language: raw.language,
        genres: raw.genres,
        hypeMeterPercentage: raw.hype,
        popularity: raw.popularity,
        ...resolveRelease(raw.release, today),
      };
      const none = { author: null, director: null, networkName: null, series: null, seriesNumber: null };
      switch (raw.mediaType) {
        case 'books':
          return {
            ...base,
            ...none,
            title: raw.title,
            author: raw.author ?? null,
            series: raw.series ?? null,
            seriesNumber: raw.seriesNumber ?? null,
            creator: raw.author ?? null,
            creatorLabel: 'Author',
            credits: demoCredits([['author', 'author', raw.author]]),
            identifiers: raw.isbn13 ? [{ scheme: 'isbn13', value: raw.isbn13 }] : [],
          };
        case 'movies':
          return {
            ...base,
            ...none,
            title: raw.title,
            director: raw.director ?? null,
            creator: raw.director ?? null,
            creatorLabel: 'Director',
            credits: demoCredits([['person', 'directing', raw.director]]),
          };
        case 'tv_seasons':
          return {
            ...base,
            ...none,
            title: raw.title,
            networkName: raw.network ?? null,
            series: raw.show ?? null,
            seriesNumber: raw.seasonNumber ?? null,
            creator: raw.creator ?? null,
            creatorLabel: 'Creator',
            credits: demoCredits([
              ['series', 'series', raw.show],
              ['person', 'creating', raw.creator],
            ]),
          };
      }
    },
  };
}

/** Demo refs (`demo:person:dana-okafor`) so following works on the embedded default. */
function demoCredits(
  named: [kind: 'author' | 'person' | 'series', Credit['role'], string | undefined][],
): Credit[] {
  return named.flatMap(([kind, role, name]) =>
    name ? [{ ref: `demo:${kind}:${slugify(name)}`, role, name }] : [],
  );
}
