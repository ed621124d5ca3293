import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandling } from './error-handler';

// While PostgreSQL restarts, requests that need it fail fast with a 503 the balancer and the visitor
// may try again, not a 500 that says the product broke.

describe('a request meeting a database that is not there', () => {
  const failing = {
    refused: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    shuttingDown: Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    }),
    lost: new Error('Connection terminated unexpectedly'),
    poolTimeout: new Error('timeout exceeded when trying to connect'),
    // A transaction whose connection died: the rollback on that client fails in turn.
    rollback: Object.assign(new Error('Failed query: rollback'), {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    }),
    wrapped: Object.assign(new Error('Failed query: select 1'), {
      cause: Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    }),
  };

  it('answers 503 with Retry-After, in the reader’s language; any other failure stays a 500', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    for (const [name, error] of Object.entries(failing))
      app.get(`/${name}`, async () => {
        throw error;
      });
    app.get('/bug', async () => {
      throw new TypeError('undefined is not a function');
    });
    for (const name of Object.keys(failing)) {
      const res = await app.inject({ url: `/${name}`, headers: { 'accept-language': 'de' } });
      expect(res.statusCode, name).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    }
    expect((await app.inject({ url: '/refused' })).json().error.message).toBe(
      'The service is briefly unavailable. Try again in a moment.',
    );
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});
