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

  it('turns the demo catalog off once a real provider is configured, unless asked for', () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.a-v4-read-token';
    expect(loadConfig({ TMDB_API_TOKEN: token }).seedDemoCatalog).toBe(false);
    expect(loadConfig({ ISBNDB_API_KEY: 'isbndb-key-123' }).seedDemoCatalog).toBe(false);
    expect(loadConfig({ TMDB_API_TOKEN: token, SEED_DEMO_CATALOG: 'true' }).seedDemoCatalog).toBe(true);
    expect(loadConfig({}).syncWorker).toBe(true);
    expect(loadConfig({ SYNC_WORKER: 'false' }).syncWorker).toBe(false);
  });

  it('reads overrides', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/rb',
      DATABASE_URL: 'postgres://u@db:5432/rb',
      SEED_DEMO_CATALOG: 'false',
      AMAZON_AFFILIATE_TAG: 'rb-20',
      AUTH_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://releasebell.example/',
      SMTP_URL: 'smtp://mail.example:2525',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://releasebell.example',
      smtpUrl: 'smtp://mail.example:2525',
      google: {
        clientId: 'id',
        clientSecret: 'secret',
        discoveryUrl: 'https://accounts.google.com/.well-known/openid-configuration',
      },
      port: 8080,
      dataDir: '/tmp/rb',
      databaseUrl: 'postgres://u@db:5432/rb',
      seedDemoCatalog: false,
      amazonAffiliateTag: 'rb-20',
    });
  });

  it('defaults the public URL to localhost on the port, and needs no secret on the embedded default', () => {
    const config = loadConfig({ PORT: '4000' });
    expect(config).toMatchObject({ publicUrl: 'http://localhost:4000', authSecret: null, google: null });
  });

  it('says once whether the product is served over https, from PUBLIC_URL', () => {
    expect(loadConfig({}).https).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://releasebell.example' }).https).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://releasebell.example/' }).https).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'HTTPS://releasebell.example' }).https).toBe(true);
  });

  it('requires AUTH_SECRET with PostgreSQL, and both Google credentials or neither', () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: 'postgres://u@db:5432/rb', GOOGLE_CLIENT_ID: 'only-the-id' });
    } catch (e) {
      error = e;
    }
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('AUTH_SECRET');
    expect(problems).toContain('GOOGLE_CLIENT_SECRET');
    expect(() => loadConfig({ AUTH_SECRET: 'too short' })).toThrow(/AUTH_SECRET/);
  });

  it('points the image proxy at the real image hosts unless told otherwise', () => {
    expect(loadConfig({}).imageProxy).toEqual({
      upstreams: { tmdb: 'https://image.tmdb.org/t/p', isbndb: 'https://images.isbndb.com/covers' },
      maxBytes: 5 * 1024 * 1024,
      timeoutMs: 8000,
    });
    const custom = loadConfig({
      TMDB_IMAGE_BASE_URL: 'http://127.0.0.1:9999/t/p/',
      IMAGE_PROXY_MAX_BYTES: '2048',
      IMAGE_PROXY_TIMEOUT_MS: '300',
    }).imageProxy;
    expect(custom.upstreams.tmdb).toBe('http://127.0.0.1:9999/t/p');
    expect(custom.maxBytes).toBe(2048);
    expect(custom.timeoutMs).toBe(300);
    expect(() => loadConfig({ ISBNDB_IMAGE_BASE_URL: 'file:///etc' })).toThrow(/ISBNDB_IMAGE_BASE_URL/);
    expect(() => loadConfig({ IMAGE_PROXY_MAX_BYTES: 'lots' })).toThrow(/IMAGE_PROXY_MAX_BYTES/);
    expect(() => loadConfig({ IMAGE_PROXY_TIMEOUT_MS: '10' })).toThrow(/IMAGE_PROXY_TIMEOUT_MS/);
    expect(() => loadConfig({ TMDB_IMAGE_BASE_URL: 'not a url' })).toThrow(
      /TMDB_IMAGE_BASE_URL: must be an http/,
    );
    // Nothing a request path could be appended after: credentials, a query or a fragment.
    for (const bad of [
      'https://user:pw@image.tmdb.org/t/p',
      'https://image.tmdb.org/t/p?key=1',
      'https://image.tmdb.org/t/p#x',
    ]) {
      expect(() => loadConfig({ TMDB_IMAGE_BASE_URL: bad }), bad).toThrow(
        /TMDB_IMAGE_BASE_URL: must have no user name, password, query or fragment/,
      );
    }
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

  it("texts mobiles of TWILIO_FROM's country by default, any country without Twilio, or SMS_COUNTRIES", () => {
    const twilio = { TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'token-123456' };
    expect(loadConfig({}).sms).toEqual({ countries: null, maxPerHour: 500 });
    expect(loadConfig({ ...twilio, TWILIO_FROM: '+447400123456' }).sms.countries).toEqual(['GB']);
    expect(loadConfig({ ...twilio, TWILIO_FROM: '+14155550100', SMS_COUNTRIES: ' us, ca ,US' }).sms).toEqual({
      countries: ['US', 'CA'],
      maxPerHour: 500,
    });
    expect(loadConfig({ SMS_MAX_PER_HOUR: '20' }).sms.maxPerHour).toBe(20);
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (e) {
        return (e as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ ...twilio, TWILIO_FROM: 'Releasebell' })).toContain(
      'SMS_COUNTRIES: required when TWILIO_FROM is not a phone number',
    );
    expect(problems({ SMS_COUNTRIES: 'USA' })).toContain('SMS_COUNTRIES: must be ISO 3166-1 country codes');
    expect(problems({ SMS_COUNTRIES: 'US,XQ' })).toBe('SMS_COUNTRIES: unknown country codes XQ');
    expect(problems({ SMS_MAX_PER_HOUR: '0' })).toContain('SMS_MAX_PER_HOUR');
  });

  it('serves /metrics by token when METRICS_TOKEN is set, and takes no short one', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 16 characters/,
    );
  });
});

describe('loadConfig: web push', () => {
  it('makes a pair on the embedded default, needs one with PostgreSQL, and takes both keys or neither', () => {
    expect(loadConfig({}).vapid).toEqual({
      keys: null,
      subject: 'mailto:hello@releasebell.app',
      required: false,
    });
    const shared = loadConfig({ DATABASE_URL: 'postgres://db/releasebell', AUTH_SECRET: 'x'.repeat(32) });
    expect(shared.vapid).toMatchObject({ keys: null, required: true });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` })).toThrow(
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither',
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(
      'VAPID_SUBJECT: must be a mailto: or https: URL',
    );
    expect(loadConfig({ CHANNEL_ALLOW_PRIVATE_HOSTS: 'true' }).channelAllowPrivateHosts).toBe(true);
  });
});
