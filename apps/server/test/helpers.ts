import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Agent as HttpsAgent } from 'node:https';
import type { MediaItem, MediaType } from '@releasebell/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { itemCredits, mediaItems, userProfiles, users, watchlistEntries } from '../src/db/schema';
import type { Mailer } from '../src/infra/mail/mailer';
import type { LogDestination } from '../src/logger';
import { upsertItems } from '../src/modules/catalog/ingestion';
import { createCatalogRepository } from '../src/modules/catalog/repository';
import type { ProviderTime } from '../src/providers/http/provider-client';
import type { NormalisedItem } from '../src/providers/types';

/**
 * A fresh database for one test file: in-memory PGlite by default; with TEST_DATABASE_URL, a schema
 * of its own on that PostgreSQL server, dropped when closed.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  // Tests choose their database here; the app itself reads the environment only in config.ts.
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const snapshot = inject('pgliteSnapshot');
    const handle = await openDatabase(snapshot ? { loadDataDir: new Blob([await readFile(snapshot)]) } : {});
    // One process holds an embedded database: a second "process" shares this one's connection.
    return { ...handle, openAnother: async () => ({ ...handle, close: async () => {} }) };
  }
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const handle = await openDatabase({ url, poolSize: 4, schemaName });
  return {
    ...handle,
    openAnother: () => openDatabase({ url, poolSize: 4, schemaName }),
    close: async () => {
      await handle.db.execute(sql.raw(`drop schema if exists "${schemaName}" cascade`));
      await handle.close();
    },
  };
}

export interface TestDatabase extends DatabaseHandle {
  /** Another connection pool to the same database, as a second app process would have. */
  openAnother(): Promise<DatabaseHandle>;
}

export interface TestAppOptions {
  seedDemo?: boolean;
  /** Addresses per sitemap file (see AppOptions.sitemapPageSize). */
  sitemapPageSize?: number;
  /** A fixed time for every service of the app (see AppOptions.clock). */
  now?: Date;
  /** A clock the test moves itself (wins over `now`), e.g. `() => current` with `current` reassigned. */
  clock?: () => Date;
  env?: Record<string, string>;
  mailer?: Mailer;
  /** A database opened by the test (e.g. shared by two app instances); the test closes it. */
  database?: DatabaseHandle;
  /** Receives the app's log lines (with `env: { LOG_LEVEL: 'info' }`, say); otherwise they go to stdout. */
  logDestination?: LogDestination;
  /** Hash passwords at the product's scrypt cost instead of the suite's cheaper one. */
  productHashCost?: boolean;
  /** The TLS agent pushes go through: the local push service's (test/push-service.ts). */
  pushAgent?: HttpsAgent;
  /** The provider clients' waits (see `instantProviderTime`); real time otherwise. */
  providerTime?: ProviderTime;
}

/**
 * Time for provider clients that moves only when they wait: a retry's backoff, a 429's pause and the
 * rate limit's pacing take no real time, in the order and amounts they would. For the stand-ins of
 * test/tmdb-fake.ts and test/isbndb-fake.ts, which limit nothing unless told to.
 */
export function instantProviderTime(): Required<Pick<ProviderTime, 'now' | 'sleep'>> & { waited(): number } {
  let now = 0;
  return {
    now: () => now,
    sleep: async (ms) => {
      now += Math.max(0, ms);
    },
    waited: () => now,
  };
}

export const TEST_VAPID_KEYS = {
  publicKey: 'BIRC7v_Jv1KfxtDQW3Hgr3yjgdyQiu3ZRo2isujv9rkiZ9PfoUtKPmtUqXJOiCyAYIw4zlyKcA3N6DHSL1JJG6c',
  privateKey: 'D2vR-qR7cnEXQLVhoNIboRhypORxT-6OFqKARzVYlGM',
};

/**
 * better-auth's own scrypt cost, an eighth of the product's: sign-ups are in most server tests, and
 * the product's cost is checked by the hashing tests that set `productHashCost`.
 */
const SUITE_HASH_COST = { N: 2 ** 14, r: 8, p: 1 };

/** The origin test apps believe they are served at; browsers send it with every POST. */
export const TEST_ORIGIN = 'http://localhost:3999';

/** The whole app in-process over a real database; close it in afterAll. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_PRETTY: 'false',
    SEED_DEMO_CATALOG: String(options.seedDemo ?? false),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Tests change the catalog between requests; a cached answer would hide that.
    CATALOG_CACHE_SECONDS: '0',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    PUBLIC_URL: TEST_ORIGIN,
    // Tests drive the notification worker themselves (app.notifications.tick) on their own clock.
    NOTIFY_WORKER: 'false',
    SYNC_WORKER: 'false',
    // A fixed pair, so no test writes one under DATA_DIR (a throwaway, signing only test pushes).
    VAPID_PUBLIC_KEY: TEST_VAPID_KEYS.publicKey,
    VAPID_PRIVATE_KEY: TEST_VAPID_KEYS.privateKey,
    VAPID_SUBJECT: 'mailto:operator@example.com',
    ...options.env,
  });
  const now = options.now;
  const clock = options.clock ?? (now ? () => now : undefined);
  const app = await buildApp(config, {
    database,
    ...(options.sitemapPageSize ? { sitemapPageSize: options.sitemapPageSize } : {}),
    ...(clock ? { clock } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
    ...(options.providerTime ? { providerTime: options.providerTime } : {}),
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    ...(options.productHashCost ? {} : { hashCost: SUITE_HASH_COST }),
  });
  if (!options.database) app.addHook('onClose', () => database.close());
  return app;
}

/** One item as the API answers it (for route tests that stand in a service). */
export const GLASS_HARBOR: MediaItem = {
  _id: '7b0e4a4e-1f6b-4d4c-9d0e-111111111111',
  id: '7b0e4a4e-1f6b-4d4c-9d0e-111111111111',
  item_id: '7b0e4a4e-1f6b-4d4c-9d0e-111111111111',
  media_type: 'movies',
  title: 'Glass Harbor',
  slug: 'glass-harbor',
  image: null,
  description: '',
  author: null,
  director: 'Mara Quill',
  network_name: null,
  series: null,
  series_number: null,
  creator: 'Mara Quill',
  creator_label: 'Director',
  release_date: '2027-03-14',
  release_date_precision: 'day',
  language: 'en',
  genres: ['Drama'],
  hype_meter_percentage: 40,
  popularity: 10,
};

