import {
  FOLLOW_OFFERED_ROLES,
  type FollowOption,
  followKindOf,
  type Locale,
  type MediaType,
} from '@releasebell/contract';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  itemCredits,
  itemIdentifiers,
  type MediaItemRow,
  mediaItems,
  mediaReleaseDates,
  type NewMediaItemRow,
  type ReleaseEventKind,
  releaseEvents,
  titleTranslations,
  titleWatch,
  typedDateChanges,
  type WatchResults,
  watchlistEntries,
  watchProviders,
} from '../../db/schema';
import { monthStart, yearStart } from '../../lib/dates';
import { normaliseForSearch } from '../../lib/text';
import type { Credit, Identifier, TitleTranslation } from '../../providers/types';
import { typedDateMoves } from './typed-date-moves';

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;

/** Trending weights (docs/ranking.md): popularity runs 0-100, so a few members visibly move an item. */
const TRACKER_WEIGHT = 4;
const RECENT_WEIGHT = 6;

/** Most popular first, spelled as the list indexes store it so Postgres reads them in order. */
const mostPopular = sql`${mediaItems.popularity} desc nulls last`;

export function createCatalogRepository(db: Database) {
  return {
    async findBySlug(mediaType: MediaType, slug: string): Promise<MediaItemRow | undefined> {
      const rows = await db
        .select()
        .from(mediaItems)
        .where(and(eq(mediaItems.mediaType, mediaType), eq(mediaItems.slug, slug)))
        .limit(1);
      return rows[0];
    },

    async findById(id: string): Promise<MediaItemRow | undefined> {
      const rows = await db.select().from(mediaItems).where(eq(mediaItems.id, id)).limit(1);
      return rows[0];
    },

    /** Provider popularity alone: the first `limit` items of a type. */
    mostPopular(mediaType: MediaType, limit: number): Promise<MediaItemRow[]> {
      return db
        .select()
        .from(mediaItems)
        .where(eq(mediaItems.mediaType, mediaType))
        .orderBy(mostPopular, asc(mediaItems.id))
        .limit(limit);
    },

    /**
     * Popularity blended with tracking (docs/ranking.md): popularity + TRACKER_WEIGHT x members
     * tracking it + RECENT_WEIGHT x those who added it since `since`. An item nobody tracks scores its
     * popularity, so the top `limit` come from the `limit` most popular plus the tracked items: only
     * those are scored, through the index and the partial index of tracked items.
     */
    async trending(mediaType: MediaType, since: Date, limit: number): Promise<MediaItemRow[]> {
      const top = await db
        .select({ id: mediaItems.id })
        .from(mediaItems)
        .where(eq(mediaItems.mediaType, mediaType))
        .orderBy(mostPopular, asc(mediaItems.id))
        .limit(limit);
      const recent = db
        .select({ itemId: watchlistEntries.itemId, members: sql<number>`count(*)`.as('members') })
        .from(watchlistEntries)
        .where(and(eq(watchlistEntries.mediaType, mediaType), gte(watchlistEntries.addedAt, since)))
        .groupBy(watchlistEntries.itemId)
        .as('recent');
      const score = sql`${mediaItems.popularity} + ${TRACKER_WEIGHT} * ${mediaItems.trackersCount} + ${RECENT_WEIGHT} * coalesce(${recent.members}, 0)`;
      const rows = await db
        .select({ item: mediaItems })
        .from(mediaItems)
        .leftJoin(recent, eq(recent.itemId, mediaItems.id))
        .where(
          and(
            eq(mediaItems.mediaType, mediaType),
            or(
              top.length > 0
                ? inArray(
                    mediaItems.id,
                    top.map((r) => r.id),
                  )
                : undefined,
              sql`${mediaItems.trackersCount} > 0`,
            ),
          ),
        )
        .orderBy(sql`${score} desc`, asc(mediaItems.id))
        .limit(limit);
      return rows.map((r) => r.item);
    },

    /**
     * Items still to come as of `today`, by date, then undated ones. Three index range reads rather than
     * one sort: dated from today on; month- or year-precision items whose period has begun but not
     * ended (few, from a partial index); then the undated ones.
     */
    async upcoming(mediaType: MediaType, today: string, limit: number): Promise<MediaItemRow[]> {
      const byDate = [asc(mediaItems.releaseDate), mostPopular, asc(mediaItems.id)] as const;
      const [fromToday, openPeriods] = await Promise.all([
        db
          .select()
          .from(mediaItems)
          .where(and(eq(mediaItems.mediaType, mediaType), gte(mediaItems.releaseDate, today)))
          .orderBy(...byDate)
          .limit(limit),
        db
          .select()
          .from(mediaItems)
          .where(
            and(
              eq(mediaItems.mediaType, mediaType),
              // Literal, not parameters, so the planner can match the partial index's predicate.
              sql`${mediaItems.releaseDatePrecision} in ('month', 'year')`,
              gte(mediaItems.releaseDate, yearStart(today)),
              lt(mediaItems.releaseDate, today),
              or(
                and(
                  eq(mediaItems.releaseDatePrecision, 'month'),
                  gte(mediaItems.releaseDate, monthStart(today)),
                ),
                eq(mediaItems.releaseDatePrecision, 'year'),
              ),
            ),
          )
          .orderBy(...byDate)
          .limit(limit),
      ]);
      const dated = [...openPeriods, ...fromToday].sort(compareByDate).slice(0, limit);
      if (dated.length >= limit) return dated;
      const undated = await db
        .select()
        .from(mediaItems)
        .where(and(eq(mediaItems.mediaType, mediaType), isNull(mediaItems.releaseDate)))
        .orderBy(mostPopular, asc(mediaItems.id))
        .limit(limit - dated.length);
      return [...dated, ...undated];
    },

    /** The most talked-about item still to come that has a poster; failing that, the most popular one. */
    async featured(mediaType: MediaType, today: string): Promise<MediaItemRow | undefined> {
      const [upcoming] = await db
        .select()
        .from(mediaItems)
        .where(
          and(
            eq(mediaItems.mediaType, mediaType),
            gte(mediaItems.releaseDate, today),
            isNotNull(mediaItems.image),
            ne(mediaItems.description, ''),
          ),
        )
        .orderBy(mostPopular, asc(mediaItems.id))
        .limit(1);
      if (upcoming) return upcoming;
      const [popular] = await this.mostPopular(mediaType, 1);
      return popular;
    },

    /** Same series first, then same creator, then the most genres in common; popularity breaks ties. */
    recommendations(item: MediaItemRow, limit: number): Promise<MediaItemRow[]> {
      const related = [
        item.series ? eq(mediaItems.series, item.series) : undefined,
        item.creator ? eq(mediaItems.creator, item.creator) : undefined,
        item.genres.length > 0 ? sql`${mediaItems.genres} && ${toTextArray(item.genres)}` : undefined,
      ].filter((c) => c !== undefined);
      if (related.length === 0) return Promise.resolve([]);
      const score = sql`(case when ${mediaItems.series} = ${item.series} then 100 else 0 end)
        + (case when ${mediaItems.creator} = ${item.creator} then 50 else 0 end)
        + cardinality(array(select unnest(${mediaItems.genres}) intersect select unnest(${toTextArray(item.genres)})))`;
      return db
        .select()
        .from(mediaItems)
        .where(and(eq(mediaItems.mediaType, item.mediaType), ne(mediaItems.id, item.id), or(...related)))
        .orderBy(desc(score), mostPopular, asc(mediaItems.id))
        .limit(limit);
    },

    async existingSlugs(mediaType: MediaType, candidates: string[]): Promise<Set<string>> {
      if (candidates.length === 0) return new Set();
      const rows = await db
        .select({ slug: mediaItems.slug })
        .from(mediaItems)
        .where(and(eq(mediaItems.mediaType, mediaType), inArray(mediaItems.slug, candidates)));
      return new Set(rows.map((r) => r.slug));
    },

    async existingByProviderId(providerIds: string[]): Promise<Map<string, string>> {
      if (providerIds.length === 0) return new Map();
      const rows = await db
        .select({ providerId: mediaItems.providerId, slug: mediaItems.slug })
        .from(mediaItems)
        .where(inArray(mediaItems.providerId, providerIds));
      return new Map(rows.map((r) => [r.providerId, r.slug]));
    },

    /**
     * Inserts new items and refreshes known ones (matched by provider id); the slug of a known item never
     * changes. A known item whose release date or precision changes gets a release event, in the same
     * transaction (a new item's date is news to nobody: nobody tracks it yet).
     */
    async upsert(
      rows: NewMediaItemRow[],
      change: ChangeSource,
      related: {
        regional?: ReadonlyMap<string, { country: string; type: number; date: string }[]>;
        credits?: ReadonlyMap<string, Credit[]>;
        identifiers?: ReadonlyMap<string, Identifier[]>;
        translations?: ReadonlyMap<string, TitleTranslation[]>;
      } = {},
    ): Promise<ReleaseChange[]> {
      const regional = related.regional ?? new Map();
      const credits = related.credits ?? new Map();
      const identifiers = related.identifiers ?? new Map();
      const translations = related.translations ?? new Map();
      if (rows.length === 0) return [];
      return db.transaction(async (tx) => {
        const before = await tx
          .select({
            id: mediaItems.id,
            providerId: mediaItems.providerId,
            releaseDate: mediaItems.releaseDate,
            releaseDatePrecision: mediaItems.releaseDatePrecision,
            releaseDateSource: mediaItems.releaseDateSource,
          })
          .from(mediaItems)
          .where(
            inArray(
              mediaItems.providerId,
              rows.map((r) => r.providerId),
            ),
          )
          .for('update');
        // An operator's correction stands until an operator changes it again: providers keep the rest.
        const byOperator = change.source === OPERATOR;
        const corrected = new Map(
          before.filter((b) => b.releaseDateSource === OPERATOR && !byOperator).map((b) => [b.providerId, b]),
        );
        const stored = rows.map((row): NewMediaItemRow => {
          const kept = corrected.get(row.providerId);
          return kept
            ? {
                ...row,
                releaseDate: kept.releaseDate,
                releaseDatePrecision: kept.releaseDatePrecision,
                releaseDateSource: OPERATOR,
              }
            : { ...row, releaseDateSource: byOperator ? OPERATOR : ('provider' as const) };
        });
        const written = await tx
          .insert(mediaItems)
          .values(stored)
          .onConflictDoUpdate({
            target: mediaItems.providerId,
            set: {
              title: sql`excluded.title`,
              image: sql`excluded.image`,
              description: sql`excluded.description`,
              author: sql`excluded.author`,
              director: sql`excluded.director`,
              networkName: sql`excluded.network_name`,
              series: sql`excluded.series`,
              seriesNumber: sql`excluded.series_number`,
              creator: sql`excluded.creator`,
              creatorLabel: sql`excluded.creator_label`,
              releaseDate: sql`excluded.release_date`,
              releaseDatePrecision: sql`excluded.release_date_precision`,
              releaseDateSource: sql`excluded.release_date_source`,
              language: sql`excluded.language`,
              genres: sql`excluded.genres`,
              hypeMeterPercentage: sql`excluded.hype_meter_percentage`,
              popularity: sql`excluded.popularity`,
              searchText: sql`excluded.search_text`,
              // Only what a visitor sees moves it (popularity changes at every sync): the sitemap's
              // lastmod and the link-preview card's address follow it.
              updatedAt: sql`case when (${mediaItems.title}, ${mediaItems.image}, ${mediaItems.description},
                ${mediaItems.creator}, ${mediaItems.networkName}, ${mediaItems.releaseDate},
                ${mediaItems.releaseDatePrecision}, ${mediaItems.genres})
                is distinct from (excluded.title, excluded.image, excluded.description, excluded.creator,
                excluded.network_name, excluded.release_date, excluded.release_date_precision, excluded.genres)
                then now() else ${mediaItems.updatedAt} end`,
            },
          })
          .returning({ id: mediaItems.id, providerId: mediaItems.providerId });
        const replaced = written.filter((w) => regional.has(w.providerId));
        if (replaced.length > 0) {
          const previous = await tx
            .delete(mediaReleaseDates)
            .where(
              inArray(
                mediaReleaseDates.itemId,
                replaced.map((w) => w.id),
              ),
            )
            .returning();
          const values = replaced.flatMap((w) =>
            uniqueDates(regional.get(w.providerId) ?? []).map((d) => ({ itemId: w.id, ...d })),
          );
          if (values.length > 0) await tx.insert(mediaReleaseDates).values(values);
          const moves = typedDateMoves(previous, values);
          if (moves.length > 0) {
            await tx.insert(typedDateChanges).values(moves.map((m) => ({ ...m, changedAt: change.at })));
          }
        }
        const named = written.filter((w) => identifiers.has(w.providerId));
        if (named.length > 0) {
          await tx.delete(itemIdentifiers).where(
            inArray(
              itemIdentifiers.itemId,
              named.map((w) => w.id),
            ),
          );
          const values = named.flatMap((w) =>
            uniqueIdentifiers(identifiers.get(w.providerId) ?? []).map((i) => ({ itemId: w.id, ...i })),
          );
          if (values.length > 0) await tx.insert(itemIdentifiers).values(values);
        }
        const translated = written.filter((w) => translations.has(w.providerId));
        if (translated.length > 0) {
          await tx.delete(titleTranslations).where(
            inArray(
              titleTranslations.itemId,
              translated.map((w) => w.id),
            ),
          );
          const values = translated.flatMap((w) =>
            (translations.get(w.providerId) ?? []).map((t: TitleTranslation) => ({
              itemId: w.id,
              ...t,
              searchText: normaliseForSearch(t.title),
            })),
          );
          if (values.length > 0) await tx.insert(titleTranslations).values(values);
        }
        await replaceCredits(
          tx,
          written.flatMap((w) => {
            const list = credits.get(w.providerId);
            return list ? [{ itemId: w.id, credits: list }] : [];
          }),
          change.at,
        );
        const incoming = new Map(stored.map((r) => [r.providerId, r]));
        const changes: ReleaseChange[] = [];
        for (const old of before) {
          const row = incoming.get(old.providerId);
          if (!row) continue;
          const newDate = row.releaseDate ?? null;
          const newPrecision = newDate ? (row.releaseDatePrecision ?? 'day') : null;
          if (old.releaseDate === newDate && old.releaseDatePrecision === newPrecision) continue;
          changes.push({
            itemId: old.id,
            providerId: old.providerId,
            kind: releaseEventKind(old.releaseDate, newDate),
            oldDate: old.releaseDate,
            oldPrecision: old.releaseDatePrecision,
            newDate,
            newPrecision,
          });
        }
        if (changes.length > 0) {
          await tx
            .insert(releaseEvents)
            .values(changes.map((c) => ({ ...c, source: change.source, occurredAt: change.at })));
        }
        return changes;
      });
    },

    /** A title's typed regional dates (only `country`'s when given), by country then date. */
    /** A title's offers in one country as last seen, with the services' names, or null if never looked. */
    async watchIn(itemId: string, country: string) {
      const [row] = await db
        .select({
          checkedAt: titleWatch.checkedAt,
          entry: sql<WatchResults[string] | null>`${titleWatch.results} -> ${country}`,
        })
        .from(titleWatch)
        .where(eq(titleWatch.itemId, itemId));
      if (!row) return null;
      const ids = [...new Set((row.entry?.offers ?? []).map(([id]) => id))];
      const names =
        ids.length === 0
          ? []
          : await db.select().from(watchProviders).where(inArray(watchProviders.providerId, ids));
      return {
        checkedAt: row.checkedAt,
        link: row.entry?.link ?? null,
        offers: row.entry?.offers ?? [],
        providers: new Map(names.map((p) => [p.providerId, p])),
      };
    },

    regionalDates(itemId: string, country?: string) {
      return db
        .select({
          country: mediaReleaseDates.country,
          type: mediaReleaseDates.type,
          date: mediaReleaseDates.date,
        })
        .from(mediaReleaseDates)
        .where(
          and(
            eq(mediaReleaseDates.itemId, itemId),
            country === undefined ? undefined : eq(mediaReleaseDates.country, country),
          ),
        )
        .orderBy(asc(mediaReleaseDates.country), asc(mediaReleaseDates.date), asc(mediaReleaseDates.type));
    },

    /** The titles other services name so (an import's ISBNs or IMDb ids), by that name. */
    /** The titles and descriptions `locale` has for these items, by item id. */
    async translationsOf(
      itemIds: string[],
      locale: Locale,
    ): Promise<Map<string, { title: string; description: string | null }>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db
        .select({
          itemId: titleTranslations.itemId,
          title: titleTranslations.title,
          description: titleTranslations.description,
        })
        .from(titleTranslations)
        .where(
          and(eq(titleTranslations.locale, locale), inArray(titleTranslations.itemId, [...new Set(itemIds)])),
        );
      return new Map(rows.map((r) => [r.itemId, { title: r.title, description: r.description }]));
    },

    async byIdentifier(scheme: Identifier['scheme'], values: string[]): Promise<Map<string, MediaItemRow[]>> {
      if (values.length === 0) return new Map();
      const rows = await db
        .select({ value: itemIdentifiers.value, item: mediaItems })
        .from(itemIdentifiers)
        .innerJoin(mediaItems, eq(mediaItems.id, itemIdentifiers.itemId))
        .where(and(eq(itemIdentifiers.scheme, scheme), inArray(itemIdentifiers.value, [...new Set(values)])))
        .orderBy(asc(mediaItems.releaseDate), asc(mediaItems.id));
      const found = new Map<string, MediaItemRow[]>();
      for (const { value, item } of rows) found.set(value, [...(found.get(value) ?? []), item]);
      return found;
    },

    /** Titles by their provider ids (`tmdb:movie:603`, `tmdb:tv:1399:3`): how an import names them by key. */
    async byProviderIds(providerIds: string[]): Promise<Map<string, MediaItemRow>> {
      if (providerIds.length === 0) return new Map();
      const rows = await db
        .select()
        .from(mediaItems)
        .where(inArray(mediaItems.providerId, [...new Set(providerIds)]));
      return new Map(rows.map((r) => [r.providerId, r]));
    },

    /** The seasons the catalog holds of each series ref (`tmdb:tv:1399`), earliest first. */
    async seasonsOf(seriesRefs: string[]): Promise<Map<string, MediaItemRow[]>> {
      if (seriesRefs.length === 0) return new Map();
      const rows = await db
        .select({ ref: itemCredits.ref, item: mediaItems })
        .from(itemCredits)
        .innerJoin(mediaItems, eq(mediaItems.id, itemCredits.itemId))
        .where(and(eq(itemCredits.role, 'series'), inArray(itemCredits.ref, [...new Set(seriesRefs)])))
        .orderBy(asc(mediaItems.releaseDate), asc(mediaItems.id));
      const found = new Map<string, MediaItemRow[]>();
      for (const { ref, item } of rows) found.set(ref, [...(found.get(ref) ?? []), item]);
      return found;
    },

    /**
     * Titles of a type whose whole title, normalised for search, is one of `titles` (a season's
     * "Series: Season 2" is found by "series: season 2" only), most popular first.
     */
    async byNormalisedTitle(mediaType: MediaType, titles: string[]): Promise<Map<string, MediaItemRow[]>> {
      if (titles.length === 0) return new Map();
      const rows = await db
        .select()
        .from(mediaItems)
        .where(and(eq(mediaItems.mediaType, mediaType), inArray(mediaItems.searchText, [...new Set(titles)])))
        .orderBy(mostPopular, asc(mediaItems.id));
      const found = new Map<string, MediaItemRow[]>();
      for (const item of rows) found.set(item.searchText, [...(found.get(item.searchText) ?? []), item]);
      return found;
    },

    /**
     * Books whose title, normalised for search, is one of `titles` or begins with one of them and a
     * space ("sapiens a brief history" for "sapiens"): what a title without its subtitle may name. The
     * caller keeps those whose main title it is.
     */
    async booksTitledFrom(titles: string[]): Promise<MediaItemRow[]> {
      const wanted = [...new Set(titles)].filter(Boolean);
      if (wanted.length === 0) return [];
      return db
        .select()
        .from(mediaItems)
        .where(
          and(
            eq(mediaItems.mediaType, 'books'),
            or(
              inArray(mediaItems.searchText, wanted),
              // Normalised text has only letters, digits and spaces: nothing to escape for LIKE.
              ...wanted.map((t) => like(mediaItems.searchText, `${t} %`)),
            ),
          ),
        )
        .orderBy(mostPopular, asc(mediaItems.id));
    },

    /** The refs a title's page offers to follow, series first, then people and authors, by name. */
    async followOptions(item: Pick<MediaItemRow, 'id' | 'providerId'>): Promise<FollowOption[]> {
      const rows = await db
        .selectDistinctOn([itemCredits.ref], { ref: itemCredits.ref, name: itemCredits.name })
        .from(itemCredits)
        .where(and(eq(itemCredits.itemId, item.id), inArray(itemCredits.role, [...FOLLOW_OFFERED_ROLES])))
        .orderBy(asc(itemCredits.ref));
      // A season synced before credits were kept still names its series in its provider id.
      const season = /^(tmdb:tv:\d+):\d+$/.exec(item.providerId);
      const options = rows.map((r) => ({ kind: followKindOf(r.ref), ref: r.ref, name: r.name }));
      if (season && !options.some((o) => o.ref === season[1])) {
        const [series] = await db
          .select({ name: mediaItems.series })
          .from(mediaItems)
          .where(eq(mediaItems.id, item.id));
        if (series?.name) options.push({ kind: 'series', ref: season[1]!, name: series.name });
      }
      const order = { series: 0, person: 1, author: 2 };
      return options.sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name));
    },

    /** Deletes the titles whose provider id starts with `prefix` that nobody tracks; answers how many. */
    async removeUntracked(prefix: string): Promise<number> {
      const rows = await db
        .delete(mediaItems)
        .where(
          and(
            like(mediaItems.providerId, `${prefix}%`),
            sql`not exists (select 1 from ${watchlistEntries} w where w.item_id = ${mediaItems.id})`,
          ),
        )
        .returning({ id: mediaItems.id });
      return rows.length;
    },

    async analyze(): Promise<void> {
      await db.execute(sql`analyze media_items`);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(mediaItems);
      return row?.n ?? 0;
    },
  };
}

