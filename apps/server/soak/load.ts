/**
 * The soak's load: signed-in members, each from an address of their own (X-Forwarded-For, as behind a
 * balancer), browsing, searching, tracking, following and importing through the balancer, with a
 * pause between steps. Every request is recorded: when it started and ended, how it ended, and which
 * instance the balancer sent it to.
 */
import { mulberry32 } from '../src/providers/synthetic/synthetic-provider';
import { SERVED_BY } from './balancer';

export interface RequestRecord {
  what: string;
  start: number;
  end: number;
  /** The status, or null when no answer came (the connection failed or timed out). */
  status: number | null;
  failed: boolean;
  /** The instance the balancer sent it to (HAProxy names it on its own errors too). */
  server: string | null;
  error?: string;
}

export interface Title {
  id: string;
  slug: string;
  mediaType: string;
  title: string;
  year: number | null;
}

export interface Member {
  n: number;
  email: string;
  ip: string;
  uid: string;
  cookie: string;
}

/** A request that hangs longer than this has failed, whatever comes later. */
const REQUEST_TIMEOUT_MS = 15_000;
const PASSWORD = 'soak passphrase 42';
/** Browsers ask for pages and JSON compressed. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

/** An import a member started; `applied` once its apply was answered 2xx. */
export interface StartedImport {
  member: Member;
  id: string;
  applied: boolean;
}

export interface Load {
  records: RequestRecord[];
  imports: StartedImport[];
  signUp(n: number): Promise<Member>;
  /** `GET` of a path, answered with its JSON (or null), recorded. */
  call<T>(
    member: Member | null,
    what: string,
    path: string,
    init?: { method?: string; body?: unknown; form?: FormData; ok?: number[] },
  ): Promise<{ status: number | null; json: T | null }>;
  /** Runs `member`'s steps until `stop` is aborted. */
  browse(member: Member, titles: Title[], stop: AbortSignal, seed: number): Promise<void>;
}

