import {
  type ChannelType,
  type CreditRole,
  DEFAULT_LOCALE,
  DEFAULT_REMINDER_DAYS,
  DEFAULT_TIME_ZONE,
  type FollowKind,
  type FollowRole,
  type ImportEntryStatus,
  type ImportSource,
  type ImportStatus,
  LOCALES,
  type Locale,
  type MediaType,
  type MovieReleaseKind,
  type NotificationChannel,
  type NotificationKind,
  type OfferType,
  type ReleaseDatePrecision,
  type SuggestedFollow,
} from '@releasebell/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const mediaItems = pgTable(
  'media_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Where the item came from, e.g. `demo:movies:mv-001`, `tmdb:movie:603`, `isbn:9780...`. */
    providerId: text('provider_id').notNull(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    image: text('image'),
    description: text('description').notNull().default(''),
    author: text('author'),
    director: text('director'),
    networkName: text('network_name'),
    series: text('series'),
    seriesNumber: integer('series_number'),
    creator: text('creator'),
    creatorLabel: text('creator_label'),
    /** The first day of the known period; NULL when no date is announced. */
    releaseDate: date('release_date', { mode: 'string' }),
    releaseDatePrecision: text('release_date_precision').$type<ReleaseDatePrecision>(),
    /**
     * `operator` once `catalog:set-date` corrected the date: provider updates (and the demo's seeding)
     * then leave the date alone, or the next sync would undo the correction.
     */
    releaseDateSource: text('release_date_source')
      .$type<'provider' | 'operator'>()
      .notNull()
      .default('provider'),
    language: text('language').notNull().default('en'),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    hypeMeterPercentage: real('hype_meter_percentage'),
    popularity: real('popularity').notNull().default(0),
    /** Members tracking it now; kept in the same transaction as every watchlist add and remove. */
    trackersCount: integer('trackers_count').notNull().default(0),
    /** Lower-cased, accent-free title (plus creator and series) that search matches against. */
    searchText: text('search_text').notNull(),
    /**
     * The transaction that last changed what search reads (`search_text`, `popularity`, `media_type`),
     * set by triggers (migration 0027): each process's title index reads the titles changed since it
     * last looked.
     */
    searchXid: bigint('search_xid', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_items_provider_id_key').on(t.providerId),
    uniqueIndex('media_items_type_slug_key').on(t.mediaType, t.slug),
    // Both follow the order the lists are read in, so a list is an index range read, never a sort.
    index('media_items_type_release_idx').on(t.mediaType, t.releaseDate, t.popularity.desc(), t.id),
    index('media_items_type_popularity_idx').on(t.mediaType, t.popularity.desc(), t.id),
    // Trending scores only the most popular and the tracked items; few are tracked.
    index('media_items_type_tracked_idx').on(t.mediaType, t.id).where(sql`${t.trackersCount} > 0`),
    // Month- and year-precision dates stay "upcoming" after their first day; few rows, looked up apart.
    index('media_items_type_open_period_idx')
      .on(t.mediaType, t.releaseDate)
      .where(sql`${t.releaseDatePrecision} in ('month', 'year')`),
    index('media_items_type_series_idx').on(t.mediaType, t.series),
    index('media_items_type_creator_idx').on(t.mediaType, t.creator),
    index('media_items_genres_idx').using('gin', t.genres),
    // Search tiers: equal or starting with the query (LIKE 'q%' in any collation), most popular overall.
    index('media_items_search_prefix_idx').using('btree', sql`${t.searchText} text_pattern_ops`),
    // The title index loads titles in rank order. The migration (0027) adds INCLUDE (media_type,
    // search_text), which drizzle cannot declare, so the load reads the index alone.
    index('media_items_popularity_search_idx').on(t.popularity.desc(), t.id),
    index('media_items_search_xid_idx').on(t.searchXid),
    check('media_items_media_type_check', sql`${t.mediaType} in ('books', 'movies', 'tv_seasons')`),
    check(
      'media_items_precision_check',
      sql`(${t.releaseDate} is null and ${t.releaseDatePrecision} is null) or ${t.releaseDatePrecision} in ('day', 'month', 'year')`,
    ),
    check(
      'media_items_hype_check',
      sql`${t.hypeMeterPercentage} is null or (${t.hypeMeterPercentage} >= 0 and ${t.hypeMeterPercentage} <= 100)`,
    ),
  ],
);

