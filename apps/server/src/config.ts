import path from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: () => 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  SEED_DEMO_CATALOG: booleanString.default(true),
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
});

export type Env = z.input<typeof envSchema>;

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
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once. Throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "not set", as in most .env conventions.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    seedDemoCatalog: e.SEED_DEMO_CATALOG,
    logLevel: e.LOG_LEVEL,
    logPretty: e.LOG_PRETTY ?? (e.NODE_ENV !== 'production' || Boolean(process.stdout.isTTY)),
    trustProxy: e.TRUST_PROXY,
    amazonAffiliateTag: e.AMAZON_AFFILIATE_TAG ?? null,
    contactEmail: e.CONTACT_EMAIL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    catalogCacheSeconds: e.CATALOG_CACHE_SECONDS,
  };
}
