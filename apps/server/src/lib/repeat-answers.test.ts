/**
 * Repeats of cached catalog addresses answered before Fastify sees them (the front door): the same
 * status, headers and bytes as the app's own path, the same access line, only for GETs of remembered
 * addresses, and nothing once the app is closing.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, GLASS_HARBOR } from '../../test/helpers';
import { catalogRoutes } from '../modules/catalog/routes';
import type { CatalogService } from '../modules/catalog/service';
import { registerErrorHandling } from '../plugins/error-handler';
import { createFrontDoor, installFrontDoor, type RepeatAnswer, RepeatAnswers } from './repeat-answers';

interface Answer {
  status: number;
  /** Header names and values in the order they were sent. */
  rawHeaders: string[];
  body: Buffer;
}

/** One request over a connection of its own, as a browser or wrk sends it. */
function request(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });
}

const portOf = (app: FastifyInstance) => (app.server.address() as { port: number }).port;

/** The headers as [name, value] pairs, with the ones that differ by request (date, request id) blanked. */
const comparable = (answer: Answer) => {
  const pairs: [string, string][] = [];
  for (let i = 0; i < answer.rawHeaders.length; i += 2) {
    const name = answer.rawHeaders[i] as string;
    const value = answer.rawHeaders[i + 1] as string;
    pairs.push([name, /^(date|x-request-id)$/i.test(name) ? '' : value]);
  }
  return pairs;
};
const header = (answer: Answer, name: string) => {
  const at = answer.rawHeaders.findIndex((h, i) => i % 2 === 0 && h.toLowerCase() === name);
  return at === -1 ? undefined : answer.rawHeaders[at + 1];
};