/**
 * A movie's typed regional dates as its provider lists them (TMDB: 1 premiere, 2 theatrical limited,
 * 3 theatrical, 4 digital, 5 physical, 6 TV), per country. The item's own date is the one shown by
 * default; these let a region and a kind of release be chosen. Replaced whole at each update.
 */
export const mediaReleaseDates = pgTable(
  'media_release_dates',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    type: integer('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.country, t.type, t.date] }),
    // The notification planner looks for typed dates falling in the next days.
    index('media_release_dates_date_idx').on(t.date),
    check('media_release_dates_type_check', sql`${t.type} between 1 and 6`),
  ],
);

/**
 * Who a title belongs to, as refs a member can follow (ADR 014): a season's series and creators, a
 * movie's directors and writers, a book's authors. Written with the title by the ingestion pipeline;
 * `credited_at` is when the catalog first learnt the credit, which is what makes a title new to a follow.
 */
export const itemCredits = pgTable(
  'item_credits',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    ref: text('ref').notNull(),
    role: text('role').$type<CreditRole>().notNull(),
    name: text('name').notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.ref, t.role] }),
    index('item_credits_ref_idx').on(t.ref, t.creditedAt),
    check(
      'item_credits_role_check',
      sql`${t.role} in ('series', 'author', 'directing', 'writing', 'creating', 'acting')`,
    ),
  ],
);
export type ItemCreditRow = typeof itemCredits.$inferSelect;

/**
 * How other services name a title: every edition's ISBN-13 of a book, a movie's IMDb id, a series' IMDb
 * id on each of its seasons. Written with the title by the ingestion pipeline; imports match by it.
 */
/**
 * A title's name and description in a locale, where its provider has them (TMDB's translations); a
 * locale without a row reads the title as the catalog holds it. Books keep their own title.
 */
export const titleTranslations = pgTable(
  'title_translations',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<Locale>().notNull(),
    title: text('title').notNull(),
    /** Null: the catalog's own description (none in this language). */
    description: text('description'),
    /** The title as search compares it (normaliseForSearch), so a reader finds it by its own name. */
    searchText: text('search_text').notNull().default(''),
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql`to_tsvector('simple', search_text)`),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.locale] }),
    index('title_translations_search_idx').using('btree', t.locale, sql`${t.searchText} text_pattern_ops`),
    // A word of the translated name, or a close spelling of one, as the catalog's own title is searched.
    index('title_translations_search_vector_idx').using('gin', t.searchVector),
    index('title_translations_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
  ],
);

export const itemIdentifiers = pgTable(
  'item_identifiers',
  {
    scheme: text('scheme').$type<'isbn13' | 'imdb'>().notNull(),
    value: text('value').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.scheme, t.value, t.itemId] }),
    index('item_identifiers_item_idx').on(t.itemId),
    check('item_identifiers_scheme_check', sql`${t.scheme} in ('isbn13', 'imdb')`),
  ],
);

export type MediaItemRow = typeof mediaItems.$inferSelect;
export type NewMediaItemRow = typeof mediaItems.$inferInsert;

