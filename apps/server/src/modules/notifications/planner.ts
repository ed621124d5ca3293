import type { ChannelType, NotificationKind, OfferType, ReleaseDatePrecision } from '@releasebell/contract';
import type { NewDeliveryRow } from '../../db/schema';
import { addDays, toIsoDate } from '../../lib/dates';
import { emailUnavailable, pushUnavailable, smsUnavailable } from './eligibility';
import { localToday, releaseMessageTime, reminderTime, smsAllowedAt } from './local-time';
import { availableKey, type PlanningQueries, type SettledChange, type Watcher } from './planning-queries';

/** A message that fell due while the app was down goes out this late at most; older ones are skipped. */
const CATCH_UP_HOURS = 72;
/** How far back the planner looks for missed release days (to record them as skipped). */
const LOOKBACK_DAYS = 7;
const HOUR = 3_600_000;

interface Notice {
  itemId: string;
  offer?: { providerId: number; provider: string; type: OfferType };
  kind: NotificationKind;
  old: { date: string | null; precision: ReleaseDatePrecision | null };
  new: { date: string | null; precision: ReleaseDatePrecision | null };
  reminderDays: number | null;
  /** The message's key date when not the new date (`new` for a new title: one message per title). */
  keyDate?: string;
  viaName?: string | null;
}

/**
 * What a change of a title's date means to the members tracking it, from its state before the first
 * unplanned change to its state now (so a date that moved there and back means nothing):
 * a day-precision date where there was none is `date_announced`; a day-precision date that moved (to
 * another day, or back to a month, a year or TBD) is `date_changed`; anything else is not news.
 */
function changeKind(change: Pick<SettledChange, 'before' | 'now'>): 'date_announced' | 'date_changed' | null {
  const { before, now } = change;
  if (before.date === now.date && before.precision === now.precision) return null;
  const wasDay = before.precision === 'day';
  const isDay = now.precision === 'day';
  if (!wasDay && isDay) return 'date_announced';
  if (wasDay) return 'date_changed';
  return null;
}

/** One row per channel the member gets this notice on; in-app rows are delivered as they are made. */
function deliveryRows(
  watcher: Watcher,
  notice: Notice,
  dueAt: Date,
  now: Date,
  skipped: string | null = null,
): NewDeliveryRow[] {
  const base = {
    userId: watcher.userId,
    itemId: notice.itemId,
    kind: notice.kind,
    keyDate: notice.keyDate ?? notice.new.date ?? 'tbd',
    viaName: notice.offer?.provider ?? notice.viaName ?? null,
    providerId: notice.offer?.providerId ?? null,
    offerType: notice.offer?.type ?? null,
    oldDate: notice.old.date,
    oldPrecision: notice.old.precision,
    newDate: notice.new.date,
    newPrecision: notice.new.precision,
    reminderDays: notice.reminderDays,
    dueAt,
    createdAt: now,
    ...(skipped ? { status: 'skipped' as const, lastError: skipped } : {}),
  };
  const rows: NewDeliveryRow[] = [
    {
      ...base,
      channel: 'in_app',
      status: 'sent',
      nextAttemptAt: dueAt,
      sentAt: now,
      ...(skipped ? { status: 'skipped' as const, sentAt: null } : {}),
    },
  ];
  if (emailUnavailable(watcher) === null)
    rows.push({ status: 'pending', ...base, channel: 'email', nextAttemptAt: dueAt });
  if (smsUnavailable(watcher) === null) {
    const at = smsAllowedAt(new Date(Math.max(dueAt.getTime(), now.getTime())), watcher.timeZone);
    rows.push({ status: 'pending', ...base, channel: 'sms', nextAttemptAt: at });
  }
  if (pushUnavailable(watcher) === null) {
    for (const device of watcher.pushDevices) {
      rows.push({ status: 'pending', ...base, channel: 'push', targetId: device, nextAttemptAt: dueAt });
    }
  }
  for (const channel of watcher.memberChannels) {
    const [type, id] = channel.split(':') as [ChannelType, string];
    rows.push({ status: 'pending', ...base, channel: type, targetId: id, nextAttemptAt: dueAt });
  }
  return rows;
}

/**
 * Turns database state (release events, watchlists, release dates, profiles) and the clock into
 * delivery rows. Everything it does is idempotent: rows are keyed, so two processes planning at once,
 * or a plan interrupted halfway and run again, make each message once.
 */