let counter = 0;

/** A catalog item with sensible defaults; override what the test is about. */
export function buildItem(overrides: Partial<NormalisedItem> = {}): NormalisedItem {
  counter += 1;
  const mediaType: MediaType = overrides.mediaType ?? 'movies';
  return {
    providerId: `test:${mediaType}:${counter}-${randomBytes(3).toString('hex')}`,
    mediaType,
    title: `Test Title ${counter}`,
    description: 'A test item.',
    image: null,
    author: null,
    director: null,
    networkName: null,
    series: null,
    seriesNumber: null,
    creator: null,
    creatorLabel: null,
    releaseDate: null,
    releaseDatePrecision: null,
    language: 'en',
    genres: [],
    hypeMeterPercentage: null,
    popularity: 10,
    ...overrides,
  };
}

/** Puts items into the catalog through the real ingestion pipeline. */
/**
 * Writes titles as a sync would. Search reads them once its index has read the change, which the
 * catalog's notice starts a moment later: the helper reads it at once, as a test searches next.
 */
export async function insertItems(app: FastifyInstance, items: NormalisedItem[], at = new Date()) {
  const written = await upsertItems(createCatalogRepository(app.database.db), items, { source: 'test', at });
  await app.searchIndex.refresh();
  return written;
}

export async function clearCatalog(app: FastifyInstance) {
  await app.database.db.execute(sql`delete from media_items`);
}

let userCounter = 0;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** The session cookie(s) a response set, as a Cookie header. */
export function cookieFrom(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(';')[0]).join('; ');
}

/** Signs a new account up through the real identity endpoints; optionally registers its profile. */
export async function signUp(
  app: FastifyInstance,
  options: { email?: string; password?: string; register?: boolean; ip?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = options.email ?? `member${userCounter}.${randomBytes(3).toString('hex')}@example.com`;
  const password = options.password ?? 'correct horse 42';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password, name: 'Test Member' },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const user = { id: res.json().user.id as string, email, password, cookie: cookieFrom(res) };
  if (options.register) {
    const reg = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: { email, firebase_id: user.id, first_name: 'Test', last_name: 'Member' },
    });
    if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  }
  return user;
}

/** Puts one item into the catalog through the ingestion pipeline and returns its id. */
export async function insertItem(
  app: FastifyInstance,
  overrides: Partial<NormalisedItem> = {},
): Promise<string> {
  const item = buildItem(overrides);
  await insertItems(app, [item]);
  const [row] = await app.database.db
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(eq(mediaItems.providerId, item.providerId));
  if (!row) throw new Error('item not stored');
  return row.id;
}

/**
 * A member made straight in the database (no password hashing): for tests about what members are
 * sent, not how they sign in. Returns the user id.
 */
export async function insertMember(
  app: FastifyInstance,
  profile: Partial<typeof userProfiles.$inferInsert> & { email?: string } = {},
): Promise<{ id: string; email: string }> {
  const id = `member-${randomBytes(8).toString('hex')}`;
  const email = profile.email ?? `${id}@example.com`;
  await app.database.db.insert(users).values({ id, email, name: 'Test Member' });
  const { email: _email, ...fields } = profile;
  await app.database.db.insert(userProfiles).values({ userId: id, username: id, ...fields });
  return { id, email };
}

/** Puts a title on a member's watchlist, added at `addedAt`. */
export async function track(app: FastifyInstance, userId: string, itemId: string, addedAt: Date) {
  const [item] = await app.database.db
    .select({ mediaType: mediaItems.mediaType })
    .from(mediaItems)
    .where(eq(mediaItems.id, itemId));
  await app.database.db
    .insert(watchlistEntries)
    .values({ userId, itemId, mediaType: item?.mediaType ?? 'movies', addedAt });
}

/** Every ref the catalog credits that a member can follow (series, authors, directors, creators), in order. */
export async function followableRefs(app: FastifyInstance): Promise<string[]> {
  const credited = await app.database.db
    .selectDistinct({ ref: itemCredits.ref })
    .from(itemCredits)
    .where(inArray(itemCredits.role, ['series', 'author', 'directing', 'creating']))
    .orderBy(itemCredits.ref);
  return credited.map((c) => c.ref);
}