export function createLoad(base: string): Load {
  const records: RequestRecord[] = [];
  const imports: StartedImport[] = [];

  async function call<T>(
    member: Member | null,
    what: string,
    path: string,
    init: { method?: string; body?: unknown; form?: FormData; ok?: number[] } = {},
  ) {
    const headers: Record<string, string> = { 'accept-encoding': ACCEPT_ENCODING, origin: base };
    if (member) {
      headers['x-forwarded-for'] = member.ip;
      if (member.cookie) headers.cookie = member.cookie;
    }
    let body: string | FormData | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const record: RequestRecord = {
      what,
      start: Date.now(),
      end: 0,
      status: null,
      failed: true,
      server: null,
    };
    records.push(record);
    try {
      const res = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await res.text();
      record.end = Date.now();
      record.status = res.status;
      record.server = res.headers.get(SERVED_BY);
      record.failed = !(init.ok ?? []).includes(res.status) && (res.status < 200 || res.status >= 400);
      if (record.failed) record.error = text.slice(0, 200);
      const setCookie = res.headers.getSetCookie();
      if (member && setCookie.length > 0) {
        member.cookie = setCookie.map((c) => c.split(';')[0]).join('; ');
      }
      const json = res.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as T) : null;
      return { status: res.status, json };
    } catch (err) {
      record.end = Date.now();
      // fetch's own message ("fetch failed") hides what broke: the socket's error is its cause.
      const cause =
        err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
      record.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      if (cause) record.error += ` (${[cause.code, cause.message].filter(Boolean).join(': ')})`;
      return { status: null, json: null };
    }
  }

  async function signUp(n: number): Promise<Member> {
    // 10.x.y.z: one address a member, none the balancer's own.
    const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const email = `soak-${n}-${Date.now().toString(36)}@example.com`;
    const member: Member = { n, email, ip, uid: '', cookie: '' };
    const made = await call<{ user: { id: string } }>(member, 'sign up', '/api/auth/sign-up/email', {
      method: 'POST',
      body: { email, password: PASSWORD, name: `Soak Member ${n}` },
    });
    if (!made.json?.user) throw new Error(`sign-up of member ${n} answered ${made.status}`);
    member.uid = made.json.user.id;
    const registered = await call(member, 'register', '/user/register', {
      method: 'POST',
      body: { email, firebase_id: member.uid, first_name: 'Soak', last_name: `Member ${n}` },
    });
    if (registered.status !== 201) throw new Error(`registering member ${n} answered ${registered.status}`);
    return member;
  }

  async function browse(member: Member, titles: Title[], stop: AbortSignal, seed: number) {
    const random = mulberry32(seed);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
    const tracked = new Set<string>();
    const follows = new Map<string, string>();
    const movies = titles.filter((t) => t.mediaType === 'movies' && t.year !== null);
    let lastImport = 0;

    const steps: [number, () => Promise<unknown>][] = [
      [12, () => call(member, 'page: home', '/')],
      [
        8,
        () => {
          const t = pick(titles);
          return call(member, 'page: title', `/media/${t.mediaType}/${t.slug}`);
        },
      ],
      [10, () => call(member, 'list: upcoming', `/upcoming/${pick(titles).mediaType}`)],
      [8, () => call(member, 'list: trending', `/trending/${pick(titles).mediaType}`)],
      [
        12,
        async () => {
          const t = pick(titles);
          const { json } = await call<{ follow?: { ref: string }[] }>(
            member,
            'item',
            `/media/slug/${t.mediaType}/${t.slug}`,
          );
          const ref = json?.follow?.[0]?.ref;
          if (ref && !follows.has(ref) && random() < 0.3) {
            const made = await call<{ id: string }>(member, 'follow', '/api/follows', {
              method: 'POST',
              body: { ref },
            });
            if (made.json?.id) follows.set(ref, made.json.id);
          }
        },
      ],
      [
        20,
        () => {
          const word = pick(pick(titles).title.toLowerCase().split(/\s+/));
          const q = word.slice(0, 2 + Math.floor(random() * Math.max(1, word.length - 1)));
          return call(member, 'search', `/api/search?q=${encodeURIComponent(q)}`);
        },
      ],
      [8, () => call(member, 'watchlist', `/watchlist/${member.uid}`)],
      [5, () => call(member, 'bell', '/api/notifications')],
      [4, () => call(member, 'leaderboard', '/leaderboard/api/leaderboard?period=week')],
      [
        8,
        async () => {
          const t = pick(titles);
          if (tracked.has(t.id)) {
            await call(member, 'untrack', `/watchlist/${member.uid}`, {
              method: 'DELETE',
              body: { item_id: t.id },
            });
            tracked.delete(t.id);
          } else {
            await call(member, 'track', `/watchlist/${member.uid}`, {
              method: 'POST',
              body: { item_id: t.id, media_type: t.mediaType },
              ok: [409],
            });
            tracked.add(t.id);
          }
        },
      ],
      [
        2,
        async () => {
          const [ref, id] = follows.entries().next().value ?? [];
          if (ref && id) {
            await call(member, 'unfollow', `/api/follows/${id}`, { method: 'DELETE' });
            follows.delete(ref);
          }
        },
      ],
      [
        1,
        async () => {
          // The import route allows ten a minute from an address: a member imports now and then.
          if (movies.length === 0 || Date.now() - lastImport < 20_000) return;
          lastImport = Date.now();
          await importFilms(member, [pick(movies), pick(movies)], stop);
        },
      ],
    ];
    const total = steps.reduce((sum, [weight]) => sum + weight, 0);
    while (!stop.aborted) {
      let roll = random() * total;
      for (const [weight, step] of steps) {
        roll -= weight;
        if (roll < 0) {
          await step();
          break;
        }
      }
      // A person reads between clicks.
      await new Promise((resolve) => setTimeout(resolve, 100 + random() * 400));
    }
  }

  /** A small Letterboxd watchlist: uploaded, read until matched, applied. */
  async function importFilms(member: Member, films: Title[], stop: AbortSignal) {
    const rows = films.map(
      (f) => `2026-01-01,"${f.title.replaceAll('"', '""')}",${f.year},https://boxd.it/x`,
    );
    const form = new FormData();
    form.set(
      'file',
      new Blob([`Date,Name,Year,Letterboxd URI\r\n${rows.join('\r\n')}\r\n`]),
      'watchlist.csv',
    );
    const made = await call<{ id: string }>(member, 'import: upload', '/api/imports', {
      method: 'POST',
      form,
    });
    const id = made.json?.id;
    if (!id) return;
    const started: StartedImport = { member, id, applied: false };
    imports.push(started);
    // Matching runs in the background, on whichever instance's worker takes the job.
    for (let tries = 0; tries < 100 && !stop.aborted; tries++) {
      const { json } = await call<{ status: string }>(member, 'import: preview', `/api/imports/${id}`);
      if (json?.status === 'ready') {
        const applied = await call(member, 'import: apply', `/api/imports/${id}/apply`, {
          method: 'POST',
          body: {},
        });
        started.applied = applied.status !== null && applied.status < 300;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }

  return { records, imports, signUp, call, browse };
}
