/**
 * Answers that depend on their address only (the catalog's cached reads), kept by the address they
 * were sent for, path and query, so that a repeat is answered from memory (decision 010). Two places
 * answer from here: the catalog's `onRequest` hook, in Fastify (requests made with `inject`, the
 * server-side renderer's), and the front door, on the app's HTTP server before Fastify sees the
 * request: routing, the request and reply objects, the hooks and `reply.send` cost a cached answer
 * more than writing it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { acceptsGzip } from './gzip';

/** A cached 200 answer: the same JSON, plain and gzipped, for every request of its address. */
export interface RepeatAnswer {
  json: Buffer;
  gzip: Buffer;
  /** From this `Date.now()` time on it is not given any more (its cache entry has gone). */
  expires: number;
  cacheControl: string | undefined;
  /** Whether it may still be given, besides `expires` (a list of the catalog's day: still that day). */
  current: (() => boolean) | undefined;
}

/** Addresses remembered at most (the oldest goes first): as many as the catalog cache's own entries. */
const MAX_ANSWERS = 2000;

export class RepeatAnswers {
  private readonly byUrl = new Map<string, RepeatAnswer>();
  /** The front door's header lists per answer (the answer's address decides its security headers). */
  readonly heads = new WeakMap<RepeatAnswer, Heads>();

  constructor(private readonly max = MAX_ANSWERS) {}

  /** Remember the answer a GET of `url` (path and query) was given. */
  remember(url: string, answer: RepeatAnswer): void {
    if (this.byUrl.size >= this.max && !this.byUrl.has(url)) {
      const oldest = this.byUrl.keys().next().value;
      if (oldest !== undefined) this.byUrl.delete(oldest);
    }
    this.byUrl.set(url, answer);
  }

  /** The answer for a GET of `url` while it holds; one that no longer does is forgotten. */
  get(url: string): RepeatAnswer | undefined {
    const hit = this.byUrl.get(url);
    if (hit === undefined) return undefined;
    if (hit.expires <= Date.now() || (hit.current !== undefined && !hit.current())) {
      this.byUrl.delete(url);
      return undefined;
    }
    return hit;
  }
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** An answer's headers as flat lists of names and values, plain and gzipped; `idAt`: the request id's value. */
interface Heads {
  json: string[];
  gzip: string[];
  idAt: number;
}

export interface FrontDoorOptions {
  repeats: RepeatAnswers;
  /** The security headers of every answer to `url`, as the app's `onRequest` hook sets them. */
  securityHeaders: (url: string) => Record<string, string>;
  /** The request id, as the app's `genReqId` gives it. */
  requestId: (req: IncomingMessage) => string;
  /** The access line of an answer once it has gone. */
  logAnswer: (reqId: string, method: string, url: string, status: number, elapsedMs: number) => void;
}

export interface FrontDoor {
  /** Answers a GET of a remembered address from memory, and says so; false: Fastify answers. */
  answer(req: IncomingMessage, res: ServerResponse): boolean;
  /** From now on nothing is answered here (the app is closing: Fastify answers 503). */
  close(): void;
}

/**
 * The front door: a remembered address is answered on the server's `request` event, with what the
 * app's own path sends (status 200, the security headers, `x-request-id`, `cache-control`,
 * `content-type`, `vary`, `content-encoding` when gzipped, `content-length`, in that order) and the
 * same access line.
 */
export function createFrontDoor(options: FrontDoorOptions): FrontDoor {
  const { repeats, securityHeaders, requestId, logAnswer } = options;
  let closed = false;

  const headsOf = (url: string, answer: RepeatAnswer): Heads => {
    let heads = repeats.heads.get(answer);
    if (heads === undefined) {
      const start = [...Object.entries(securityHeaders(url)).flat(), 'x-request-id', ''];
      const idAt = start.length - 1;
      if (answer.cacheControl) start.push('cache-control', answer.cacheControl);
      start.push('content-type', JSON_TYPE, 'vary', 'accept-encoding');
      heads = {
        json: [...start, 'content-length', String(answer.json.length)],
        gzip: [...start, 'content-encoding', 'gzip', 'content-length', String(answer.gzip.length)],
        idAt,
      };
      repeats.heads.set(answer, heads);
    }
    return heads;
  };

  return {
    answer(req, res) {
      if (closed || req.method !== 'GET' || req.url === undefined) return false;
      const url = req.url;
      const answer = repeats.get(url);
      if (answer === undefined) return false;
      const started = performance.now();
      const id = requestId(req);
      const gzip = acceptsGzip(req.headers['accept-encoding']);
      const heads = headsOf(url, answer);
      const headers = (gzip ? heads.gzip : heads.json).slice();
      headers[heads.idAt] = id;
      // The line once the answer has gone, as Fastify's listener writes it. Fastify also listens for
      // 'error', which Node emits on a response only when it is written to after its end: never here.
      // The listener stays (removing it costs more than the rest of this; the response is not reused).
      res.on('finish', () => logAnswer(id, 'GET', url, res.statusCode, performance.now() - started));
      res.writeHead(200, headers);
      res.end(gzip ? answer.gzip : answer.json);
      return true;
    },
    close() {
      closed = true;
    },
  };
}

/**
 * Puts the front door on the app's server, in front of Fastify's handler (`app.routing`, the server's
 * `request` listener), and closes it when the app starts closing. Returns false, leaving the server as
 * it was, if Fastify's handler is not where it is expected (every answer then comes from Fastify).
 */
export function installFrontDoor(app: FastifyInstance, door: FrontDoor): boolean {
  const server = app.server;
  const fastifyHandler = app.routing;
  if (!server.listeners('request').includes(fastifyHandler)) return false;
  server.removeListener('request', fastifyHandler);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!door.answer(req, res)) fastifyHandler(req, res);
  });
  // Fastify answers 503 from the moment it closes; so does the door, by handing everything to it.
  app.addHook('preClose', async () => door.close());
  return true;
}