export const contentRequests = pgTable(
  'content_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    title: text('title').notNull(),
    extraInfo: text('extra_info').notNull().default(''),
    userId: text('user_id'),
    status: text('status').$type<'pending' | 'added' | 'rejected'>().notNull().default('pending'),
    /** When the client says the user pressed Submit; createdAt is the server's own clock. */
    clientCreatedAt: timestamp('client_created_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The catalog item that answered the request (status `added`). */
    resolvedItemId: uuid('resolved_item_id').references(() => mediaItems.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** When the resolution job last searched the providers for it (daily while it stays open). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('content_requests_created_idx').on(t.createdAt),
    index('content_requests_open_idx').on(t.checkedAt).where(sql`${t.status} = 'pending'`),
    check('content_requests_media_type_check', sql`${t.mediaType} in ('books', 'movies', 'tv_seasons')`),
    check('content_requests_status_check', sql`${t.status} in ('pending', 'added', 'rejected')`),
  ],
);

export type ContentRequestRow = typeof contentRequests.$inferSelect;

// ---- Identity (better-auth's tables; keys are its field names, columns are ours) ----

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull().default(''),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_user_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** The product's own profile of a member (the spec's registration payload and user profile). */
export const userProfiles = pgTable(
  'user_profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phoneNumber: text('phone_number'),
    notificationPreferences: text('notification_preferences')
      .array()
      .$type<NotificationChannel[]>()
      .notNull()
      .default(sql`'{email}'`),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    /** IANA zone: release messages go out at 09:00 there; texts wait out 21:00-08:00. */
    /** The member's language: every page, message and date they get is in it (LOCALES). */
    locale: text('locale').$type<Locale>().notNull().default(DEFAULT_LOCALE),
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** Days before a release the reminder goes out; 0 is off. */
    reminderDays: integer('reminder_days').notNull().default(DEFAULT_REMINDER_DAYS),
    /** Set by the unsubscribe link: no release emails until the member resumes them. */
    emailPausedAt: timestamp('email_paused_at', { withTimezone: true }),
    /** Set when Twilio says the member texted STOP; cleared when they turn SMS on again. */
    smsOptedOutAt: timestamp('sms_opted_out_at', { withTimezone: true }),
    /** When the member proved `phone_number` is theirs with a texted code; cleared when it changes. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /**
     * ISO 3166-1 country whose release dates the member sees and is told about; NULL follows the
     * browser's locale (and TMDB_REGION where there is none).
     */
    region: text('region'),
    /** Which of a movie's releases the member is told about: theatrical, digital or physical. */
    movieReleaseKind: text('movie_release_kind')
      .$type<'theatrical' | 'digital' | 'physical'>()
      .notNull()
      .default('theatrical'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_profiles_region_check', sql`${t.region} is null or ${t.region} ~ '^[A-Z]{2}$'`),
    check(
      'user_profiles_locale_check',
      sql`${t.locale} in (${sql.raw(LOCALES.map((l) => `'${l}'`).join(', '))})`,
    ),
    check(
      'user_profiles_movie_release_kind_check',
      sql`${t.movieReleaseKind} in ('theatrical', 'digital', 'physical')`,
    ),
  ],
);
export type UserProfileRow = typeof userProfiles.$inferSelect;

/** Profile pictures, in the database so every app process serves the same one. */
export const userAvatars = pgTable('user_avatars', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The code texted to prove a mobile number, one pending per member (a new one replaces it). Only its
 * keyed hash is kept; `tries` counts wrong answers.
 */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  phoneNumber: text('phone_number').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters shared by every app process (auth rate limits). */
/**
 * Each metadata provider's next free request slot, shared by every app process on the database: a
 * request takes the slot and moves it on by one interval (1 / the provider's rate), so the provider
 * sees the configured rate from all processes together. A 429's Retry-After moves it past the wait.
 */
export const providerPace = pgTable('provider_pace', {
  name: text('name').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true, precision: 6 }).notNull(),
});

export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_idx').on(t.windowStartedAt)],
);

/** What each member tracks; one row per (member, item). */
export const watchlistEntries = pgTable(
  'watchlist_entries',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** The follow that put it here, if one did; unfollowing keeps the title. */
    followedVia: uuid('followed_via').references(() => follows.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    // The leaderboard: entries of one type added within a window.
    index('watchlist_entries_type_added_idx').on(t.mediaType, t.addedAt),
    index('watchlist_entries_added_idx').on(t.addedAt),
    index('watchlist_entries_item_idx').on(t.itemId),
    // Unfollowing clears the mark on the titles the follow added.
    index('watchlist_entries_followed_via_idx').on(t.followedVia).where(sql`${t.followedVia} is not null`),
  ],
);
export type WatchlistEntryRow = typeof watchlistEntries.$inferSelect;

/**
 * A thing members follow, once whoever follows it: its name and picture for the Following page, and
 * when the follows sync last fetched it from its provider.
 */
export const followTargets = pgTable(
  'follow_targets',
  {
    ref: text('ref').primaryKey(),
    kind: text('kind').$type<FollowKind>().notNull(),
    name: text('name').notNull(),
    image: text('image'),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('follow_targets_checked_idx').on(t.checkedAt),
    check('follow_targets_kind_check', sql`${t.kind} in ('series', 'person', 'author')`),
  ],
);
export type FollowTargetRow = typeof followTargets.$inferSelect;