export function createPlanner(queries: PlanningQueries, options: { settleSeconds: number }) {
  return {
    /** Date changes that have settled: `date_announced` and `date_changed`. */
    async planChanges(now: Date): Promise<number> {
      const cutoff = new Date(now.getTime() - options.settleSeconds * 1000);
      let planned = 0;
      for (;;) {
        const settled = await queries.settledChanges(cutoff, 100);
        if (settled.length === 0) return planned;
        for (const change of settled) {
          const kind = changeKind(change);
          const rows: NewDeliveryRow[] = [];
          if (kind) {
            const notice: Notice = {
              itemId: change.itemId,
              kind,
              old: kind === 'date_changed' ? change.before : { date: null, precision: null },
              new: change.now,
              reminderDays: null,
            };
            // Only members who tracked it before it changed: the others saw the new date when adding it.
            for (const watcher of await queries.watchers(change.itemId, change.firstEventAt)) {
              // A date already behind the member is not news; the release message covers today.
              if (change.now.precision === 'day' && change.now.date! < localToday(now, watcher.timeZone)) {
                continue;
              }
              rows.push(...deliveryRows(watcher, notice, now, now));
            }
          }
          await queries.plan(rows, { itemId: change.itemId, upToId: change.lastEventId, at: now });
          planned += rows.length;
        }
      }
    },

    /**
     * New titles of what members follow, found by the follows sync: told once, as they were found
     * (`due_at` is when the title joined the watchlist), within the catch-up window.
     */
    async planNewTitles(now: Date): Promise<number> {
      const rows: NewDeliveryRow[] = [];
      for (const found of await queries.newFollowedTitles(new Date(now.getTime() - CATCH_UP_HOURS * HOUR))) {
        const notice: Notice = {
          itemId: found.itemId,
          kind: 'new_title',
          old: { date: null, precision: null },
          new: { date: found.releaseDate, precision: found.releaseDatePrecision },
          reminderDays: null,
          keyDate: 'new',
          viaName: found.viaName,
        };
        rows.push(...deliveryRows(found, notice, found.addedAt, now));
      }
      await queries.plan(rows);
      return rows.length;
    },

    /**
     * Titles now on a member's service (the availability sync found the offer): told once per title
     * and service, as they were found, within the catch-up window. Answers the rows planned and how
     * many members they tell.
     */
    async planAvailable(now: Date): Promise<{ planned: number; members: number }> {
      const rows: NewDeliveryRow[] = [];
      const planned = new Set<string>();
      for (const found of await queries.availableOffers(new Date(now.getTime() - CATCH_UP_HOURS * HOUR))) {
        // Several kinds of offer on one service at once: one message, of the best kind (first).
        const key = `${found.userId} ${found.itemId} ${found.providerId}`;
        if (planned.has(key)) continue;
        planned.add(key);
        const notice: Notice = {
          itemId: found.itemId,
          kind: 'available',
          old: { date: null, precision: null },
          new: { date: null, precision: null },
          reminderDays: null,
          keyDate: availableKey(found.providerId),
          offer: { providerId: found.providerId, provider: found.providerName, type: found.type },
        };
        rows.push(...deliveryRows(found, notice, new Date(found.since), now));
      }
      await queries.plan(rows);
      return { planned: rows.length, members: new Set(rows.map((r) => r.userId)).size };
    },

    /**
     * Release days and reminders whose time (09:00 in the member's zone) has come. The day is the
     * member's own (`dueCandidates`): for a movie, the earliest date of the kind of release
     * they follow (theatrical, digital, physical) in their region, else the title's own date; the
     * message is keyed and worded by that day, so a digital and a theatrical release are two messages.
     * Announcements and moves (planChanges) stay about the title's own date.
     */
    async planDue(now: Date): Promise<number> {
      const from = toIsoDate(new Date(now.getTime() - LOOKBACK_DAYS * 24 * HOUR));
      const to = addDays(toIsoDate(now), 1);
      const rows: NewDeliveryRow[] = [];
      for (const kind of ['released', 'reminder'] as const) {
        for (const c of await queries.dueCandidates(kind, from, to)) {
          const days = kind === 'reminder' ? c.reminderDays : 0;
          const dueAt =
            kind === 'released'
              ? releaseMessageTime(c.releaseDate, c.timeZone)
              : reminderTime(c.releaseDate, days, c.timeZone);
          if (dueAt > now) continue;
          // Tracked after the moment passed: nothing stale ("out today" to someone who added it after).
          if (c.addedAt > dueAt) continue;
          // A release message is caught up for 72 hours; a reminder ("out in 3 days") only on its own
          // day, as on any later one it would be wrong.
          const late =
            kind === 'reminder'
              ? localToday(now, c.timeZone) !== localToday(dueAt, c.timeZone)
              : now.getTime() - dueAt.getTime() > CATCH_UP_HOURS * HOUR;
          const notice: Notice = {
            itemId: c.itemId,
            kind,
            old: { date: null, precision: null },
            new: { date: c.releaseDate, precision: 'day' },
            reminderDays: kind === 'reminder' ? days : null,
          };
          const skipped =
            kind === 'reminder' ? 'its day has passed' : `more than ${CATCH_UP_HOURS} hours late`;
          rows.push(...deliveryRows(c, notice, dueAt, now, late ? skipped : null));
        }
      }
      await queries.plan(rows);
      return rows.length;
    },
  };
}

export type Planner = ReturnType<typeof createPlanner>;
