import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs with no configuration at all on the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.seedDemoCatalog).toBe(true);
    expect(config.amazonAffiliateTag).toBeNull();
  });

  it('reads overrides', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/rb',
      DATABASE_URL: 'postgres://u@db:5432/rb',
      SEED_DEMO_CATALOG: 'false',
      AMAZON_AFFILIATE_TAG: 'rb-20',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/rb',
      databaseUrl: 'postgres://u@db:5432/rb',
      seedDemoCatalog: false,
      amazonAffiliateTag: 'rb-20',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', SEED_DEMO_CATALOG: 'maybe' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'SEED_DEMO_CATALOG'])
      expect(problems).toContain(name);
    expect((error as ConfigError).message).toContain('Invalid configuration');
  });
});
