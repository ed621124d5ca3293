import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { AUTH_MESSAGES, englishOf } from '@releasebell/contract';
import { like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../../../test/helpers';
import { rateLimitCounters } from '../../db/schema';
import { defaultHashingLimits } from './password-hash';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over a real connection, from `localAddress` (a loopback address of its own). */
function request(
  port: number,
  options: {
    method?: string;
    path: string;
    localAddress?: string;
    body?: unknown;
    headers?: Record<string, string>;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        agent: false,
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          ...options.headers,
          ...(payload ? { 'content-type': 'application/json', origin: TEST_ORIGIN } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('password hashing under a burst of sign-ins', () => {
  let app: FastifyInstance;
  let port: number;
  let webDir: string;

  beforeAll(async () => {
    // A built web app of the smallest kind: the page shell and one script, read from disk per request.
    webDir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-web-'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><title>Releasebell</title></head><body><div id="root"></div></body></html>',
    );
    await writeFile(
      path.join(webDir, 'assets', 'app-1234.js'),
      `console.log(${JSON.stringify('x'.repeat(50_000))});`,
    );
    app = await buildTestApp({ env: { WEB_DIST_DIR: webDir }, productHashCost: true });
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('keeps pages and files answering, memory bounded, and answers every sign-in', async () => {
    const limits = defaultHashingLimits();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 20);
    loop.enable();

    // 90 sign-ins with unknown emails, 30 from each of three addresses (inside the per-address limit).
    let checked = 0;
    const signIns = ['127.0.0.2', '127.0.0.3', '127.0.0.4'].flatMap((localAddress) =>
      Array.from({ length: 30 }, (_, i) =>
        request(port, {
          method: 'POST',
          path: '/api/auth/sign-in/email',
          localAddress,
          body: { email: `nobody.${localAddress}.${i}@example.com`, password: 'not-the-password-1' },
        }).then((answer) => {
          if (answer.status === 401) checked++;
          return answer;
        }),
      ),
    );
    let done = false;
    const all = Promise.all(signIns).finally(() => {
      done = true;
    });

    // Meanwhile a visitor loads the page and its script, again and again. Each load counts the
    // password checks that finished while it waited: on a shared pool it waits behind the queue.
    const waitedBehind: number[] = [];
    const pages: Answer[] = [];
    while (!done) {
      for (const target of ['/', '/assets/app-1234.js']) {
        const before = checked;
        pages.push(await request(port, { path: target, headers: { accept: 'text/html' } }));
        waitedBehind.push(checked - before);
      }
    }
    const answers = await all;
    clearInterval(sampler);
    loop.disable();

    expect(pages.every((p) => p.status === 200)).toBe(true);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    // A page never waits behind the hashing queue (threads plus 8 a thread; the old shared pool made
    // it wait behind all 90). A page slowed by a busy CPU may see a hash or two more finish meanwhile.
    expect(Math.max(...waitedBehind)).toBeLessThanOrEqual(limits.threads * 3);
    // The event loop is never held: no password check runs on it.
    expect(loop.percentile(99) / 1e6).toBeLessThan(250);

    // Every sign-in answered: checked (401), or turned away at once (503) past the bounded queue.
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].every((s) => [401, 429, 503].includes(s))).toBe(true);
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(90 - busy.length);
    for (const answer of busy) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(answer.body)).toEqual({
        error: { code: 'AUTH_BUSY', message: englishOf(AUTH_MESSAGES.busy) },
      });
    }
    // A sign-in turned away as busy tried no password: it uses up none of the address's attempts.
    const counted = await app.database.db
      .select({ n: sql<number>`coalesce(sum(${rateLimitCounters.count}), 0)::int` })
      .from(rateLimitCounters)
      .where(like(rateLimitCounters.key, 'auth-ip:%'));
    expect(counted[0]?.n).toBe(answers.length - busy.length);
    const { peakAdmitted, admitted, queued } = app.passwordHasher.stats();
    expect(peakAdmitted).toBeLessThanOrEqual(limits.threads + limits.queue);
    expect(admitted).toBe(0);
    expect(queued).toBe(0);

    // Memory: at most one scrypt buffer (128 MiB) per hashing thread, never one per request.
    expect((rssPeak - rssBefore) / 2 ** 20).toBeLessThan(300);
  }, 120_000);

  it('still signs a member in once the burst is over', async () => {
    const email = 'after.burst@example.com';
    const signUp = await request(port, {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      body: { email, password: 'a-good-password-1', name: 'After Burst' },
    });
    expect(signUp.status).toBe(200);
    const signIn = await request(port, {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      localAddress: '127.0.0.5',
      body: { email, password: 'a-good-password-1' },
    });
    expect(signIn.status).toBe(200);

    // Stored as scrypt at OWASP's cost (N=2^17, r=8, p=1), never as given.
    const account = await app.database.db.query.accounts.findFirst({
      where: (a, { eq }) => eq(a.userId, JSON.parse(signUp.body).user.id),
    });
    expect(account?.password).toMatch(/^scrypt\$131072\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(account?.password).not.toContain('a-good-password-1');
  });
});