describe('the front door of the app', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const linesOf = (reqId: string) =>
    lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.reqId === reqId);

  beforeAll(async () => {
    app = await buildTestApp({
      seedDemo: true,
      env: { LOG_LEVEL: 'info', CATALOG_CACHE_SECONDS: '60' },
      logDestination: { write: (line) => lines.push(line) },
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => app.close());

  it('is in front of Fastify on the app server', () => {
    expect(app.server.listeners('request')).not.toContain(app.routing);
  });

  it.each(['/trending/books', '/upcoming/movies?limit=5', '/media/featured/tv_seasons'])(
    'answers a repeat of %s as the app itself does, gzipped and plain, with the same access line',
    async (url) => {
      const port = portOf(app);
      for (const [encoding, suffix] of [
        ['gzip, deflate, br', 'gz'],
        ['identity', 'plain'],
      ] as const) {
        const tag = `${url}-${suffix}`.replace(/[^\w-]/g, '_');
        const first = await request(port, url, {
          'accept-encoding': encoding,
          'x-request-id': `first${tag}`,
        });
        const repeat = await request(port, url, {
          'accept-encoding': encoding,
          'x-request-id': `again${tag}`,
        });
        expect(first.status).toBe(200);
        expect(repeat.status).toBe(200);
        expect(comparable(repeat)).toEqual(comparable(first));
        expect(repeat.body.equals(first.body)).toBe(true);
        expect(header(repeat, 'x-request-id')).toBe(`again${tag}`);
        expect(header(repeat, 'content-encoding')).toBe(suffix === 'gz' ? 'gzip' : undefined);
        if (suffix === 'gz') expect(JSON.parse(gunzipSync(repeat.body).toString('utf8'))).toBeTruthy();

        const [firstLine] = linesOf(`first${tag}`);
        const repeatLines = linesOf(`again${tag}`);
        expect(repeatLines).toHaveLength(1);
        const [line] = repeatLines;
        expect(Object.keys(line ?? {})).toEqual(Object.keys(firstLine ?? {}));
        expect(line).toMatchObject({
          level: 30,
          msg: 'request completed',
          method: 'GET',
          path: url.split('?')[0],
          status: 200,
          responseTime: expect.any(Number),
        });
      }
    },
  );

  it('never logs the query string of a repeat', async () => {
    const port = portOf(app);
    const url = '/trending/movies?limit=3';
    await request(port, url, { 'x-request-id': 'query-first' });
    const repeat = await request(port, url, { 'x-request-id': 'query-again' });
    expect(repeat.status).toBe(200);
    expect(linesOf('query-again')).toMatchObject([{ path: '/trending/movies' }]);
    expect(lines.filter((l) => l.includes('query-again')).join('')).not.toContain('limit');
  });
});

const item = GLASS_HARBOR;

describe('the front door', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  /** Fastify with the catalog's routes behind a front door; `reached` counts requests Fastify saw. */
  async function start() {
    const repeats = new RepeatAnswers();
    const server = Fastify();
    app = server;
    server.setValidatorCompiler(validatorCompiler);
    server.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(server);
    const counts = { reached: 0 };
    server.addHook('onRequest', async () => {
      counts.reached++;
    });
    const logged: unknown[][] = [];
    const door = createFrontDoor({
      repeats,
      securityHeaders: () => ({ 'x-content-type-options': 'nosniff' }),
      requestId: (req) => String(req.headers['x-request-id'] ?? 'made-up'),
      logAnswer: (...args) => logged.push(args),
    });
    const installed = installFrontDoor(server, door);
    const catalog = {
      today: () => '2026-11-23',
      trending: async () => [item],
    } as unknown as CatalogService;
    await server.register(catalogRoutes, { catalog, cacheSeconds: 60, repeats });
    await server.listen({ host: '127.0.0.1', port: 0 });
    return { port: portOf(server), counts, logged, door, installed };
  }

  it('answers only GETs of the addresses answered with a 200, before Fastify sees them', async () => {
    const { port, counts, logged, installed } = await start();
    expect(installed).toBe(true);
    expect((await request(port, '/trending/movies')).status).toBe(200);
    expect(counts.reached).toBe(1);
    const repeat = await request(port, '/trending/movies', { 'x-request-id': 'r2' });
    expect(repeat.status).toBe(200);
    expect(JSON.parse(repeat.body.toString('utf8'))).toEqual([item]);
    expect(counts.reached).toBe(1);
    expect(logged).toEqual([['r2', 'GET', '/trending/movies', 200, expect.any(Number)]]);

    // Another address, a HEAD of the same one and a refused address all go to Fastify.
    expect((await request(port, '/trending/movies?limit=5')).status).toBe(200);
    expect((await request(port, '/trending/movies', {}, 'HEAD')).status).toBe(200);
    expect((await request(port, '/trending/podcasts')).status).toBe(400);
    expect((await request(port, '/trending/podcasts')).status).toBe(400);
    expect(counts.reached).toBe(5);
    expect(logged).toHaveLength(1);
  });

  it('hands everything to Fastify once closed', async () => {
    const { port, counts, door } = await start();
    await request(port, '/trending/movies');
    await request(port, '/trending/movies');
    expect(counts.reached).toBe(1);
    door.close();
    expect((await request(port, '/trending/movies')).status).toBe(200);
    expect(counts.reached).toBe(2);
  });

  it('is closed as the app starts closing', async () => {
    const { port, door } = await start();
    await request(port, '/trending/movies');
    const req = { method: 'GET', url: '/trending/movies', headers: {} };
    const res = { on() {}, writeHead() {}, end() {} };
    await app?.close();
    app = undefined;
    expect(door.answer(req as never, res as never)).toBe(false);
  });

  it('leaves a server alone whose request listener is not Fastify', () => {
    const server = Fastify();
    app = server;
    const other = () => {};
    server.server.removeAllListeners('request');
    server.server.on('request', other);
    const door = createFrontDoor({
      repeats: new RepeatAnswers(),
      securityHeaders: () => ({}),
      requestId: () => 'id',
      logAnswer: () => {},
    });
    expect(installFrontDoor(server, door)).toBe(false);
    expect(server.server.listeners('request')).toEqual([other]);
  });
});

describe('RepeatAnswers', () => {
  const answer = (over: Partial<RepeatAnswer> = {}): RepeatAnswer => ({
    json: Buffer.from('[]'),
    gzip: Buffer.from('[]'),
    expires: Date.now() + 60_000,
    cacheControl: undefined,
    current: undefined,
    ...over,
  });

  it('forgets an answer once it has expired or is no longer current', () => {
    const repeats = new RepeatAnswers();
    let current = true;
    repeats.remember('/a', answer({ expires: Date.now() - 1 }));
    repeats.remember('/b', answer({ current: () => current }));
    expect(repeats.get('/a')).toBeUndefined();
    expect(repeats.get('/b')).toBeDefined();
    current = false;
    expect(repeats.get('/b')).toBeUndefined();
    current = true;
    expect(repeats.get('/b')).toBeUndefined();
  });

  it('keeps at most its bound of addresses, the oldest going first', () => {
    const repeats = new RepeatAnswers(2);
    repeats.remember('/1', answer());
    repeats.remember('/2', answer());
    repeats.remember('/2', answer());
    repeats.remember('/3', answer());
    expect([repeats.get('/1'), repeats.get('/2'), repeats.get('/3')].map(Boolean)).toEqual([
      false,
      true,
      true,
    ]);
  });
});
