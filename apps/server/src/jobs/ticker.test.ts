import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { expect, it, vi } from 'vitest';
import { createJobTicker } from './ticker';

const log = { warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

/** A pg-boss whose createQueue fails with `errors` in turn, then succeeds; it hands out no ticks. */
function bossFailing(errors: unknown[]) {
  const createQueue = vi.fn(async () => {
    const error = errors.shift();
    if (error) throw error;
  });
  const boss = { createQueue, send: vi.fn(async () => null), fetch: vi.fn(async () => []) };
  return { boss: boss as unknown as PgBoss, createQueue };
}

const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });

it('starts when creating its queue lost a deadlock to another process starting at once', async () => {
  const { boss, createQueue } = bossFailing([deadlock, deadlock]);
  const ticker = createJobTicker({ queue: 'q', intervalSeconds: 60, run: async () => {}, log });
  await ticker.start(boss);
  expect(createQueue).toHaveBeenCalledTimes(3);
  await ticker.stop();
});

it('fails to start on any other error, and on a deadlock that keeps coming back', async () => {
  const refused = Object.assign(new Error('permission denied'), { code: '42501' });
  const other = createJobTicker({ queue: 'q', intervalSeconds: 60, run: async () => {}, log });
  await expect(other.start(bossFailing([refused]).boss)).rejects.toThrow('permission denied');
  await other.stop();

  const stuck = createJobTicker({ queue: 'q', intervalSeconds: 60, run: async () => {}, log });
  const { boss, createQueue } = bossFailing(Array.from({ length: 9 }, () => deadlock));
  await expect(stuck.start(boss)).rejects.toThrow('deadlock detected');
  expect(createQueue).toHaveBeenCalledTimes(5);
  await stuck.stop();
});
