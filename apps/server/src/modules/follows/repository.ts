import type { CreditRole, FollowKind } from '@releasebell/contract';
import { and, asc, count, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type FollowRow,
  type FollowTargetRow,
  follows,
  followTargets,
  itemCredits,
  mediaItems,
  trackingEvents,
  watchlistEntries,
} from '../../db/schema';
import { stillToCome } from '../catalog';

export interface TargetInfo {
  kind: FollowKind;
  name: string;
  image: string | null;
}

export type FollowsRepository = ReturnType<typeof createFollowsRepository>;

export function createFollowsRepository(db: Database) {
  /**
   * Titles credited to a follow's ref in one of its roles, still to come on `today`, that its member
   * neither tracks nor ever removed: of one follow (`followId`), or of every follow, then only those the
   * catalog learnt after the follow began (`found`), since `creditedSince` when given. One row per
   * member and title (the oldest of their follows that brings it).
   */
  const titlesToAdd = (options: {
    today: string;
    followId?: string;
    found?: { creditedSince: Date | null };
  }) =>
    db
      .selectDistinctOn([follows.userId, mediaItems.id], {
        followId: follows.id,
        userId: follows.userId,
        itemId: mediaItems.id,
        mediaType: mediaItems.mediaType,
      })
      .from(follows)
      .innerJoin(
        itemCredits,
        and(eq(itemCredits.ref, follows.ref), sql`${itemCredits.role} = any(${follows.roles})`),
      )
      .innerJoin(mediaItems, eq(mediaItems.id, itemCredits.itemId))
      .where(
        and(
          options.followId ? eq(follows.id, options.followId) : undefined,
          options.found ? sql`${itemCredits.creditedAt} > ${follows.createdAt}` : undefined,
          options.found?.creditedSince
            ? sql`${itemCredits.creditedAt} > ${options.found.creditedSince}`
            : undefined,
          stillToCome(options.today),
          sql`not exists (select 1 from ${watchlistEntries} w
            where w.user_id = ${follows.userId} and w.item_id = ${mediaItems.id})`,
          sql`not exists (select 1 from ${trackingEvents} e
            where e.item_id = ${mediaItems.id} and e.user_id = ${follows.userId} and e.kind = 'remove')`,
        ),
      )
      .orderBy(follows.userId, mediaItems.id, follows.createdAt);

  return {
    titlesToAdd,

    /**
     * The refs members follow, with every role followed: those named (`refs`), or those not fetched
     * since `checkedBefore`.
     */
    followedTargets(filter: { refs: string[] } | { checkedBefore: Date }) {
      return db
        .select({
          ref: followTargets.ref,
          name: followTargets.name,
          roles: sql<CreditRole[]>`array(select distinct r from ${follows} f, unnest(f.roles) r
            where f.ref = ${followTargets.ref})`,
        })
        .from(followTargets)
        .where(
          and(
            sql`exists (select 1 from ${follows} f where f.ref = ${followTargets.ref})`,
            'refs' in filter
              ? inArray(followTargets.ref, filter.refs.length > 0 ? filter.refs : [''])
              : or(isNull(followTargets.checkedAt), lt(followTargets.checkedAt, filter.checkedBefore)),
          ),
        )
        .orderBy(asc(followTargets.ref));
    },

    async anyFollowed(): Promise<boolean> {
      const [row] = await db.select({ id: follows.id }).from(follows).limit(1);
      return row !== undefined;
    },

    /** Records that the ref's provider was asked now (and knew nothing new of its name). */
    async markChecked(ref: string, at: Date): Promise<void> {
      await db.update(followTargets).set({ checkedAt: at }).where(eq(followTargets.ref, ref));
    },

    async target(ref: string): Promise<FollowTargetRow | undefined> {
      const [row] = await db.select().from(followTargets).where(eq(followTargets.ref, ref));
      return row;
    },

    /** The name a title's credits give a ref (the catalog's view of it, before any provider call). */
    async creditedName(ref: string): Promise<string | undefined> {
      const [row] = await db
        .select({ name: itemCredits.name })
        .from(itemCredits)
        .where(eq(itemCredits.ref, ref))
        .limit(1);
      return row?.name;
    },

    /** The poster of the ref's latest title: its picture when the provider has none of its own. */
    async latestImage(ref: string): Promise<string | null> {
      const [row] = await db
        .select({ image: mediaItems.image })
        .from(itemCredits)
        .innerJoin(mediaItems, eq(mediaItems.id, itemCredits.itemId))
        .where(and(eq(itemCredits.ref, ref), sql`${mediaItems.image} is not null`))
        .orderBy(sql`${mediaItems.releaseDate} desc nulls first`, asc(mediaItems.id))
        .limit(1);
      return row?.image ?? null;
    },

    /** Records a ref's name and picture, and when its provider was last asked (null: never). */
    async saveTarget(ref: string, info: TargetInfo, at: Date, checkedAt: Date | null): Promise<void> {
      await db
        .insert(followTargets)
        .values({ ref, ...info, checkedAt, createdAt: at })
        .onConflictDoUpdate({
          target: followTargets.ref,
          set: {
            name: sql`excluded.name`,
            image: sql`excluded.image`,
            checkedAt: sql`coalesce(excluded.checked_at, ${followTargets.checkedAt})`,
          },
        });
    },

    /** Every role some member follows the ref for (a person's acting credits are fetched only then). */
    async followedRoles(ref: string): Promise<CreditRole[]> {
      const rows = await db
        .selectDistinct({ role: sql<CreditRole>`unnest(${follows.roles})` })
        .from(follows)
        .where(eq(follows.ref, ref));
      return rows.map((r) => r.role);
    },

    async findByRef(userId: string, ref: string): Promise<FollowRow | undefined> {
      const [row] = await db
        .select()
        .from(follows)
        .where(and(eq(follows.userId, userId), eq(follows.ref, ref)));
      return row;
    },

    /** How many things the member follows. */
    async countOf(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(follows).where(eq(follows.userId, userId));
      return row?.n ?? 0;
    },

    /**
     * The new follow; undefined when the member already follows the ref (two tabs at once); `full`
     * when they follow `max` things already (counted under a lock on the member's follows, so two
     * follows at once cannot both take the last place).
     */
    async insert(row: Omit<FollowRow, 'id'>, max: number): Promise<FollowRow | 'full' | undefined> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`follows:${row.userId}`}))`);
        const [existing] = await tx
          .select({ n: count() })
          .from(follows)
          .where(eq(follows.userId, row.userId));
        if ((existing?.n ?? 0) >= max) return 'full';
        const [created] = await tx.insert(follows).values(row).onConflictDoNothing().returning();
        return created;
      });
    },

    /** A member's follows with their ref's name and picture, and how many of its titles are to come. */
    list(userId: string, today: string) {
      const upcoming = sql<number>`(select count(distinct c.item_id)::int from ${itemCredits} c
        join ${mediaItems} on ${mediaItems.id} = c.item_id
        where c.ref = ${follows.ref} and c.role = any(${follows.roles}) and ${stillToCome(today)})`;
      return db
        .select({ follow: follows, target: followTargets, upcoming })
        .from(follows)
        .innerJoin(followTargets, eq(followTargets.ref, follows.ref))
        .where(eq(follows.userId, userId))
        .orderBy(asc(followTargets.name), asc(follows.id));
    },

    /** Ends a member's follow; false when it is not theirs (or not there). */
    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(follows)
        .where(and(eq(follows.id, id), eq(follows.userId, userId)))
        .returning({ id: follows.id });
      return rows.length > 0;
    },
  };
}
