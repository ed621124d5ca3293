/**
 * The chaos run's members: N of them, each due one release message today on three channels (an email,
 * a web push to their one device, a post to their one webhook).
 */
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client';
import { releaseMessageTime } from '../src/modules/notifications';
import { createSubscriptionKeys } from '../test/push-service';
import type { ChaosContext } from './context';
import type { ChaosDatabase } from './database';
import type { Receivers } from './receivers';

const HOUR = 3_600_000;

/**
 * A fixed-offset zone and a release day whose 09:00 local fell between `lateHours` and `lateHours + 1`
 * hours ago. Not UTC and yesterday: a transient failure more than RETRY_FOR_HOURS (24) after a message
 * fell due fails it for good, so "yesterday 09:00 UTC" would turn the SMTP server's 4xx into losses
 * for most of the day.
 */
export function releaseSetting(now: Date, lateHours: number) {
  const target = new Date(now.getTime() - lateHours * HOUR);
  let offset = 9 - target.getUTCHours();
  if (offset < -12) offset += 24;
  const releaseDate = new Date(target.getTime() + offset * HOUR).toISOString().slice(0, 10);
  // Etc/GMT signs are POSIX-style: Etc/GMT-5 is UTC+5.
  const timeZone = offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  return { timeZone, releaseDate, dueAt: releaseMessageTime(releaseDate, timeZone) };
}

/** Migrates the database and writes the members, their devices and webhooks pointing at the receivers. */
export async function seedMembers(
  run: ChaosContext,
  database: ChaosDatabase,
  receivers: Receivers,
): Promise<void> {
  const setting = releaseSetting(new Date(), run.options.lateHours ?? 0);
  // One device's keys serve every member: the push service never decrypts.
  const { p256dh, auth } = createSubscriptionKeys();
  const db = await database.open();
  try {
    await db.migrate();
    await insertMembers(db, run.n, setting, {
      pushEndpointBase: receivers.pushes.endpointBase,
      p256dh,
      auth,
      hookUrlBase: receivers.posts.urlBase,
      hookSalt: receivers.hookSalt,
    });
  } finally {
    await db.close();
  }
  run.say(
    `${run.n} members, each with an email address, a push device and a webhook, each tracking one title ` +
      `released ${setting.releaseDate} (${setting.timeZone}), due ${setting.dueAt.toISOString()}`,
  );
}

/** Where the members' pushes and webhooks go, and with what keys. */
interface MemberTargets {
  /** A member's subscription endpoint is this followed by their id. */
  pushEndpointBase: string;
  /** Every member's subscription keys (the push service never decrypts). */
  p256dh: string;
  auth: string;
  /** A member's webhook URL is this followed by their id. */
  hookUrlBase: string;
  /** Each member's webhook secret is md5(salt:id), as webhook.ts's hookSecret. */
  hookSalt: string;
}

/**
 * N members (no reminders), N/100 titles, each member tracking one of them since long ago, each with
 * email and push on, one push device and one webhook.
 */
async function insertMembers(
  { db }: DatabaseHandle,
  n: number,
  setting: { timeZone: string; releaseDate: string },
  targets: MemberTargets,
): Promise<void> {
  const titles = Math.max(1, Math.round(n / 100));
  const members = sql`(select 'chaos-' || lpad(g::text, 6, '0') as id from generate_series(0, ${n - 1}) g) m`;
  // Straight into the tables, set-based: no release events, so the release day is the only notice.
  await db.execute(sql`
    insert into media_items (provider_id, media_type, title, slug, search_text, release_date,
      release_date_precision)
    select 'chaos:movies:' || g, 'movies', 'Chaos Title ' || g, 'chaos-title-' || g, 'chaos title ' || g,
      ${setting.releaseDate}::date, 'day'
    from generate_series(0, ${titles - 1}) g`);
  await db.execute(sql`
    insert into users (id, email, name)
    select m.id, m.id || '@example.com', 'Chaos Member' from ${members}`);
  await db.execute(sql`
    insert into user_profiles (user_id, username, time_zone, reminder_days, notification_preferences)
    select m.id, m.id, ${setting.timeZone}, 0, '{email,push}' from ${members}`);
  await db.execute(sql`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, created_at)
    select m.id, ${targets.pushEndpointBase}::text || m.id, ${targets.p256dh}, ${targets.auth}, now()
    from ${members}`);
  await db.execute(sql`
    insert into member_hooks (user_id, type, url, secret, created_at)
    select m.id, 'webhook', ${targets.hookUrlBase}::text || m.id, md5(${targets.hookSalt}::text || ':' || m.id),
      now()
    from ${members}`);
  await db.execute(sql`
    insert into watchlist_entries (user_id, item_id, media_type, added_at)
    select 'chaos-' || lpad(g::text, 6, '0'), i.id, 'movies', ${new Date(Date.now() - 30 * 24 * HOUR)}
    from generate_series(0, ${n - 1}) g
    join media_items i on i.provider_id = 'chaos:movies:' || (g % ${titles})`);
}
