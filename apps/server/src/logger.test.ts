/**
 * What a request logs: one access line, written with the others of its turn of the event
 * loop, never its query string, headers or cookies; errors with their request id and stack; and no
 * request logger made unless something logs through it.
 */
import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../test/helpers';
import {
  AccessLogController,
  hundredths,
  type LogOutputStream,
  lazyChildLogger,
  pathOf,
  StdoutLogOutput,
} from './logger';

type Line = Record<string, unknown> & { msg?: string; reqId?: string };

describe('access log', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  const parsed = () => lines.map((l) => JSON.parse(l) as Line);
  const ofRequest = (id: string) => parsed().filter((l) => l.reqId === id);

  beforeAll(async () => {
    app = await buildTestApp({
      env: { LOG_LEVEL: 'info' },
      logDestination: { write: (line) => lines.push(line) },
    });
    app.get('/api/test-failure', async () => {
      throw new Error('the database went away');
    });
  });
  afterAll(() => app.close());

  it('writes one line per request: request id, method, path, status and time, nothing else about it', async () => {
    const res = await app.inject({
      url: '/trending/books?limit=5',
      headers: { 'x-request-id': 'list-1', 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('list-1');
    const mine = ofRequest('list-1');
    expect(mine).toHaveLength(1);
    const [line] = mine;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: 'list-1',
      method: 'GET',
      path: '/trending/books',
      status: 200,
    });
    expect(line?.responseTime).toEqual(expect.any(Number));
    expect(Object.keys(line ?? {}).sort()).toEqual(
      ['hostname', 'level', 'method', 'msg', 'path', 'pid', 'reqId', 'responseTime', 'status', 'time'].sort(),
    );
    // Fastify's own two lines per request are gone.
    expect(lines.join('')).not.toContain('incoming request');
  });

  it('logs 4xx answers the same way, and makes up a request id when none is sent', async () => {
    const before = lines.length;
    const res = await app.inject({ url: '/trending/podcasts' });
    expect(res.statusCode).toBe(400);
    const added = parsed().slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      reqId: res.headers['x-request-id'],
      method: 'GET',
      path: '/trending/podcasts',
      status: 400,
    });
  });

  it("logs the router's own errors (an address it cannot decode) too", async () => {
    const res = await app.inject({
      url: '/watchlist/%zz?token=abc',
      headers: { 'x-request-id': 'bad-url-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(ofRequest('bad-url-1')).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/watchlist/%zz',
        status: 400,
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('never logs the query string (tokens travel there), nor cookies or authorization', async () => {
    const token = 'secret-unsubscribe-token-0123456789';
    await app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token}`,
      headers: {
        'x-request-id': 'unsubscribe-1',
        cookie: 'better-auth.session_token=secret-session-cookie',
        authorization: 'Bearer secret-bearer',
      },
    });
    await app.inject({
      url: `/api/test-failure?token=${token}`,
      headers: { 'x-request-id': 'failure-0', cookie: 'session=secret-session-cookie' },
    });
    expect(ofRequest('unsubscribe-1')).toEqual([
      expect.objectContaining({ path: '/api/notifications/unsubscribe', method: 'POST' }),
    ]);
    const all = lines.join('');
    expect(all).not.toContain(token);
    expect(all).not.toContain('secret-session-cookie');
    expect(all).not.toContain('secret-bearer');
  });

  it('logs an error with its request id and stack, then the access line with status 500', async () => {
    const res = await app.inject({ url: '/api/test-failure', headers: { 'x-request-id': 'failure-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('database went away');
    const mine = ofRequest('failure-1');
    expect(mine).toHaveLength(2);
    const [error, access] = mine as [Line, Line];
    expect(error).toMatchObject({ level: 50, msg: 'request failed', reqId: 'failure-1' });
    const err = error.err as { message: string; stack: string };
    expect(err.message).toBe('the database went away');
    expect(err.stack).toContain('logger.test.ts');
    expect(access).toMatchObject({ level: 30, path: '/api/test-failure', status: 500, reqId: 'failure-1' });
  });

  it('logs a failed query without its parameters (what members typed)', async () => {
    const email = 'someone.secret@example.com';
    const insert = () =>
      app.database.db.execute(
        sql`insert into users (id, name, email) values (${`u-${email}`}, 'N', ${email})`,
      );
    await insert();
    const failure = await insert().catch((err: unknown) => err);
    app.log.error({ err: failure }, 'query failed');
    const line = lines.find((l) => l.includes('"query failed"'))!;
    const err = (JSON.parse(line) as Line).err as { message: string; stack: string; query: string };
    expect(err.message).toMatch(/^Failed query: insert into users/);
    expect(err.message).toMatch(/params: \[not logged\]/);
    expect(err.query).toMatch(/^insert into users/);
    expect(line).not.toContain('someone.secret');
  });
});

describe('the access line', () => {
  it('is the line pino writes for the same fields', () => {
    const lines: string[] = [];
    const root = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const emitted: [string, number][] = [];
    const controller = new AccessLogController((line, level) => emitted.push([line, level]));
    const request = {
      id: 'id "1"',
      method: 'GET',
      url: '/media/slug/books/caf\u00e9?region=GB',
      server: { log: root },
    };
    const reply = { statusCode: 200, elapsedTime: 0.123456 };
    controller.requestCompleted(null, request as never, reply as never);
    root.info(
      {
        reqId: 'id "1"',
        method: 'GET',
        path: '/media/slug/books/caf\u00e9',
        status: 200,
        responseTime: 0.12,
      },
      'request completed',
    );
    const [ours, level] = emitted[0] ?? ['', 0];
    const withoutTime = (line: string) => line.replace(/"time":\d+/, '"time":0');
    expect(level).toBe(30);
    expect(withoutTime(ours)).toBe(withoutTime(lines[0] ?? ''));
    root.level = 'warn';
    controller.requestCompleted(null, request as never, reply as never);
    expect(emitted).toHaveLength(1);
  });
});

describe('hundredths', () => {
  it('writes a time in ms as JavaScript writes it rounded to hundredths', () => {
    const times = [0, 0.004, 0.005, 0.1, 0.123456, 1, 1.2, 1.05, 9.999, 14.46, 120, 1e6 + 0.07];
    for (let i = 0; i < 20_000; i++) times.push(Math.random() * 10 ** (i % 8));
    for (const ms of times) expect(hundredths(ms)).toBe(String(Math.round(ms * 100) / 100));
  });
});

describe('request loggers', () => {
  const make = (level: string) => {
    const lines: string[] = [];
    const root = pino({ level }, { write: (line: string) => lines.push(line) });
    const child = vi.spyOn(root, 'child');
    const log = lazyChildLogger.call(
      {} as never,
      root as unknown as FastifyBaseLogger,
      { reqId: 'r-1' },
      {},
      {} as never,
    );
    return { lines, child, log };
  };

  it('are made only when something logs through them at an enabled level', () => {
    const { lines, child, log } = make('info');
    expect(log.level).toBe('info');
    log.debug('not at info');
    expect(child).not.toHaveBeenCalled();
    log.warn({ origin: 'https://elsewhere.example' }, 'cross-site request refused');
    log.info('and again');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({ level: 40, reqId: 'r-1', origin: 'https://elsewhere.example' }),
      expect.objectContaining({ level: 30, reqId: 'r-1', msg: 'and again' }),
    ]);
  });

  it('keep a route level of their own', () => {
    const lines: string[] = [];
    const root = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const log = lazyChildLogger.call(
      {} as never,
      root as unknown as FastifyBaseLogger,
      { reqId: 'r-2' },
      { level: 'debug' },
      {} as never,
    );
    expect(log.level).toBe('debug');
    log.debug('shown at the route level');
    expect(lines).toHaveLength(1);
  });
});

describe('log output', () => {
  /** A stand-in for process.stdout on a pipe: records each write. */
  function fakeStdout() {
    const writes: string[] = [];
    const stream = Object.assign(new EventEmitter(), {
      writableLength: 0,
      destroyed: false,
      write(chunk: string, callback?: () => void) {
        if (chunk) writes.push(chunk);
        callback?.();
        return true;
      },
    });
    return { writes, stream: stream as unknown as LogOutputStream };
  }
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  it("writes a turn's lines together once its I/O is done, and a warning at once, in order", async () => {
    const { writes, stream } = fakeStdout();
    const output = new StdoutLogOutput(stream, 1024);
    output.write('a\n');
    output.write('b\n');
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toEqual(['a\nb\n']);
    output.write('c\n');
    output.write('warn\n', true);
    expect(writes).toEqual(['a\nb\n', 'c\nwarn\n']);
    await nextTurn();
    expect(writes).toHaveLength(2);
  });

  it('drops lines past its bound, pending ones included, and counts them', async () => {
    const { writes, stream } = fakeStdout();
    const output = new StdoutLogOutput(stream, 10);
    output.write('12345\n');
    output.write('67890\n');
    expect(output.droppedTotal).toBe(1);
    await output.flush(100);
    expect(writes).toEqual(['12345\n']);
  });
});

describe('pathOf', () => {
  it('drops the query', () => {
    expect(pathOf('/api/notifications/unsubscribe?token=abc')).toBe('/api/notifications/unsubscribe');
    expect(pathOf('/trending/books')).toBe('/trending/books');
    expect(pathOf('/s/abc?')).toBe('/s/abc');
  });
});
