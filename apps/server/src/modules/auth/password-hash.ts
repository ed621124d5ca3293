import { randomBytes, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { AUTH_MESSAGES, ERROR_CODES } from '@releasebell/contract';
import { Piscina } from 'piscina';
import { HttpError } from '../../errors';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1: 128 MiB, ASVS 2.4.3); better-auth's default
 * (N=2^14) is below it. The parameters are stored with each hash, so they can be raised later
 * without invalidating existing passwords.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
const SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

export interface HashingLimits {
  /** Hashes computed at once, each on a thread of its own (128 MiB each). */
  threads: number;
  /** Requests that may wait for a thread; past them a request is refused at once. */
  queue: number;
}

/** One thread per core but one (the event loop keeps a core), at most four; eight waiting per thread. */
export function defaultHashingLimits(cores = availableParallelism()): HashingLimits {
  const threads = Math.max(1, Math.min(4, cores - 1));
  return { threads, queue: threads * 8 };
}

interface HashingStats {
  /** Requests holding or waiting for a thread. */
  admitted: number;
  /** Hashes waiting for a thread. */
  queued: number;
  /** The most requests admitted at once since the hasher started. */
  peakAdmitted: number;
}

export interface PasswordHasher {
  /** `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
  hash(password: string): Promise<string>;
  verify(input: { hash: string; password: string }): Promise<boolean>;
  /**
   * Runs a request's work that hashes (sign-in, sign-up, a new password), or refuses it with a 503
   * when the threads and the queue are full: a burst waits a bounded time in bounded memory.
   */
  admit<T>(work: () => Promise<T>): Promise<T>;
  stats(): HashingStats;
  close(): Promise<void>;
}

/**
 * Password hashing on a pool of worker threads of its own (ADR 012): on libuv's pool, a burst of
 * sign-ins held every thread that file reads and gzip need, and the pages stalled.
 */
export function createPasswordHasher(
  limits: HashingLimits = defaultHashingLimits(),
  cost: ScryptCost = SCRYPT_COST,
): PasswordHasher {
  const pool = new Piscina({
    filename: path.join(import.meta.dirname, 'hash-worker.mjs'),
    minThreads: 0,
    maxThreads: limits.threads,
    idleTimeout: 60_000,
  });
  let admitted = 0;
  let peakAdmitted = 0;
  // A recent hash's duration, for Retry-After.
  let hashMs = 300;

  async function derive(password: string, salt: Buffer, p: ScryptCost) {
    const started = performance.now();
    const key = await pool.run({
      password: password.normalize('NFKC'),
      salt,
      N: p.N,
      r: p.r,
      p: p.p,
      keyLength: KEY_LENGTH,
    });
    hashMs = (hashMs + (performance.now() - started)) / 2;
    return Buffer.from(key as Uint8Array);
  }

  return {
    async hash(password) {
      const salt = randomBytes(16);
      const key = await derive(password, salt, cost);
      return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join(
        '$',
      );
    },

    async verify({ hash, password }) {
      const parts = hash.split('$');
      if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
      const [N, r, p] = parts.slice(1, 4).map(Number);
      if (!N || !r || !p || N > 2 ** 20 || r > 32 || p > 16) return false;
      const expected = Buffer.from(parts[5] ?? '', 'base64url');
      const key = await derive(password, Buffer.from(parts[4] ?? '', 'base64url'), { N, r, p });
      return key.length === expected.length && timingSafeEqual(key, expected);
    },

    async admit(work) {
      if (admitted >= limits.threads + limits.queue) {
        const waitSeconds = Math.ceil((admitted * hashMs) / limits.threads / 1000);
        throw new HttpError(503, ERROR_CODES.authBusy, AUTH_MESSAGES.busy, undefined, {
          'retry-after': String(Math.max(1, waitSeconds)),
        });
      }
      admitted++;
      peakAdmitted = Math.max(peakAdmitted, admitted);
      try {
        return await work();
      } finally {
        admitted--;
      }
    },

    stats: () => ({ admitted, queued: pool.queueSize, peakAdmitted }),
    close: () => pool.destroy(),
  };
}