/** A member following a ref: its titles still to come join the watchlist, now and as they appear. */
export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ref: text('ref')
      .notNull()
      .references(() => followTargets.ref),
    /** For a person, the credits that bring their titles; series and authors use their one role. */
    roles: text('roles').array().$type<CreditRole[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('follows_user_ref_key').on(t.userId, t.ref), index('follows_ref_idx').on(t.ref)],
);
export type FollowRow = typeof follows.$inferSelect;

/**
 * A member's list import (ADR 015): read at upload, matched by a job, then applied. The file is not
 * kept: its rows are the entries.
 */
/** A follow an import suggests, as kept: how many of the member's titles it counts, worded on reading. */
export interface KeptSuggestion extends Omit<SuggestedFollow, 'because' | 'checked'> {
  count?: number;
  /** Worded when it was made, by imports kept before suggestions were worded on reading. */
  because?: string;
  /** A follow read from a Releasebell export (ticked in the preview), not one suggested by counting. */
  fromExport?: true;
  /** A person's credits the exported follow had (its follow is made with them). */
  roles?: FollowRole[];
}

export const imports = pgTable(
  'imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source').$type<ImportSource>().notNull(),
    status: text('status').$type<ImportStatus>().notNull(),
    rows: integer('rows').notNull(),
    /** Follows suggested from the library (authors read twice, directors of two titles). */
    suggestedFollows: jsonb('suggested_follows').$type<KeptSuggestion[]>().notNull().default([]),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** A process matching it holds it until then (renewed as it goes); a dead one's lapses. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    index('imports_user_idx').on(t.userId, t.createdAt),
    check('imports_status_check', sql`${t.status} in ('matching', 'ready', 'applied', 'failed')`),
  ],
);
export type ImportRowRecord = typeof imports.$inferSelect;

/** One row of an imported file: what was read, and what it matched. */
export const importEntries = pgTable(
  'import_entries',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    title: text('title').notNull(),
    year: integer('year'),
    /** The row as the parser read it (ISBNs, IMDb id, authors, shelf...). */
    read: jsonb('read').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<ImportEntryStatus>().notNull(),
    /** The titles it brings (a series: its seasons still to come), first one shown. */
    itemIds: uuid('item_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** Ambiguous entries: the candidates, best first. */
    candidateIds: uuid('candidate_ids').array().notNull().default(sql`'{}'::uuid[]`),
    reason: text('reason'),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.line] }),
    index('import_entries_pending_idx').on(t.importId, t.line).where(sql`${t.status} = 'pending'`),
    check(
      'import_entries_status_check',
      sql`${t.status} in ('pending', 'matched', 'ambiguous', 'unmatched', 'already_tracked', 'skipped')`,
    ),
  ],
);
export type ImportEntryRow = typeof importEntries.$inferSelect;

/** Append-only record of every add and remove, written in the same transaction as the change. */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    itemId: uuid('item_id').notNull(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    kind: text('kind').$type<'add' | 'remove'>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracking_events_item_time_idx').on(t.itemId, t.occurredAt),
    index('tracking_events_time_idx').on(t.occurredAt),
    check('tracking_events_kind_check', sql`${t.kind} in ('add', 'remove')`),
  ],
);

export type ReleaseEventKind = 'announced' | 'moved' | 'removed';

/**
 * Append-only: every upsert that announces, moves or removes a release date writes one, in the same
 * transaction. With watchlists and the clock, the only input of the notification planner, which marks
 * the events it has turned into notifications (`planned_at`).
 */
export const releaseEvents = pgTable(
  'release_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReleaseEventKind>().notNull(),
    oldDate: date('old_date', { mode: 'string' }),
    oldPrecision: text('old_precision').$type<ReleaseDatePrecision>(),
    newDate: date('new_date', { mode: 'string' }),
    newPrecision: text('new_precision').$type<ReleaseDatePrecision>(),
    /** What made the change: a provider's name (`demo`, `tmdb`), or `operator` for catalog:set-date. */
    source: text('source').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    plannedAt: timestamp('planned_at', { withTimezone: true }),
  },
  (t) => [
    index('release_events_item_idx').on(t.itemId, t.id),
    index('release_events_unplanned_idx').on(t.itemId).where(sql`${t.plannedAt} is null`),
    check('release_events_kind_check', sql`${t.kind} in ('announced', 'moved', 'removed')`),
  ],
);
export type ReleaseEventRow = typeof releaseEvents.$inferSelect;