/** The end of a title's date period (a month's last day for "March 2027"): released once it is past. */
const periodEnd = sql`(${mediaItems.releaseDate} + case ${mediaItems.releaseDatePrecision}
  when 'year' then interval '1 year' when 'month' then interval '1 month' else interval '1 day' end)`;

/** Titles not out on `today`: undated, or their date's period not over (a month's title is out after it). */
export function stillToCome(today: string | SQL): SQL {
  return sql`(${mediaItems.releaseDate} is null or ${periodEnd} > (${today})::date)`;
}

/** The source of `catalog:set-date`'s corrections. */
export const OPERATOR = 'operator' as const;

/** Who changed the catalog, and when (the app's clock): stamped on the release events it causes. */
export interface ChangeSource {
  /** A provider's name, or OPERATOR. */
  source: string;
  at: Date;
}

export interface ReleaseChange {
  itemId: string;
  providerId: string;
  kind: ReleaseEventKind;
  oldDate: string | null;
  oldPrecision: MediaItemRow['releaseDatePrecision'];
  newDate: string | null;
  newPrecision: MediaItemRow['releaseDatePrecision'];
}

function releaseEventKind(oldDate: string | null, newDate: string | null): ReleaseEventKind {
  if (!oldDate) return 'announced';
  return newDate ? 'moved' : 'removed';
}

