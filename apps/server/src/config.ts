import path from 'node:path';
import { DEFAULT_REGION } from '@releasebell/contract';
import { isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: () => 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An image host's base for the proxy: plain http(s), nothing after the path that a request could be appended to. */
const imageBaseUrl = z
  .url({ protocol: /^https?$/, error: () => 'must be an http:// or https:// URL' })
  .refine(
    (value) => {
      if (!URL.canParse(value)) return true; // Already reported by the URL check.
      const url = new URL(value);
      return !url.username && !url.password && !url.search && !value.includes('#');
    },
    { error: 'must have no user name, password, query or fragment' },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: () => 'must be a port number' })
    .int()
    .min(0)
    .max(65535)
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: () => 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO_CATALOG: booleanString.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_PRETTY: booleanString.optional(),
  TRUST_PROXY: booleanString.default(false),
  AMAZON_AFFILIATE_TAG: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'must be letters, digits, - or _ (at most 64)' })
    .optional(),
  CONTACT_EMAIL: z.email().default('hello@releasebell.app'),
  WEB_DIST_DIR: z.string().optional(),
  CATALOG_CACHE_SECONDS: z.coerce
    .number({ error: () => 'must be a number of seconds' })
    .int()
    .min(0)
    .max(3600)
    .default(30),
  SHUTDOWN_DRAIN_SECONDS: z.coerce
    .number({ error: () => 'must be a number of seconds' })
    .int()
    .min(0)
    .max(120)
    .default(5),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: () => 'must be an http:// or https:// URL' }).optional(),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: () => 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z.string().min(3).default('Releasebell <no-reply@releasebell.local>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z
    .url({ protocol: /^https?$/, error: () => 'must be an http:// or https:// URL' })
    .default('https://accounts.google.com/.well-known/openid-configuration'),
  AUTH_RATE_LIMIT_PER_IP: z.coerce
    .number({ error: () => 'must be a number' })
    .int()
    .min(1)
    .max(100_000)
    .default(30),
  TMDB_IMAGE_BASE_URL: imageBaseUrl.default('https://image.tmdb.org/t/p'),
  ISBNDB_IMAGE_BASE_URL: imageBaseUrl.default('https://images.isbndb.com/covers'),
  IMAGE_PROXY_MAX_BYTES: z.coerce
    .number({ error: () => 'must be a number of bytes' })
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  IMAGE_PROXY_TIMEOUT_MS: z.coerce
    .number({ error: () => 'must be a number of milliseconds' })
    .int()
    .min(100)
    .max(60_000)
    .default(8000),
  AUTH_MAX_FAILED_SIGNINS: z.coerce
    .number({ error: () => 'must be a number' })
    .int()
    .min(1)
    .max(1000)
    .default(5),
  AUTH_MAX_FAILED_SIGNINS_PER_ACCOUNT: z.coerce
    .number({ error: () => 'must be a number' })
    .int()
    .min(1)
    .max(100_000)
    .default(100),
  NOTIFY_SETTLE_SECONDS: z.coerce
    .number({ error: () => 'must be a number of seconds' })
    .int()
    .min(0)
    .max(86_400)
    .default(300),
  NOTIFY_WORKER: booleanString.default(true),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, { error: 'must be a P-256 public key in base64url (87 characters)' })
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'must be a P-256 private key in base64url (43 characters)' })
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: URL' })
    .optional(),
  CHANNEL_ALLOW_PRIVATE_HOSTS: booleanString.default(false),
  SYNC_WORKER: booleanString.default(true),
  NOTIFY_INTERVAL_SECONDS: z.coerce
    .number({ error: () => 'must be a number of seconds' })
    .min(0.05)
    .max(3600)
    .default(10),
  NOTIFY_LEASE_SECONDS: z.coerce
    .number({ error: () => 'must be a number of seconds' })
    .int()
    .min(5)
    .max(3600)
    .default(120),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, { error: 'must be AC followed by 32 hex digits' })
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(8).optional(),
  TWILIO_FROM: z
    .string()
    .regex(/^(\+[1-9]\d{6,14}|[A-Za-z][A-Za-z0-9 ]{0,10})$/, {
      error: 'must be an E.164 number (+14155550100) or an alphanumeric sender ID',
    })
    .optional(),
  TMDB_API_TOKEN: z.string().min(20, { error: 'must be a TMDB v4 read access token' }).optional(),
  TMDB_API_KEY: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, { error: 'must be a TMDB v3 API key (32 hex digits)' })
    .optional(),
  TMDB_API_URL: z
    .url({ protocol: /^https?$/, error: () => 'must be an http:// or https:// URL' })
    .default('https://api.themoviedb.org/3'),
  TMDB_REGION: z
    .string()
    .regex(/^[A-Za-z]{2}$/, { error: 'must be an ISO 3166-1 country code, e.g. US' })
    .default('US'),
  TMDB_LANGUAGE: z
    .string()
    .regex(/^[a-z]{2}(-[A-Z]{2})?$/, { error: 'must be a language tag, e.g. en-US' })
    .default('en-US'),
  ISBNDB_API_KEY: z.string().min(8, { error: 'must be an ISBNdb API key' }).optional(),
  ISBNDB_API_URL: z
    .url({ protocol: /^https?$/, error: () => 'must be an http:// or https:// URL' })
    .default('https://api2.isbndb.com'),
  ISBNDB_REQUESTS_PER_SECOND: z.coerce
    .number({ error: () => 'must be a number of requests per second' })
    .min(0.1)
    .max(100)
    .default(1),
  TWILIO_API_URL: z
    .url({ protocol: /^https?$/, error: () => 'must be an http:// or https:// URL' })
    .default('https://api.twilio.com'),
  SMS_COUNTRIES: z
    .string()
    .regex(/^\s*[A-Za-z]{2}(\s*,\s*[A-Za-z]{2})*\s*$/, {
      error: 'must be ISO 3166-1 country codes separated by commas, e.g. US,CA',
    })
    .optional(),
  SMS_MAX_PER_HOUR: z.coerce
    .number({ error: () => 'must be a number of texts' })
    .int()
    .min(1)
    .max(1_000_000)
    .default(500),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL when set; otherwise the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  databasePoolSize: number;
  seedDemoCatalog: boolean;
  logLevel: string;
  logPretty: boolean;
  trustProxy: boolean;
  amazonAffiliateTag: string | null;
  contactEmail: string;
  webDistDir: string;
  /** How long catalog answers (lists, featured, items by slug) are served from memory; 0 turns it off. */
  catalogCacheSeconds: number;
  /** After SIGTERM, how long /readyz says 503 while requests are still served, before the stop. */
  shutdownDrainSeconds: number;
  /** Origin the product is reached at (links in emails, OAuth callbacks). No trailing slash. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was set. Then it is the only origin state-changing requests may come from;
   * unset, a request whose Origin is its own Host is same-origin (127.0.0.1, a LAN address, ...).
   */
  publicUrlConfigured: boolean;
  /**
   * The region whose dates a title's own release date is, and of members who chose none: TMDB_REGION
   * with TMDB, DEFAULT_REGION on the demo catalog (its dates are that region's).
   */
  defaultRegion: string;
  /** Whether publicUrl is https: then cookies are Secure (`__Secure-` names) and pages send HSTS. */
  https: boolean;
  /** Signs sessions; null on the embedded default, where one is generated and kept under dataDir. */
  authSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Google sign-in over OpenID Connect; null when no credentials are configured. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | null;
  /** Sign-in, sign-up and reset requests per client address per 10 minutes. */
  authRateLimitPerIp: number;
  /** Failed sign-ins per account from one address (or one device cookie) per 15 minutes. */
  authMaxFailedSignins: number;
  /** Failed sign-ins per account from all addresses per hour; past it only device cookies get in. */
  authMaxFailedSigninsPerAccount: number;
  /** Whether this process runs the catalog's scheduled sync from the providers (they share it). */
  syncWorker: boolean;
  /** Release notifications (docs/decisions/008). */
  notify: {
    /** Changes to a title's date wait this long for more changes before anyone is told. */
    settleSeconds: number;
    /** Whether this process plans and sends (every process may; they share the work). */
    worker: boolean;
    /** How often the worker looks for due notifications. */
    intervalSeconds: number;
    /** How long a claimed delivery stays with its worker before another may take it up. */
    leaseSeconds: number;
  };
  /** The Movie Database; null when neither TMDB_API_TOKEN nor TMDB_API_KEY is set. */
  tmdb: {
    apiUrl: string;
    /** v4 read token (sent as a Bearer header) or v3 key (sent as `api_key`). */
    auth: { token: string } | { apiKey: string };
    region: string;
    language: string;
  } | null;
  /** ISBNdb's API v2; null when ISBNDB_API_KEY is not set. */
  isbndb: { apiUrl: string; apiKey: string; requestsPerSecond: number } | null;
  /** Twilio's Messages API; null writes texts to DATA_DIR/sms-outbox/ instead. */
  twilio: { apiUrl: string; accountSid: string; authToken: string; from: string } | null;
  sms: {
    /**
     * ISO 3166-1 countries whose mobile numbers may get texts (SMS_COUNTRIES; by default TWILIO_FROM's
     * country); null: any country (texts go to the local outbox).
     */
    countries: string[] | null;
    /** Texts of every kind across the install per clock hour; past it they wait for the next hour. */
    maxPerHour: number;
  };
  /** Bearer token /metrics asks for; null serves it to loopback addresses only. */
  metricsToken: string | null;
  /**
   * Web push's VAPID identity. `keys` null: on the embedded default a pair is made and kept under
   * DATA_DIR; with DATABASE_URL push is off. `subject` is how push services reach the operator.
   */
  vapid: { keys: { publicKey: string; privateKey: string } | null; subject: string; required: boolean };
  /** Whether members' Discord, ntfy and webhook URLs may be http or private addresses (tests, LANs). */
  channelAllowPrivateHosts: boolean;
  /** The image hosts behind /proxy-image/{provider}/...; nothing else is ever fetched. */
  imageProxy: {
    upstreams: { tmdb: string; isbndb: string };
    maxBytes: number;
    timeoutMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The country of a sending number (`+14155550100` -> US); none for an alphanumeric sender ID. */
function countryOfSender(from: string): string[] | null {
  const country = from.startsWith('+') ? parsePhoneNumberFromString(from)?.country : undefined;
  return country ? [country] : null;
}

/** Reads the environment once. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  if (e.DATABASE_URL && !e.AUTH_SECRET) {
    problems.push('AUTH_SECRET: required with DATABASE_URL (every app process must sign sessions alike)');
  }
  if (!!e.GOOGLE_CLIENT_ID !== !!e.GOOGLE_CLIENT_SECRET) {
    problems.push('GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both or neither');
  }
  const twilioKeys = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (twilioKeys.some(Boolean) && !twilioKeys.every(Boolean)) {
    problems.push('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: set all three or none');
  }
  const smsCountries = e.SMS_COUNTRIES
    ? [...new Set(e.SMS_COUNTRIES.split(',').map((c) => c.trim().toUpperCase()))]
    : e.TWILIO_FROM
      ? countryOfSender(e.TWILIO_FROM)
      : null;
  const unknown = (e.SMS_COUNTRIES ? (smsCountries ?? []) : []).filter((c) => !isSupportedCountry(c));
  if (unknown.length > 0) problems.push(`SMS_COUNTRIES: unknown country codes ${unknown.join(', ')}`);
  if (e.TWILIO_FROM && !smsCountries?.length) {
    problems.push(
      'SMS_COUNTRIES: required when TWILIO_FROM is not a phone number with a country (an alphanumeric sender ID)',
    );
  }
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    // With a real provider the demo catalog is off unless asked for.
    seedDemoCatalog: e.SEED_DEMO_CATALOG ?? !(e.TMDB_API_TOKEN || e.TMDB_API_KEY || e.ISBNDB_API_KEY),
    syncWorker: e.SYNC_WORKER,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? (e.NODE_ENV !== 'production' || Boolean(process.stdout.isTTY)),
    trustProxy: e.TRUST_PROXY,
    amazonAffiliateTag: e.AMAZON_AFFILIATE_TAG ?? null,
    contactEmail: e.CONTACT_EMAIL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    // Case-blind, as URL schemes are: `HTTPS://...` passes the PUBLIC_URL check too.
    https: /^https:/i.test(e.PUBLIC_URL ?? ''),
    defaultRegion: e.TMDB_API_TOKEN || e.TMDB_API_KEY ? e.TMDB_REGION.toUpperCase() : DEFAULT_REGION,
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : null,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.CONTACT_EMAIL}`,
      // Every process must sign pushes with the same keys, so a shared database needs them set.
      required: e.DATABASE_URL !== undefined,
    },
    channelAllowPrivateHosts: e.CHANNEL_ALLOW_PRIVATE_HOSTS,
    authSecret: e.AUTH_SECRET ?? null,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : null,
    authRateLimitPerIp: e.AUTH_RATE_LIMIT_PER_IP,
    authMaxFailedSignins: e.AUTH_MAX_FAILED_SIGNINS,
    authMaxFailedSigninsPerAccount: e.AUTH_MAX_FAILED_SIGNINS_PER_ACCOUNT,
    notify: {
      settleSeconds: e.NOTIFY_SETTLE_SECONDS,
      worker: e.NOTIFY_WORKER,
      intervalSeconds: e.NOTIFY_INTERVAL_SECONDS,
      leaseSeconds: e.NOTIFY_LEASE_SECONDS,
    },
    tmdb:
      e.TMDB_API_TOKEN || e.TMDB_API_KEY
        ? {
            apiUrl: e.TMDB_API_URL.replace(/\/+$/, ''),
            auth: e.TMDB_API_TOKEN ? { token: e.TMDB_API_TOKEN } : { apiKey: e.TMDB_API_KEY ?? '' },
            region: e.TMDB_REGION.toUpperCase(),
            language: e.TMDB_LANGUAGE,
          }
        : null,
    isbndb: e.ISBNDB_API_KEY
      ? {
          apiUrl: e.ISBNDB_API_URL.replace(/\/+$/, ''),
          apiKey: e.ISBNDB_API_KEY,
          requestsPerSecond: e.ISBNDB_REQUESTS_PER_SECOND,
        }
      : null,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            apiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
          }
        : null,
    sms: { countries: smsCountries, maxPerHour: e.SMS_MAX_PER_HOUR },
    metricsToken: e.METRICS_TOKEN ?? null,
    imageProxy: {
      upstreams: {
        tmdb: e.TMDB_IMAGE_BASE_URL.replace(/\/+$/, ''),
        isbndb: e.ISBNDB_IMAGE_BASE_URL.replace(/\/+$/, ''),
      },
      maxBytes: e.IMAGE_PROXY_MAX_BYTES,
      timeoutMs: e.IMAGE_PROXY_TIMEOUT_MS,
    },
  };
}
