import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVED_BY, soakConfig, startBalancer } from './balancer';
import type { RequestRecord } from './load';
import { freePort, until } from './net';
import type { NoticeReport } from './notices';
import { judge } from './report';

const reference = readFileSync(path.resolve(import.meta.dirname, '../../../deploy/haproxy.cfg'), 'utf8');

describe("the soak's HAProxy configuration", () => {
  const config = soakConfig(reference, 8088, [4001, 4002], '/tmp/x/haproxy.sock');

  it('is the reference one with the instances, the address, a stats socket and the served-by header', () => {
    expect(config).toContain('bind 127.0.0.1:8088');
    expect(config.match(/^ {4}server .*$/gm)).toEqual([
      '    server app1 127.0.0.1:4001 check',
      '    server app2 127.0.0.1:4002 check',
    ]);
    expect(config).toContain('stats socket /tmp/x/haproxy.sock');
    expect(config).toContain(`http-after-response set-header ${SERVED_BY} %s`);
    // Everything else as deployed: the health checks and the retry rules.
    for (const line of ['http-check send meth GET uri /readyz', 'retry-on conn-failure', 'disable-l7-retry'])
      expect(config).toContain(line);
  });

  it('passes HAProxy’s own check', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'soak-cfg-'));
    try {
      writeFileSync(path.join(dir, 'haproxy.cfg'), config);
      expect(() =>
        execFileSync('/usr/sbin/haproxy', ['-c', '-q', '-f', path.join(dir, 'haproxy.cfg')]),
      ).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('does not pass the app’s keep-alive hint on, so a client closes an idle connection before HAProxy does', async () => {
    // An instance as the app answers: Fastify keeps idle connections 72 s and says so in Keep-Alive.
    const app = http.createServer((_req, res) => res.end('{}'));
    app.keepAliveTimeout = 72_000;
    const port = await freePort();
    await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', resolve));
    const dir = mkdtempSync(path.join(tmpdir(), 'soak-keep-alive-'));
    const balancer = await startBalancer(dir, [port]);
    try {
      await until('the instance in HAProxy', async () => (await balancer.state('app1')) === 'UP', 10_000);
      const direct = await fetch(`http://127.0.0.1:${port}/`);
      expect(direct.headers.get('keep-alive')).toBe('timeout=72');
      const through = await fetch(`${balancer.url}/`);
      expect(through.status).toBe(200);
      expect(through.headers.get(SERVED_BY)).toBe('app1');
      expect(through.headers.get('keep-alive')).toBeNull();
    } finally {
      await balancer.close();
      app.closeAllConnections();
      await new Promise((resolve) => app.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a reference that no longer has what it replaces', () => {
    expect(() => soakConfig(reference.replace(/bind :\d+/, 'bind *:80'), 1, [2], '/s')).toThrow(/bind/);
  });
});

describe("the soak's verdict", () => {
  const request = (over: Partial<RequestRecord>): RequestRecord => ({
    what: 'search',
    start: 1000,
    end: 1100,
    status: 200,
    failed: false,
    server: 'app1',
    ...over,
  });
  const notices: NoticeReport = { expected: 2, sent: 2, lost: [], duplicates: 1, doubles: [] };
  const outcome = (records: RequestRecord[], extra: Partial<Parameters<typeof judge>[0]> = {}) =>
    judge({
      startedAt: 0,
      records,
      kills: [{ name: 'app2', at: 5000, outAfterMs: 1200 }],
      pgWindow: { from: 10_000, to: 12_000 },
      rolling: { from: 20_000, to: 40_000 },
      notices,
      crashes: [],
      imports: [],
      importStatuses: new Map(),
      ...extra,
    });

  it('forgives what was in flight on the killed instance and quick 503s while PostgreSQL restarts', () => {
    const verdict = outcome([
      request({}),
      request({ start: 4900, end: 5001, status: 502, failed: true, server: 'app2' }),
      // Sent after the kill, before HAProxy took the instance out (1.2 s): closed without an answer.
      request({ start: 6100, end: 6160, status: null, failed: true, server: null }),
      request({ start: 11_000, end: 11_020, status: 503, failed: true }),
    ]);
    expect(verdict).toMatchObject({ ok: true, failed: 3, duringPg: 1, lost: 0 });
  });

  it('does not forgive a failure on another instance, during the rolling restart, or a slow or wrong one during PostgreSQL’s', () => {
    for (const failure of [
      request({ start: 4900, end: 5001, status: 502, failed: true, server: 'app1' }),
      request({ start: 6300, end: 6360, status: null, failed: true, server: null }),
      request({ start: 30_000, end: 30_010, status: 503, failed: true }),
      request({ start: 10_500, end: 16_000, status: 503, failed: true }),
      request({ start: 10_500, end: 10_600, status: 500, failed: true }),
    ]) {
      expect(outcome([failure]).ok, JSON.stringify(failure)).toBe(false);
    }
  });

  it('fails on a lost notice, an email under another Message-ID, a lost import or a crash', () => {
    expect(outcome([], { notices: { ...notices, lost: ['a@example.com about X: no row'] } })).toMatchObject({
      ok: false,
      lost: 1,
    });
    expect(outcome([], { notices: { ...notices, doubles: ['<x@…>'] } }).ok).toBe(false);
    const member = { n: 1, email: 'm@example.com', ip: '10.0.0.1', uid: 'u', cookie: '' };
    expect(
      outcome([], {
        imports: [{ member, id: 'i1', applied: true }],
        importStatuses: new Map([['i1', 'ready']]),
      }),
    ).toMatchObject({ ok: false, lost: 1 });
    expect(outcome([], { crashes: ['app1 exited by itself'] }).ok).toBe(false);
  });
});
