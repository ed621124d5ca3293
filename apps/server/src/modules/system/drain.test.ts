import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_ORIGIN } from '../../../test/helpers';
import { drainThenClose } from '../../lifecycle';

// A stop on SIGTERM: /readyz says 503 at once, so a load balancer takes the instance out, while what
// still arrives is served; then requests in flight are finished before the process closes.

describe('draining before a stop', () => {
  let app: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });

  it('answers 503 on /readyz, keeps serving, finishes a request in flight, then closes', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    // A request in flight: its headers sent, half its body still to come.
    const body = JSON.stringify({ title: 'A Book Still Coming', media_type: 'books', extra_info: 'x' });
    let finishBody = () => {};
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        `${base}/api/request`,
        {
          method: 'POST',
          headers: {
            origin: TEST_ORIGIN,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      finishBody = () => req.end(body.slice(10));
    });

    // The drain lasts until the test ends it.
    let endDrain = () => {};
    const drain = new Promise<void>((resolve) => {
      endDrain = resolve;
    });
    const stopped = drainThenClose(app, 5000, () => drain);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'This instance is stopping.' },
    });
    const served = await fetch(`${base}/api/config`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    // The drain ends and the close begins (no new connections): the request in flight is still
    // answered, not cut.
    endDrain();
    await vi.waitFor(() => expect(app.server.listening).toBe(false));
    finishBody();
    const answered = await inFlight;
    expect(answered.status, answered.body).toBeLessThan(500);
    await stopped;
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
