import { OFFER_GAP_DAYS, type OfferType } from '@releasebell/contract';
import { and, asc, eq, gt, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  mediaItems,
  mediaReleaseDates,
  memberServiceProviders,
  memberServices,
  providerAnswers,
  titleOffers,
  titleWatch,
  userProfiles,
  type WatchResults,
  watchlistEntries,
  watchProviderKinds,
  watchProviders,
} from '../../db/schema';
import type { CountryOffers, ProviderInfo } from '../../providers/tmdb/tmdb-watch';

const DAY = 86_400_000;

/** A member's services as stored, with their profile's region for when they have none yet. */
export interface StoredServices {
  region: string;
  providerIds: number[];
  includeRentBuy: boolean;
}

/** A title the availability sync asks about. */
export interface WatchedTitle {
  itemId: string;
  providerId: string;
}

/** How often a title is looked at again: tracked ones daily, those near a digital release or a first offer more often. */
export const WATCH_SCHEDULE = {
  trackedEveryMs: DAY,
  soonEveryMs: 3 * 3_600_000,
  soonWithinDays: 14,
} as const;

export type WatchRepository = ReturnType<typeof createWatchRepository>;

export function createWatchRepository(db: Database) {
  const tmdbTitle = sql`(${mediaItems.providerId} like 'tmdb:movie:%' or ${mediaItems.providerId} like 'tmdb:tv:%:%')`;

  return {
    /* ---------------------------------------------------------------- provider answers */

    /** A kept answer and when it was fetched, or null. */
    async answer<T>(key: string): Promise<{ body: T; fetchedAt: Date } | null> {
      const [row] = await db.select().from(providerAnswers).where(eq(providerAnswers.key, key));
      return row ? { body: row.body as T, fetchedAt: row.fetchedAt } : null;
    },
    async keepAnswer(key: string, body: unknown, at: Date): Promise<void> {
      await db
        .insert(providerAnswers)
        .values({ key, body, fetchedAt: at })
        .onConflictDoUpdate({ target: providerAnswers.key, set: { body, fetchedAt: at } });
    },

    /** Keeps services' names and logos as TMDB last gave them. */
    async saveProviders(providers: ProviderInfo[], at: Date): Promise<void> {
      const unique = [...new Map(providers.map((p) => [p.id, p])).values()];
      if (unique.length === 0) return;
      await db
        .insert(watchProviders)
        .values(unique.map((p) => ({ providerId: p.id, name: p.name, logoPath: p.logoPath, updatedAt: at })))
        .onConflictDoUpdate({
          target: watchProviders.providerId,
          set: {
            name: sql`excluded.name`,
            logoPath: sql`excluded.logo_path`,
            updatedAt: sql`excluded.updated_at`,
          },
        });
    },

    /** The kinds of offer seen from each service in a country. */
    async kinds(region: string): Promise<Map<number, OfferType[]>> {
      const rows = await db.select().from(watchProviderKinds).where(eq(watchProviderKinds.region, region));
      const byProvider = new Map<number, OfferType[]>();
      for (const r of rows) byProvider.set(r.providerId, [...(byProvider.get(r.providerId) ?? []), r.kind]);
      return byProvider;
    },
    async saveKinds(kinds: { region: string; providerId: number; kind: OfferType }[]): Promise<void> {
      for (let i = 0; i < kinds.length; i += 1000) {
        await db
          .insert(watchProviderKinds)
          .values(kinds.slice(i, i + 1000))
          .onConflictDoNothing();
      }
    },

    /* ---------------------------------------------------------------- a member's services */

    /** The member's services, or null when they never chose any: one query (a title page asks it). */
    async services(userId: string): Promise<StoredServices | null> {
      const [row] = await db
        .select({
          region: memberServices.region,
          includeRentBuy: memberServices.includeRentBuy,
          providerIds: sql<number[]>`array(select p.provider_id from ${memberServiceProviders} p
            where p.user_id = ${userId} order by p.added_at, p.provider_id)`,
        })
        .from(memberServices)
        .where(eq(memberServices.userId, userId));
      return row ?? null;
    },

    /** The country the member chose on their profile, or null (then the server's default). */
    async profileRegion(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ region: userProfiles.region })
        .from(userProfiles)
        .where(eq(userProfiles.userId, userId));
      return row?.region ?? null;
    },

    /**
     * Stores a member's services. What changes keeps its own since: a service newly added, a new
     * country, rent and buy newly asked for are news only from `now` (what was there already is not).
     */
    async saveServices(userId: string, services: StoredServices, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(memberServices)
          .where(eq(memberServices.userId, userId))
          .for('update');
        const sameRegion = before?.region === services.region;
        await tx
          .insert(memberServices)
          .values({
            userId,
            region: services.region,
            includeRentBuy: services.includeRentBuy,
            regionSince: now,
            rentBuySince: services.includeRentBuy ? now : null,
            updatedAt: now,
          })
          .onConflictDoUpdate({
            target: memberServices.userId,
            set: {
              region: services.region,
              includeRentBuy: services.includeRentBuy,
              regionSince: sameRegion ? before.regionSince : now,
              rentBuySince: services.includeRentBuy
                ? before?.includeRentBuy && before.rentBuySince
                  ? before.rentBuySince
                  : now
                : null,
              updatedAt: now,
            },
          });
        const keep = services.providerIds;
        await tx
          .delete(memberServiceProviders)
          .where(
            and(
              eq(memberServiceProviders.userId, userId),
              keep.length > 0 ? notInArray(memberServiceProviders.providerId, keep) : undefined,
            ),
          );
        if (keep.length > 0) {
          await tx
            .insert(memberServiceProviders)
            .values(keep.map((providerId) => ({ userId, providerId, addedAt: now })))
            .onConflictDoNothing();
        }
      });
    },

    /** Every (country, service) some member has: the offers whose comings and goings are kept. */
    async watchedPairs(): Promise<Set<string>> {
      const rows = await db
        .selectDistinct({ region: memberServices.region, providerId: memberServiceProviders.providerId })
        .from(memberServices)
        .innerJoin(memberServiceProviders, eq(memberServiceProviders.userId, memberServices.userId));
      return new Set(rows.map((r) => pairKey(r.region, r.providerId)));
    },

    /* ---------------------------------------------------------------- the availability sync */

    /**
     * Titles due a look (`due`): tracked ones not looked at for a day; any whose digital release (a
     * season's air date) or first offer is within the window, not looked at for three hours. Or
     * (`tracked`) every tracked title, whatever its schedule. In item order after `after`.
     */
    async titlesToCheck(
      mode: 'due' | 'tracked',
      now: Date,
      options: { after: string | null; limit: number },
    ): Promise<WatchedTitle[]> {
      const today = now.toISOString().slice(0, 10);
      const days = WATCH_SCHEDULE.soonWithinDays;
      const tracked = sql`exists (select 1 from ${watchlistEntries} w where w.item_id = ${mediaItems.id})`;
      const lookedWithin = (ms: number) =>
        sql`(${titleWatch.checkedAt} is not null and ${titleWatch.checkedAt} > ${new Date(now.getTime() - ms)})`;
      const window = sql`(${today}::date - ${days}::int) and (${today}::date + ${days}::int)`;
      const soon = sql`(${titleWatch.firstOfferAt} > ${new Date(now.getTime() - days * DAY)}
        or exists (select 1 from ${mediaReleaseDates} r where r.item_id = ${mediaItems.id} and r.type = 4
          and r.date between ${window})
        or (${mediaItems.mediaType} = 'tv_seasons' and ${mediaItems.releaseDatePrecision} = 'day'
          and ${mediaItems.releaseDate} between ${window}))`;
      const due =
        mode === 'tracked'
          ? tracked
          : sql`((${tracked} and not ${lookedWithin(WATCH_SCHEDULE.trackedEveryMs)})
              or (not ${lookedWithin(WATCH_SCHEDULE.soonEveryMs)} and ${soon}))`;
      const rows = await db
        .select({ itemId: mediaItems.id, providerId: mediaItems.providerId })
        .from(mediaItems)
        .leftJoin(titleWatch, eq(titleWatch.itemId, mediaItems.id))
        .where(
          and(
            inArray(mediaItems.mediaType, ['movies', 'tv_seasons']),
            tmdbTitle,
            due,
            options.after ? gt(mediaItems.id, options.after) : undefined,
          ),
        )
        .orderBy(asc(mediaItems.id))
        .limit(options.limit);
      return rows;
    },

    /** A title TMDB no longer knows: looked at (so it is not asked again at once), its offers kept. */
    async markChecked(itemIds: string[], now: Date): Promise<void> {
      if (itemIds.length === 0) return;
      await db
        .insert(titleWatch)
        .values(itemIds.map((itemId) => ({ itemId, checkedAt: now, results: {} })))
        .onConflictDoUpdate({ target: titleWatch.itemId, set: { checkedAt: now } });
    },

    /**
     * Saves what TMDB answered for some titles, and keeps the comings and goings of offers in the
     * countries and on the services of `pairs`. Answers how many offers are new (news to whoever has
     * that service there: not there at the last look, nor back within the gap).
     */
    async saveOffers(
      answers: { itemId: string; byCountry: Map<string, CountryOffers>; link: (country: string) => string }[],
      pairs: Set<string>,
      now: Date,
    ): Promise<number> {
      if (answers.length === 0) return 0;
      const ids = answers.map((a) => a.itemId);
      return db.transaction(async (tx) => {
        const previous = new Map(
          (
            await tx
              .select({ itemId: titleWatch.itemId, results: titleWatch.results })
              .from(titleWatch)
              .where(inArray(titleWatch.itemId, ids))
          ).map((r) => [r.itemId, r.results]),
        );
        const kept = new Map(
          (await tx.select().from(titleOffers).where(inArray(titleOffers.itemId, ids))).map((r) => [
            offerKey(r.itemId, r.country, r.providerId, r.type),
            r,
          ]),
        );
        const rows: (typeof titleOffers.$inferInsert)[] = [];
        let fresh = 0;
        const watchRows = answers.map(({ itemId, byCountry, link }) => {
          const before = previous.get(itemId);
          const results: WatchResults = {};
          for (const [country, { offers, link: given }] of byCountry) {
            results[country] = {
              link: given ?? link(country),
              offers: offers.map((o) => [o.provider.id, o.type]),
            };
            for (const { provider, type } of offers) {
              if (!pairs.has(pairKey(country, provider.id))) continue;
              const key = offerKey(itemId, country, provider.id, type);
              const row = kept.get(key);
              kept.delete(key);
              let since: Date | null;
              if (!row) {
                // Not kept yet: news if the last look saw the title without it; unknown if never looked.
                const wasThere = !before || hadOffer(before, country, provider.id, type);
                since = wasThere ? null : now;
              } else if (!row.goneAt) {
                since = row.since;
              } else {
                const back = now.getTime() - row.goneAt.getTime() < OFFER_GAP_DAYS * DAY;
                since = back ? row.since : now;
              }
              if (since === now) fresh++;
              rows.push({ itemId, country, providerId: provider.id, type, since, seenAt: now, goneAt: null });
            }
          }
          const anyOffer = [...byCountry.values()].some((c) => c.offers.length > 0);
          return { itemId, checkedAt: now, results, firstOfferAt: anyOffer ? now : null };
        });
        // Offers kept but not in the answer have gone (a flap keeps them, with their since).
        for (const row of kept.values()) {
          if (!row.goneAt) rows.push({ ...row, goneAt: now });
        }
        await tx
          .insert(titleWatch)
          .values(watchRows)
          .onConflictDoUpdate({
            target: titleWatch.itemId,
            set: {
              checkedAt: sql`excluded.checked_at`,
              results: sql`excluded.results`,
              firstOfferAt: sql`coalesce(${titleWatch.firstOfferAt}, excluded.first_offer_at)`,
            },
          });
        for (let i = 0; i < rows.length; i += 1000) {
          await tx
            .insert(titleOffers)
            .values(rows.slice(i, i + 1000))
            .onConflictDoUpdate({
              target: [titleOffers.itemId, titleOffers.country, titleOffers.providerId, titleOffers.type],
              set: {
                since: sql`excluded.since`,
                seenAt: sql`excluded.seen_at`,
                goneAt: sql`excluded.gone_at`,
              },
            });
        }
        return fresh;
      });
    },

    /** Offers that appeared at or after `since` (for tests and tools). */
    async offersSince(since: Date) {
      return db.select().from(titleOffers).where(gt(titleOffers.since, since));
    },
  };
}

const pairKey = (country: string, providerId: number) => `${country}:${providerId}`;
const offerKey = (itemId: string, country: string, providerId: number, type: string) =>
  `${itemId} ${country} ${providerId} ${type}`;

function hadOffer(results: WatchResults, country: string, providerId: number, type: OfferType): boolean {
  return results[country]?.offers.some(([id, t]) => id === providerId && t === type) ?? false;
}
