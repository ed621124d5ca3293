import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createProviderClient,
  ProviderAuthError,
  ProviderNotFoundError,
  ProviderUnavailableError,
  retryAfterMs,
} from './provider-client';
import { createTokenBucket } from './token-bucket';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | 'drop' | 'hang';

/** A provider on 127.0.0.1 that answers from a script, then 200 `{ ok: true, n }`. */
let script: Answer[] = [];
let seen: { url: string; auth: string | undefined }[] = [];
let server: http.Server;
let base = '';
beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization });
    const answer = script.shift() ?? { status: 200, body: { ok: true, n: seen.length } };
    if (answer === 'drop') return req.socket.destroy();
    if (answer === 'hang') return;
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify(answer.body ?? {}));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  script = [];
  seen = [];
});

/** A clock the client's waits move, and the waits it asked for. */
function fakeTime() {
  let t = 0;
  const waits: number[] = [];
  return {
    now: () => t,
    sleep: async (ms: number) => {
      waits.push(Math.round(ms));
      t += ms;
    },
    waits,
  };
}

const okSchema = z.object({ ok: z.literal(true), n: z.number() });

function client(extra: Partial<Parameters<typeof createProviderClient>[0]> = {}) {
  const time = fakeTime();
  const c = createProviderClient({
    name: 'TMDB',
    baseUrl: base,
    headers: { authorization: 'Bearer secret-token' },
    query: { api_key: 'secret-key' },
    keyVariable: 'TMDB_API_TOKEN',
    requestsPerSecond: 40,
    now: time.now,
    sleep: time.sleep,
    random: () => 0.5,
    ...extra,
  });
  return { c, time };
}

describe('provider client', () => {
  it('sends the credentials and reads the answer through the schema', async () => {
    const { c } = client();
    await expect(c.get('/movie/603', okSchema, { language: 'en-US' })).resolves.toEqual({ ok: true, n: 1 });
    expect(seen[0]).toEqual({
      url: '/3/movie/603?api_key=secret-key&language=en-US',
      auth: 'Bearer secret-token',
    });
  });

  it('stops at a refused key, naming the variable to fix, and never retries it', async () => {
    const { c } = client();
    script = [{ status: 401, body: { status_code: 7, status_message: 'Invalid API key', success: false } }];
    const err = await c.get('/movie/603', okSchema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderAuthError);
    expect((err as Error).message).toBe('TMDB refused the API key (HTTP 401): check TMDB_API_TOKEN.');
    expect(seen).toHaveLength(1);
  });

  it('says what is missing on a 404, without the key in the message', async () => {
    const { c } = client();
    script = [{ status: 404, body: { status_code: 34 } }];
    const err = await c.get('/movie/1', okSchema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderNotFoundError);
    expect((err as Error).message).toBe('TMDB has nothing at /3/movie/1?api_key=***.');
  });

  it('waits as long as a 429 says (Retry-After), then goes on', async () => {
    const { c, time } = client();
    script = [{ status: 429, body: { status_code: 25 }, headers: { 'retry-after': '3' } }];
    await expect(c.get('/movie/popular', okSchema)).resolves.toMatchObject({ ok: true });
    expect(time.waits).toEqual([3000]);
  });

  it('retries server errors and dropped connections with growing waits, then succeeds', async () => {
    const { c, time } = client();
    script = [{ status: 500, body: { status_code: 11 } }, 'drop', { status: 503 }];
    await expect(c.get('/tv/1399', okSchema)).resolves.toMatchObject({ ok: true, n: 4 });
    expect(time.waits).toEqual([500, 1000, 2000]);
  });

  it('gives up after its tries with what went wrong, and retries a timeout', async () => {
    const { c } = client({ maxAttempts: 2, timeoutMs: 100 });
    script = ['hang', 'hang'];
    const err = await c.get('/movie/603', okSchema).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderUnavailableError);
    expect((err as Error).message).toBe(
      'TMDB did not answer /3/movie/603?api_key=*** after 2 tries: no answer within 100 ms.',
    );
    expect(seen).toHaveLength(2);
  });

  it('refuses an answer in a shape it does not read, naming the field', async () => {
    const { c } = client();
    script = [{ status: 200, body: { ok: true, n: 'three' } }];
    await expect(c.get('/movie/603', okSchema)).rejects.toThrow(
      'TMDB answered /3/movie/603?api_key=*** in a shape we do not read: n: Invalid input: expected number, received string',
    );
  });
});

describe('token bucket', () => {
  it('lets a burst through, then one request per 1/rate seconds, in order', async () => {
    const time = fakeTime();
    const bucket = createTokenBucket({ ratePerSecond: 2, burst: 2, now: time.now, sleep: time.sleep });
    const order: number[] = [];
    await Promise.all([1, 2, 3, 4, 5].map((i) => bucket.take().then(() => order.push(i))));
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(time.waits).toEqual([500, 500, 500]);
    expect(time.now()).toBe(1500);
  });

  it('holds everyone back while the provider asked to wait', async () => {
    const time = fakeTime();
    const bucket = createTokenBucket({ ratePerSecond: 40, now: time.now, sleep: time.sleep });
    bucket.pause(2000);
    await bucket.take();
    expect(time.now()).toBe(2000);
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:05 GMT', Date.parse('2026-11-25T10:00:00Z'))).toBe(5000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});