/**
 * Sets each item's credits to the given ones. A credit already stored keeps its `credited_at` (when the
 * catalog first learnt it), which is what tells the follows sync a title is new to a ref.
 */
async function replaceCredits(
  tx: Pick<Database, 'select' | 'insert' | 'delete'>,
  items: { itemId: string; credits: Credit[] }[],
  at: Date,
): Promise<void> {
  if (items.length === 0) return;
  const key = (c: { itemId: string; ref: string; role: string }) => `${c.itemId} ${c.ref} ${c.role}`;
  const wanted = new Map(
    items.flatMap(({ itemId, credits }) => credits.map((c) => [key({ itemId, ...c }), { itemId, ...c }])),
  );
  const stored = await tx
    .select({ itemId: itemCredits.itemId, ref: itemCredits.ref, role: itemCredits.role })
    .from(itemCredits)
    .where(
      inArray(
        itemCredits.itemId,
        items.map((i) => i.itemId),
      ),
    );
  const gone = stored.filter((c) => !wanted.has(key(c)));
  if (gone.length > 0) {
    await tx
      .delete(itemCredits)
      .where(
        or(
          ...gone.map((c) =>
            and(eq(itemCredits.itemId, c.itemId), eq(itemCredits.ref, c.ref), eq(itemCredits.role, c.role)),
          ),
        ),
      );
  }
  if (wanted.size > 0) {
    await tx
      .insert(itemCredits)
      .values([...wanted.values()].map((c) => ({ ...c, creditedAt: at })))
      .onConflictDoUpdate({
        target: [itemCredits.itemId, itemCredits.ref, itemCredits.role],
        set: { name: sql`excluded.name` },
      });
  }
}

function uniqueIdentifiers(identifiers: Identifier[]) {
  return [...new Map(identifiers.map((i) => [`${i.scheme}:${i.value}`, i])).values()];
}

/** A provider may list the same (country, type, date) twice (two notes): keep one. */
function uniqueDates(dates: { country: string; type: number; date: string }[]) {
  return [...new Map(dates.map((d) => [`${d.country}/${d.type}/${d.date}`, d])).values()];
}

function toTextArray(values: string[]) {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

/** The upcoming order: date, then most popular, then id (the same order the SQL uses). */
function compareByDate(a: MediaItemRow, b: MediaItemRow): number {
  return (
    (a.releaseDate ?? '').localeCompare(b.releaseDate ?? '') ||
    b.popularity - a.popularity ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}
