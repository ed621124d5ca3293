import type { z } from 'zod';
import { createTokenBucket, realSleep, type Sleep } from './token-bucket';

/** The provider refused our credentials (401/403): retrying cannot help; the operator must fix a variable. */
export class ProviderAuthError extends Error {
  constructor(
    readonly provider: string,
    readonly variable: string,
    status: number,
  ) {
    super(`${provider} refused the API key (HTTP ${status}): check ${variable}.`);
    this.name = 'ProviderAuthError';
  }
}

/** The provider has no such thing (404). */
export class ProviderNotFoundError extends Error {
  constructor(provider: string, path: string) {
    super(`${provider} has nothing at ${path}.`);
    this.name = 'ProviderNotFoundError';
  }
}

/** The provider kept failing (5xx, 429, timeouts, dropped connections) or answered what we cannot read. */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

/** A provider's pace shared with other processes: one slot per request, a 429's wait for all. */
export interface SharedPace {
  take(): Promise<void>;
  pause(ms: number): Promise<void>;
}
/** Each provider's shared pace, by its name and rate. */
export type SharedPaces = (name: string, requestsPerSecond: number) => SharedPace;

export interface ProviderClientOptions {
  /** For messages: `TMDB`, `ISBNdb`. */
  name: string;
  baseUrl: string;
  /** Auth and other headers sent with every request. */
  headers?: Record<string, string>;
  /** Query parameters sent with every request (e.g. TMDB's `api_key`). */
  query?: Record<string, string>;
  /** The variable an operator fixes when the key is refused (named in the error and the log). */
  keyVariable: string;
  requestsPerSecond: number;
  /**
   * Requests that may go at once after an idle moment, on top of `requestsPerSecond` (the token
   * bucket's capacity). Default: an eighth of a second's worth, at least 1 (`defaultBurst`), which
   * keeps any one second under `requestsPerSecond + burst` requests.
   */
  burst?: number;
  timeoutMs?: number;
  /** Tries per request for transient failures (the first one included). */
  maxAttempts?: number;
  now?: () => number;
  sleep?: Sleep;
  /** Several processes: the rate is kept across them all (infra/provider-pace.ts), on top of the bucket. */
  sharedPaces?: SharedPaces;
  random?: () => number;
  fetch?: typeof fetch;
}

/**
 * The time a client waits in, between tries and under its rate limit (and the pace it shares with
 * other processes): the process's own unless a test
 * moves it itself (then a backoff or a pause takes no real time).
 */
export type ProviderTime = Pick<ProviderClientOptions, 'now' | 'sleep' | 'sharedPaces'>;

const TRANSIENT = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Seconds or an HTTP date, as `Retry-After` may say; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One base for the metadata providers' APIs: a token bucket under the provider's rate limit, a
 * timeout per try, retries with backoff and jitter for what may pass (honouring Retry-After), and
 * every answer read through the endpoint's zod schema.
 */
export function createProviderClient(options: ProviderClientOptions) {
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const doFetch = options.fetch ?? fetch;
  const defaultAttempts = options.maxAttempts ?? 5;
  const defaultTimeoutMs = options.timeoutMs ?? 10_000;
  const bucket = createTokenBucket({
    ratePerSecond: options.requestsPerSecond,
    ...(options.burst !== undefined ? { burst: options.burst } : {}),
    ...(options.now ? { now: options.now } : {}),
    sleep,
  });
  const shared = options.sharedPaces?.(options.name, options.requestsPerSecond);
  const base = options.baseUrl.replace(/\/+$/, '');

  function urlFor(path: string, query: Record<string, string | number | undefined>) {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries({ ...options.query, ...query })) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    return url;
  }
  /** Where the key would show (query), for messages and logs. */
  const redacted = (url: URL) => {
    const copy = new URL(url);
    for (const k of Object.keys(options.query ?? {})) copy.searchParams.set(k, '***');
    return `${copy.pathname}${copy.search}`;
  };
  const backoffMs = (attempt: number) => Math.min(30_000, 500 * 2 ** (attempt - 1)) * (0.75 + random() * 0.5);

  /** One request, read with `schema`; throws one of the Provider*Error classes. */
  async function request<S extends z.ZodType>(
    path: string,
    schema: S,
    query: Record<string, string | number | undefined>,
    call: { timeoutMs?: number; maxAttempts?: number },
    form?: Record<string, string>,
  ): Promise<z.infer<S>> {
    const url = urlFor(path, query);
    const maxAttempts = call.maxAttempts ?? defaultAttempts;
    const timeoutMs = call.timeoutMs ?? defaultTimeoutMs;
    let lastProblem = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      await bucket.take();
      await shared?.take();
      let res: Response;
      try {
        res = await doFetch(url, {
          ...(form
            ? {
                method: 'POST',
                body: new URLSearchParams(form).toString(),
                headers: {
                  accept: 'application/json',
                  'content-type': 'application/x-www-form-urlencoded',
                  ...options.headers,
                },
              }
            : { headers: { accept: 'application/json', ...options.headers } }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        lastProblem = timedOut
          ? `no answer within ${timeoutMs} ms`
          : `connection failed (${(err as Error).message})`;
        if (attempt < maxAttempts) await sleep(backoffMs(attempt));
        continue;
      }
      if (res.status === 401 || res.status === 403) {
        await res.body?.cancel();
        throw new ProviderAuthError(options.name, options.keyVariable, res.status);
      }
      if (res.status === 404) {
        await res.body?.cancel();
        throw new ProviderNotFoundError(options.name, redacted(url));
      }
      if (TRANSIENT.has(res.status)) {
        const wait = retryAfterMs(res.headers.get('retry-after'));
        await res.body?.cancel();
        lastProblem = `HTTP ${res.status}`;
        if (attempt < maxAttempts) {
          if (res.status === 429 && wait !== null) {
            bucket.pause(wait);
            await shared?.pause(wait);
          } else await sleep(Math.max(wait ?? 0, backoffMs(attempt)));
        }
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new ProviderUnavailableError(
          `${options.name} answered HTTP ${res.status} for ${redacted(url)}.`,
        );
      }
      let body: unknown;
      try {
        body = await res.json();
      } catch {
        throw new ProviderUnavailableError(
          `${options.name} sent a body that is not JSON for ${redacted(url)}.`,
        );
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ProviderUnavailableError(
          `${options.name} answered ${redacted(url)} in a shape we do not read: ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
        );
      }
      return parsed.data;
    }
    throw new ProviderUnavailableError(
      `${options.name} did not answer ${redacted(url)} after ${maxAttempts} tries: ${lastProblem}.`,
    );
  }

  return {
    /** GETs `path` and reads the answer with `schema`; throws one of the Provider*Error classes. */
    get<S extends z.ZodType>(
      path: string,
      schema: S,
      query: Record<string, string | number | undefined> = {},
      /** A caller someone waits on (live search) asks for a shorter timeout and fewer tries. */
      call: { timeoutMs?: number; maxAttempts?: number } = {},
    ): Promise<z.infer<S>> {
      return request(path, schema, query, call);
    },
    /** POSTs a form to `path` (ISBNdb's bulk lookup) and reads the answer with `schema`. */
    post<S extends z.ZodType>(path: string, schema: S, form: Record<string, string>): Promise<z.infer<S>> {
      return request(path, schema, {}, {}, form);
    },
  };
}
export type ProviderClient = ReturnType<typeof createProviderClient>;