export type DeliveryChannel = 'email' | 'sms' | 'in_app' | 'push' | ChannelType;
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'skipped' | 'cancelled';

/**
 * One notification to one member on one channel. The unique key (member, item, kind, date, channel)
 * is the idempotency key: a second row for the same message cannot exist. A worker claims a row
 * (status `sending` until `claimed_until`), sends, and records; a claim whose worker died expires and
 * is taken up again. In-app rows are the bell's list.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** The date the message is about (`YYYY-MM-DD`, or `tbd`): part of the key. */
    keyDate: text('key_date').notNull(),
    channel: text('channel').$type<DeliveryChannel>().notNull(),
    /**
     * Which of the member's devices or channels it goes to (a push subscription's or a channel's id);
     * empty for email, SMS and in-app, which are one per member. Part of the key.
     */
    targetId: text('target_id').notNull().default(''),
    status: text('status').$type<DeliveryStatus>().notNull(),
    oldDate: date('old_date', { mode: 'string' }),
    oldPrecision: text('old_precision').$type<ReleaseDatePrecision>(),
    newDate: date('new_date', { mode: 'string' }),
    newPrecision: text('new_precision').$type<ReleaseDatePrecision>(),
    reminderDays: integer('reminder_days'),
    /**
     * For `new_title`: the followed person or author it came through (null for a series' season); for
     * `available`: the service's name.
     */
    viaName: text('via_name'),
    /** For `available`: the service (TMDB's provider id) and the kind of offer. */
    providerId: integer('provider_id'),
    offerType: text('offer_type').$type<OfferType>(),
    /** When it fell due; catch-up and the 24-hour retry limit count from here. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When a worker may next take it (later than due_at for quiet hours and retries). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The rows sent together as one message; its Message-ID derives from this, so a resend keeps it. */
    batchId: uuid('batch_id'),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_key').on(
      t.userId,
      t.itemId,
      t.kind,
      t.keyDate,
      t.channel,
      t.targetId,
    ),
    index('notification_deliveries_due_idx')
      .on(t.channel, t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('notification_deliveries_member_idx').on(t.userId, t.channel, t.createdAt.desc()),
    index('notification_deliveries_item_idx').on(t.itemId),
    check(
      'notification_deliveries_status_check',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`,
    ),
    check(
      'notification_deliveries_channel_check',
      sql`${t.channel} in ('email', 'sms', 'in_app', 'push', 'discord', 'ntfy', 'webhook')`,
    ),
  ],
);
export type DeliveryRow = typeof notificationDeliveries.$inferSelect;
export type NewDeliveryRow = typeof notificationDeliveries.$inferInsert;

/** Small named values the app keeps between starts (the demo catalog's seed day, the planner's last run). */
export const appState = pgTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The catalog's scheduled syncs, one row per task. A process runs a task only while it holds its
 * lease (renewed as it goes), so a task never runs twice at once across processes, and one whose
 * process died is taken up again when the lease runs out. `last_success_at` is when the last run that
 * finished started: the schedule, and the change feed's window, count from there, across restarts.
 */
export const syncTasks = pgTable('sync_tasks', {
  task: text('task').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  lastError: text('last_error'),
  leaseOwner: text('lease_owner'),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});
export type SyncTaskRow = typeof syncTasks.$inferSelect;

/**
 * A member's private calendar feed. The token is not stored: it is an HMAC of `salt` under the app's
 * secret (so the profile can show the link again), and the feed finds its member by the token's hash.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  salt: text('salt').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/**
 * A move of a movie's typed date of one kind in one country (its earliest date of that kind), kept so
 * the calendar's SEQUENCE counts them; first appearances are not moves and are not kept.
 */
export const typedDateChanges = pgTable(
  'typed_date_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    kind: text('kind').$type<MovieReleaseKind>().notNull(),
    oldDate: date('old_date', { mode: 'string' }).notNull(),
    newDate: date('new_date', { mode: 'string' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('typed_date_changes_item_idx').on(t.itemId, t.country, t.kind)],
);

/** One browser or phone a member gets pushes on (its PushSubscription); one row per endpoint. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * A member's Discord, ntfy or webhook channel. The URL (which holds Discord's token and ntfy's topic)
 * and the secret never leave the server unmasked. A 4xx answer turns it off (`disabled_at`, why).
 */
export const memberChannels = pgTable(
  'member_hooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<ChannelType>().notNull(),
    url: text('url').notNull(),
    secret: text('secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
  },
  (t) => [
    index('member_hooks_user_idx').on(t.userId),
    check('member_hooks_type_check', sql`${t.type} in ('discord', 'ntfy', 'webhook')`),
  ],
);
export type MemberChannelRow = typeof memberChannels.$inferSelect;

/** Each try to post to a member's channel, for its delivery log (the latest few are kept). */
export const channelAttempts = pgTable(
  'hook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelId: uuid('hook_id')
      .notNull()
      .references(() => memberChannels.id, { onDelete: 'cascade' }),
    /** A notification kind, or `test`. */
    kind: text('kind').notNull(),
    title: text('title'),
    status: text('status').$type<'sent' | 'retry' | 'failed'>().notNull(),
    httpStatus: integer('http_status'),
    error: text('error'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('hook_attempts_hook_idx').on(t.channelId, t.id.desc())],
);

/**
 * The streaming services a member pays for, in one country. `region_since` and `rent_buy_since` say
 * from when offers in that country, and rent and buy offers, are news to them (not what was there).
 */
export const memberServices = pgTable('member_services', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  region: text('region').notNull(),
  includeRentBuy: boolean('include_rent_buy').notNull().default(false),
  regionSince: timestamp('region_since', { withTimezone: true }).notNull(),
  rentBuySince: timestamp('rent_buy_since', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** One of a member's services (TMDB's provider id), and since when: older offers on it are not news. */
export const memberServiceProviders = pgTable(
  'member_service_providers',
  {
    userId: text('user_id')
      .notNull()
      .references(() => memberServices.userId, { onDelete: 'cascade' }),
    providerId: integer('provider_id').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.providerId] }),
    index('member_service_providers_provider_idx').on(t.providerId),
  ],
);

/** A title's offers in every country, as TMDB last answered (one answer holds them all). */
export interface WatchResults {
  [country: string]: { link: string; offers: [providerId: number, type: OfferType][] };
}

/**
 * Where to watch a movie or TV season, as the availability sync last saw it, and when to look again:
 * `first_offer_at` is when it was first seen on any service anywhere (recent ones are looked at often).
 */
export const titleWatch = pgTable(
  'title_watch',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    firstOfferAt: timestamp('first_offer_at', { withTimezone: true }),
    results: jsonb('results').$type<WatchResults>().notNull(),
  },
  (t) => [index('title_watch_checked_idx').on(t.checkedAt)],
);

/**
 * One offer (title, country, service, kind) in a country and on a service some member has, from the
 * day it appeared: `since` is null for one that was there when the catalog first looked (never news);
 * `gone_at` is set while it is away. One back within the gap keeps its `since` (a flap is not news).
 */
export const titleOffers = pgTable(
  'title_offers',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => mediaItems.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
    providerId: integer('provider_id').notNull(),
    type: text('type').$type<OfferType>().notNull(),
    since: timestamp('since', { withTimezone: true }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull(),
    goneAt: timestamp('gone_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.country, t.providerId, t.type] }),
    index('title_offers_since_idx').on(t.since).where(sql`${t.since} is not null and ${t.goneAt} is null`),
  ],
);

/** The streaming services TMDB names in offers and lists: their names and logos. */
export const watchProviders = pgTable('watch_providers', {
  providerId: integer('provider_id').primaryKey(),
  name: text('name').notNull(),
  logoPath: text('logo_path'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** The kinds of offer seen from a service in a country (what its toggle on the profile says it has). */
export const watchProviderKinds = pgTable(
  'watch_provider_kinds',
  {
    region: text('region').notNull(),
    providerId: integer('provider_id').notNull(),
    kind: text('kind').$type<OfferType>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.region, t.providerId, t.kind] })],
);

/** A provider's answer kept for a while (a country's list of services, TMDB's countries), shared by processes. */
export const providerAnswers = pgTable('provider_answers', {
  key: text('key').primaryKey(),
  body: jsonb('body').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
});
