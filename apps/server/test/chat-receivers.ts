/**
 * Stand-ins for the services the chat notification channels post to, on ONE plain HTTP server on
 * 127.0.0.1: Discord's "Execute Webhook", ntfy's publish API and a generic signed webhook receiver.
 *
 * Sources followed:
 * - Discord: the Webhook and Channel (embed limits) pages of the developer docs, the 429 example in
 *   "Rate Limits", and error bodies quoted in client issue trackers (discord.js, discord.py,
 *   discord-api-docs): `{"message": "Invalid Form Body", "code": 50035, "errors": {"embeds": {"0":
 *   {"title": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", ...}]}}}}}`, MAX_EMBED_SIZE_EXCEEDED at
 *   `embeds._errors`, URL_TYPE_INVALID_SCHEME / URL_TYPE_INVALID_URL, NUMBER_TYPE_COERCE, 50006
 *   "Cannot send an empty message", 10015 "Unknown Webhook", 50027 "Invalid Webhook Token" (401).
 * - ntfy: server/errors.go and server/server.go of binwiederhier/ntfy (error codes and texts, the
 *   routes, the JSON-to-headers transform, parsePublishParams, the message and attachment JSON, the
 *   auth order: a bad token is 401 before anything else, an anonymous write to a protected topic 403).
 *
 * Where this differs from the brief on purpose, it follows the real services:
 * - Discord: a wrong token for a known id is 401 / 50027 (only an unknown id is 404 / 10015); a body
 *   with neither content nor embeds is 400 / 50006, not 50035.
 * - ntfy: an invalid topic in a JSON publish is 400 / 40009 "invalid request: topic invalid" (no
 *   link; 40010 is "topic name is disallowed"), and an invalid topic in the path is 404 / 40401 as
 *   ntfy's router finds no route; an unknown token is 401 / 40101 once any topic is protected.
 * Not modelled: Discord multipart uploads, components, threads; ntfy delays, e-mail, calls, caching
 * flags, UnifiedPush; real rate limiting (script it with failNext).
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
  STATUS_CODES,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export type ChatService = 'discord' | 'ntfy' | 'webhook';

export interface DiscordEmbed {
  title?: string;
  description?: string;
  url?: string;
  timestamp?: string;
  color?: number;
  footer?: { text: string; icon_url?: string };
  image?: { url: string };
  thumbnail?: { url: string };
  author?: { name: string; url?: string; icon_url?: string };
  fields?: { name: string; value: string; inline?: boolean }[];
  [key: string]: unknown;
}

/** An Execute Webhook body as accepted (already validated). */
export interface DiscordPayload {
  content?: string;
  username?: string;
  avatar_url?: string;
  tts?: boolean;
  embeds?: DiscordEmbed[];
  [key: string]: unknown;
}

export interface DiscordReceived {
  /** The full request URL, query included. */
  url: string;
  body: DiscordPayload;
}

export interface NtfyAction {
  id: string;
  action: string;
  label: string;
  clear: boolean;
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  intent?: string;
  extras?: Record<string, string>;
}

export interface NtfyReceived {
  topic: string;
  title: string | undefined;
  /** As ntfy stores it: trimmed, "triggered" when empty, "You received a file: ..." for a body sent as file. */
  message: string;
  tags: string[];
  /** 1..5; undefined when none was given. */
  priority: number | undefined;
  click: string | undefined;
  attach: string | undefined;
  icon: string | undefined;
  actions: NtfyAction[] | undefined;
  markdown: boolean;
  authorization: string | undefined;
  /** The raw request body. */
  raw: string;
}

export interface WebhookReceived {
  name: string;
  headers: IncomingHttpHeaders;
  /** The raw body, as signed. */
  body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export interface ChatReceivedMap {
  discord: DiscordReceived;
  ntfy: NtfyReceived;
  webhook: WebhookReceived;
}

export interface FailOptions {
  /** Seconds. Discord: body `retry_after` and the Retry-After header (rounded up, as Discord does). */
  retryAfter?: number;
  /** How many consecutive requests get this answer; 1 by default. */
  times?: number;
  /** Replaces the service's own error body. */
  body?: string;
}

export interface ChatReceivers {
  /** Base URL, `http://127.0.0.1:<port>`; it is also the ntfy server's base URL. */
  url: string;
  /** Accepted (2xx) deliveries only, in arrival order; failed and scripted requests count in hits(). */
  received: { [S in ChatService]: ChatReceivedMap[S][] };
  /** Creates a Discord webhook and returns its URL `.../api/webhooks/{id}/{token}`. */
  discordWebhook(): string;
  /** The webhook is gone: 404 Unknown Webhook from then on. */
  deleteDiscordWebhook(url: string): void;
  /** `${url}/${topic}`, a random topic when none is given. */
  ntfyTopicUrl(topic?: string): string;
  /** The topic requires `Authorization: Bearer <token>` (or Basic with an empty user and the token). */
  ntfyProtect(topic: string, token: string): void;
  webhookUrl(name?: string): string;
  /** The next request(s) to this URL or path get `status` with the service's own error body. */
  failNext(urlOrPath: string, status: number, options?: FailOptions): void;
  /** The next request to this URL or path is never answered (released by close()). */
  hang(urlOrPath: string): void;
  /** The next success answer there has a body of exactly `bytes` bytes (Content-Length unless chunked). */
  bigAnswer(urlOrPath: string, bytes: number, options?: { chunked?: boolean }): void;
  /** Resolves with the first `n` accepted deliveries of that service once they are in. */
  waitFor<S extends ChatService>(service: S, n: number, timeoutMs?: number): Promise<ChatReceivedMap[S][]>;
  /** Resolves once hits(urlOrPath) reaches n, failed and hung requests included. */
  waitForHits(urlOrPath: string, n: number, timeoutMs?: number): Promise<void>;
  /** Requests that reached this URL or path, whatever the answer. */
  hits(urlOrPath: string): number;
  /** Stops listening, cuts hung and kept-alive connections, rejects pending waits. Safe to call twice. */
  close(): Promise<void>;
}

/**
 * A webhook receiver's check of `X-Releasebell-Signature`: true when `header` is
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with secret>` (constant-time compare) and
 * `t` is within `toleranceSeconds` of `now`, so a captured delivery replayed later is refused.
 */
export function verifySignature(
  body: string,
  header: string | undefined,
  secret: string,
  now: Date,
  toleranceSeconds = 300,
): boolean {
  const match = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/.exec(header?.trim() ?? '');
  if (!match?.[1] || !match[2]) return false;
  if (Math.abs(now.getTime() / 1000 - Number(match[1])) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(match[2], 'hex'));
}

// ---------------------------------------------------------------------------------------------------
// Shared helpers

type Json = Record<string, unknown>;
type Script =
  | { kind: 'fail'; status: number; retryAfter: number | undefined; body: string | undefined }
  | { kind: 'hang' };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Discord (Python) and ntfy (Go) count characters, not UTF-16 units. */
const charLength = (s: string) => Array.from(s).length;
const randomAlnum = (n: number) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[randomInt(alphabet.length)];
  return out;
};

const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
};

const sendText = (
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) => {
  let type = 'text/plain; charset=utf-8';
  try {
    JSON.parse(text);
    type = 'application/json';
  } catch {}
  res.writeHead(status, {
    'content-type': type,
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
};

/** Exactly `bytes` bytes, valid JSON from 10 bytes on so a client that parses before capping still can. */
async function sendBig(res: ServerResponse, bytes: number, chunked: boolean) {
  const head = bytes >= 10 ? '{"pad":"' : '';
  const tail = bytes >= 10 ? '"}' : '';
  const fill = bytes - head.length - tail.length;
  const chunk = Buffer.alloc(Math.min(fill, 64 * 1024), 'x');
  async function* body() {
    yield Buffer.from(head);
    for (let left = fill; left > 0; left -= chunk.length)
      yield left >= chunk.length ? chunk : chunk.subarray(0, left);
    yield Buffer.from(tail);
  }
  const headers: Record<string, string> = { 'content-type': head ? 'application/json' : 'text/plain' };
  if (!chunked) headers['content-length'] = String(bytes);
  res.writeHead(200, headers);
  // The client is expected to give up early (that is the point); its reset is not an error here.
  await pipeline(Readable.from(body()), res).catch(() => {});
}

// ---------------------------------------------------------------------------------------------------
// Discord

const DISCORD_EPOCH = 1420070400000n;
const DISCORD_PATH = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)\/?$/;

interface DiscordWebhook {
  id: string;
  token: string;
  channelId: string;
  guildId: string;
  deleted: boolean;
}

/** Discord's nested error tree: `{ embeds: { 0: { title: { _errors: [{ code, message }] } } } }`. */
class FormErrors {
  readonly tree: Json = {};
  count = 0;
  add(path: (string | number)[], code: string, message: string) {
    let node = this.tree;
    for (const key of path) {
      const next = node[String(key)];
      const child: Json = isObject(next) ? next : {};
      node[String(key)] = child;
      node = child;
    }
    const list = Array.isArray(node._errors) ? node._errors : [];
    list.push({ code, message });
    node._errors = list;
    this.count++;
  }
}

const repr = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

function checkString(
  errors: FormErrors,
  path: (string | number)[],
  value: unknown,
  max: number,
  required = false,
) {
  if (value === undefined || value === null) {
    if (required) errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    return '';
  }
  if (typeof value !== 'string') {
    errors.add(path, 'STRING_TYPE_CONVERT', `Could not interpret "${repr(value)}" as string.`);
    return '';
  }
  if (required && value.trim() === '') errors.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
  else if (charLength(value) > max)
    errors.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  return value;
}

function checkUrl(errors: FormErrors, path: (string | number)[], value: unknown, required = false) {
  if ((value === undefined || value === null) && !required) return;
  if (typeof value !== 'string') return checkString(errors, path, value, 2048, required);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(value)?.[1] ?? '';
  if (scheme !== 'http' && scheme !== 'https')
    errors.add(
      path,
      'URL_TYPE_INVALID_SCHEME',
      `Scheme "${scheme}" is not supported. Scheme must be one of ('http', 'https').`,
    );
  let wellFormed = false;
  try {
    wellFormed = new URL(value).hostname !== '';
  } catch {}
  if (!wellFormed) errors.add(path, 'URL_TYPE_INVALID_URL', 'Not a well formed URL.');
}

function checkObject(errors: FormErrors, path: (string | number)[], value: unknown): value is Json {
  if (value === undefined || value === null) return false;
  if (isObject(value)) return true;
  errors.add(path, 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
  return false;
}

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Returns the embed's character count toward the 6000 limit. */
function checkEmbed(errors: FormErrors, i: number, embed: Json): number {
  const at = (...rest: (string | number)[]) => ['embeds', i, ...rest];
  let size = 0;
  size += charLength(checkString(errors, at('title'), embed.title, 256));
  size += charLength(checkString(errors, at('description'), embed.description, 4096));
  checkUrl(errors, at('url'), embed.url);
  if (embed.timestamp !== undefined && embed.timestamp !== null) {
    const t = embed.timestamp;
    if (typeof t !== 'string' || !ISO_8601.test(t) || Number.isNaN(Date.parse(t)))
      errors.add(at('timestamp'), 'DATE_TIME_TYPE_PARSE', `Could not parse ${repr(t)}. Should be ISO8601.`);
  }
  if (embed.color !== undefined && embed.color !== null) {
    const c =
      typeof embed.color === 'string' && /^-?\d+$/.test(embed.color) ? Number(embed.color) : embed.color;
    if (typeof c !== 'number' || !Number.isInteger(c))
      errors.add(at('color'), 'NUMBER_TYPE_COERCE', `Value "${repr(embed.color)}" is not int.`);
    else if (c < 0)
      errors.add(at('color'), 'NUMBER_TYPE_MIN', 'int value should be greater than or equal to 0.');
    else if (c > 0xffffff)
      errors.add(at('color'), 'NUMBER_TYPE_MAX', 'int value should be less than or equal to 16777215.');
  }
  if (checkObject(errors, at('footer'), embed.footer)) {
    size += charLength(checkString(errors, at('footer', 'text'), embed.footer.text, 2048, true));
    checkUrl(errors, at('footer', 'icon_url'), embed.footer.icon_url);
  }
  for (const key of ['image', 'thumbnail'] as const) {
    const media = embed[key];
    if (checkObject(errors, at(key), media)) checkUrl(errors, at(key, 'url'), media.url, true);
  }
  if (checkObject(errors, at('author'), embed.author)) {
    size += charLength(checkString(errors, at('author', 'name'), embed.author.name, 256, true));
    checkUrl(errors, at('author', 'url'), embed.author.url);
    checkUrl(errors, at('author', 'icon_url'), embed.author.icon_url);
  }
  if (embed.fields !== undefined && embed.fields !== null) {
    if (!Array.isArray(embed.fields))
      errors.add(at('fields'), 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType');
    else {
      if (embed.fields.length > 25)
        errors.add(at('fields'), 'BASE_TYPE_MAX_LENGTH', 'Must be 25 or fewer in length.');
      embed.fields.forEach((field: unknown, f) => {
        if (!checkObject(errors, at('fields', f), field)) return;
        size += charLength(checkString(errors, at('fields', f, 'name'), field.name, 256, true));
        size += charLength(checkString(errors, at('fields', f, 'value'), field.value, 1024, true));
        if (field.inline !== undefined && field.inline !== null && typeof field.inline !== 'boolean')
          errors.add(at('fields', f, 'inline'), 'BOOLEAN_TYPE_CONVERT', 'Must be either true or false.');
      });
    }
  }
  return size;
}

/** Either the validated payload, or the error answer Discord gives for it. */
function validateDiscord(body: unknown): { ok: true; payload: DiscordPayload } | { ok: false; error: Json } {
  const errors = new FormErrors();
  if (!isObject(body)) {
    errors.add([], 'DICT_TYPE_CONVERT', 'Only dictionaries may be used in a DictType');
    return { ok: false, error: { message: 'Invalid Form Body', code: 50035, errors: errors.tree } };
  }
  const content = checkString(errors, ['content'], body.content, 2000);
  if (body.username !== undefined && body.username !== null) {
    const name = checkString(errors, ['username'], body.username, 80);
    if (typeof body.username === 'string' && charLength(body.username) === 0)
      errors.add(['username'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 80 in length.');
    for (const word of ['discord', 'clyde'])
      if (name.toLowerCase().includes(word))
        errors.add(['username'], 'USERNAME_INVALID_CONTAINS', `Username cannot contain "${word}"`);
  }
  checkUrl(errors, ['avatar_url'], body.avatar_url);
  if (body.tts !== undefined && body.tts !== null && typeof body.tts !== 'boolean')
    errors.add(['tts'], 'BOOLEAN_TYPE_CONVERT', 'Must be either true or false.');
  let embedCount = 0;
  if (body.embeds !== undefined && body.embeds !== null) {
    if (!Array.isArray(body.embeds))
      errors.add(['embeds'], 'LIST_TYPE_CONVERT', 'Only iterables may be used in a ListType');
    else if (body.embeds.length > 10)
      errors.add(['embeds'], 'BASE_TYPE_MAX_LENGTH', 'Must be 10 or fewer in length.');
    else {
      embedCount = body.embeds.length;
      let total = 0;
      body.embeds.forEach((embed: unknown, i) => {
        if (checkObject(errors, ['embeds', i], embed)) total += checkEmbed(errors, i, embed);
      });
      if (total > 6000)
        errors.add(['embeds'], 'MAX_EMBED_SIZE_EXCEEDED', 'Embed size exceeds maximum size of 6000');
    }
  }
  if (errors.count > 0)
    return { ok: false, error: { message: 'Invalid Form Body', code: 50035, errors: errors.tree } };
  if (content.trim() === '' && embedCount === 0)
    return { ok: false, error: { message: 'Cannot send an empty message', code: 50006 } };
  return { ok: true, payload: body as DiscordPayload };
}

/** Discord's timestamps are Python isoformat: microseconds and +00:00. */
const discordTime = (d: Date) => d.toISOString().replace('Z', '000+00:00');

// ---------------------------------------------------------------------------------------------------
// ntfy

const NTFY_TOPIC = /^[-_A-Za-z0-9]{1,64}$/;
const NTFY_TOPIC_PATH = /^\/([-_A-Za-z0-9]{1,64})$/;
const NTFY_GET_PUBLISH_PATH = /^\/([-_A-Za-z0-9]{1,64})\/(?:publish|send|trigger)$/;
/** ntfy's message limit: a longer body becomes an attachment. */
const NTFY_MESSAGE_LIMIT = 4096;
const NTFY_JSON_LIMIT = NTFY_MESSAGE_LIMIT * 2;
/** ntfy.sh's defaults: messages are cached 12 h, attachments kept 3 h. */
const NTFY_CACHE_SECONDS = 12 * 3600;
const NTFY_ATTACHMENT_SECONDS = 3 * 3600;

interface NtfyError {
  code: number;
  http: number;
  error: string;
  link?: string;
}
const ntfyErr = (code: number, http: number, error: string, link?: string): NtfyError =>
  link ? { code, http, error, link } : { code, http, error };
const NTFY = {
  priorityInvalid: ntfyErr(
    40007,
    400,
    'invalid priority parameter',
    'https://ntfy.sh/docs/publish/#message-priority',
  ),
  topicInvalid: ntfyErr(40009, 400, 'invalid request: topic invalid'),
  notUtf8: ntfyErr(40011, 400, 'invalid message: message must be UTF-8 encoded'),
  attachUrlInvalid: ntfyErr(
    40013,
    400,
    'invalid request: attachment URL is invalid',
    'https://ntfy.sh/docs/publish/#attachments',
  ),
  actionsInvalid: ntfyErr(
    40018,
    400,
    'invalid request: actions invalid',
    'https://ntfy.sh/docs/publish/#action-buttons',
  ),
  iconUrlInvalid: ntfyErr(
    40021,
    400,
    'invalid request: icon URL is invalid',
    'https://ntfy.sh/docs/publish/#icons',
  ),
  jsonInvalid: ntfyErr(40024, 400, 'invalid request: request body must be valid JSON'),
  unauthorized: ntfyErr(40101, 401, 'unauthorized', 'https://ntfy.sh/docs/publish/#authentication'),
  forbidden: ntfyErr(40301, 403, 'forbidden', 'https://ntfy.sh/docs/publish/#authentication'),
  notFound: ntfyErr(40401, 404, 'page not found'),
  jsonTooLarge: ntfyErr(41303, 413, 'JSON body too large'),
  tooManyRequests: ntfyErr(
    42901,
    429,
    'limit reached: too many requests, please be nice',
    'https://ntfy.sh/docs/publish/#limitations',
  ),
} as const;

/** ntfy writes its errors with a trailing newline. */
const sendNtfyError = (res: ServerResponse, e: NtfyError, headers: Record<string, string> = {}) => {
  const text = `${JSON.stringify(e)}\n`;
  res.writeHead(e.http, {
    'content-type': 'application/json',
    'access-control-allow-origin': '*',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
};

/** Go's mime.WordDecoder, for `=?UTF-8?B?...?=` titles and tags (headers can only carry Latin-1). */
function decodeMimeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (word, charset: string, enc: string, text: string) => {
      const cs = charset.toLowerCase();
      if (cs !== 'utf-8' && cs !== 'iso-8859-1' && cs !== 'us-ascii') return word;
      const bytes =
        enc.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) =>
                  String.fromCharCode(Number.parseInt(hex, 16)),
                ),
              'latin1',
            );
      return bytes.toString(cs === 'utf-8' ? 'utf8' : 'latin1');
    });
}

function parsePriority(value: string): number | 'invalid' {
  const p = value.trim().toLowerCase();
  const table: Record<string, number> = {
    '': 0,
    '1': 1,
    min: 1,
    '2': 2,
    low: 2,
    '3': 3,
    default: 3,
    '4': 4,
    high: 4,
    '5': 5,
    max: 5,
    urgent: 5,
  };
  if (p in table) return table[p] as number;
  // RFC 9218's own Priority header ("u=3") is ignored by ntfy, as proxies add it.
  return p.startsWith('u=') ? 3 : 'invalid';
}

const parseBool = (value: string, fallback: boolean) => {
  const v = value.toLowerCase();
  if (v === '1' || v === 'yes' || v === 'true') return true;
  if (v === '0' || v === 'no' || v === 'false') return false;
  return fallback;
};

/** ntfy's action parser (JSON array or the "simple" `view, Label, https://..; http, ...` form). */
function parseNtfyActions(text: string): NtfyAction[] | string {
  const s = text.trim();
  let raw: Json[];
  if (s.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(s);
      if (!Array.isArray(parsed) || !parsed.every(isObject)) return 'invalid JSON';
      raw = parsed;
    } catch (e) {
      return (e as Error).message;
    }
  } else {
    raw = [];
    let pos = 0;
    while (pos < s.length) {
      const action: Json = {};
      for (let section = 0; ; section++) {
        while (pos < s.length && /\s/.test(s[pos] as string)) pos++;
        const key = /^([-.\w]+)\s*=\s*/.exec(s.slice(pos));
        let name = key?.[1] ?? '';
        if (key) pos += key[0].length;
        let value = '';
        const quote = s[pos];
        if (quote === '"' || quote === "'") {
          const end = s.indexOf(quote, pos + 1);
          if (end < 0) return `unexpected end of input, quote started at position ${pos + 1}`;
          value = s.slice(pos + 1, end);
          pos = end + 1;
          while (pos < s.length && /\s/.test(s[pos] as string)) pos++;
        } else {
          const end = s.slice(pos).search(/[,;]/);
          value = (end < 0 ? s.slice(pos) : s.slice(pos, pos + end)).trim();
          pos = end < 0 ? s.length : pos + end;
        }
        const sep = s[pos];
        if (sep !== undefined && sep !== ',' && sep !== ';')
          return `unexpected character '${sep}' at position ${pos}`;
        pos++;
        if (!name) name = section === 0 ? 'action' : section === 1 ? 'label' : section === 2 ? 'url' : '';
        if (!name) return `term '${value}' unknown`;
        if (name.startsWith('headers.') || name.startsWith('extras.')) {
          const [group, sub] = [name.slice(0, name.indexOf('.')), name.slice(name.indexOf('.') + 1)];
          action[group] = { ...(action[group] as Record<string, string> | undefined), [sub]: value };
        } else if (name === 'clear') action.clear = parseBool(value, false);
        else if (['action', 'label', 'url', 'method', 'body', 'intent'].includes(name.toLowerCase()))
          action[name.toLowerCase()] = value;
        else return `key '${name}' unknown`;
        if (sep === undefined || sep === ';') break;
      }
      raw.push(action);
    }
  }
  if (raw.length > 3) return 'only 3 actions allowed';
  const actions: NtfyAction[] = [];
  for (const a of raw) {
    const kind = String(a.action ?? '').toLowerCase();
    const method = typeof a.method === 'string' ? a.method.toUpperCase() : undefined;
    if (!['view', 'broadcast', 'http'].includes(kind)) return `action '${String(a.action ?? '')}' unknown`;
    if (typeof a.label !== 'string' || a.label === '') return "parameter 'label' is required";
    if (kind !== 'broadcast' && (typeof a.url !== 'string' || a.url === ''))
      return `parameter 'url' is required for action '${kind}'`;
    if (kind === 'http' && (method === 'GET' || method === 'HEAD') && a.body)
      return `parameter 'body' cannot be set if method is ${method}`;
    actions.push({
      id: randomAlnum(10),
      action: kind,
      label: a.label,
      clear: a.clear === true,
      ...(typeof a.url === 'string' && a.url ? { url: a.url } : {}),
      ...(method ? { method } : {}),
      ...(isObject(a.headers) ? { headers: a.headers as Record<string, string> } : {}),
      ...(typeof a.body === 'string' && a.body ? { body: a.body } : {}),
      ...(typeof a.intent === 'string' && a.intent ? { intent: a.intent } : {}),
      ...(isObject(a.extras) ? { extras: a.extras as Record<string, string> } : {}),
    });
  }
  return actions;
}

/** Checks a "Publish as JSON" body field by field, as Go's decoder would refuse wrong types. */
function ntfyJsonFields(body: Json): Map<string, string> | undefined {
  const out = new Map<string, string>();
  const strings: [string, string][] = [
    ['topic', 'topic'],
    ['message', 'x-message'],
    ['title', 'x-title'],
    ['click', 'x-click'],
    ['attach', 'x-attach'],
    ['filename', 'x-filename'],
    ['icon', 'x-icon'],
    ['email', 'x-email'],
    ['delay', 'x-delay'],
    ['call', 'x-call'],
  ];
  for (const [field, header] of strings) {
    const v = body[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') return undefined;
    if (v !== '') out.set(header, v);
  }
  if (body.priority !== undefined && body.priority !== null) {
    if (typeof body.priority !== 'number' || !Number.isInteger(body.priority)) return undefined;
    if (body.priority !== 0) out.set('x-priority', String(body.priority));
  }
  if (body.tags !== undefined && body.tags !== null) {
    if (!Array.isArray(body.tags) || !body.tags.every((t) => typeof t === 'string')) return undefined;
    if (body.tags.length > 0) out.set('x-tags', body.tags.join(','));
  }
  if (body.markdown !== undefined && body.markdown !== null) {
    if (typeof body.markdown !== 'boolean') return undefined;
    if (body.markdown) out.set('x-markdown', 'true');
  }
  if (body.actions !== undefined && body.actions !== null) {
    if (!Array.isArray(body.actions) || !body.actions.every(isObject)) return undefined;
    if (body.actions.length > 0) out.set('x-actions', JSON.stringify(body.actions));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The server

export async function startChatReceivers(): Promise<ChatReceivers> {
  const received: ChatReceivers['received'] = { discord: [], ntfy: [], webhook: [] };
  const hitCounts = new Map<string, number>();
  const scripts = new Map<string, Script[]>();
  const bigAnswers = new Map<string, { bytes: number; chunked: boolean }[]>();
  const hung = new Set<ServerResponse>();
  const waiters = new Set<{ check: () => void; fail: (e: Error) => void }>();
  const webhooks = new Map<string, DiscordWebhook>();
  /** ntfy: protected topic -> tokens allowed to write it; any protection turns auth on. */
  const protectedTopics = new Map<string, Set<string>>();
  const knownTokens = new Set<string>();
  let snowflakeSeq = 0n;
  let base = '';

  const snowflake = () =>
    (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (1n << 17n) | (snowflakeSeq++ & 0xfffn)).toString();

  /** One key per endpoint: the path, with Discord's API version dropped and the query ignored. */
  const keyOf = (urlOrPath: string) => {
    const path = new URL(urlOrPath, 'http://127.0.0.1').pathname;
    const discord = DISCORD_PATH.exec(path);
    return discord ? `/api/webhooks/${discord[1]}/${discord[2]}` : path;
  };
  const serviceOf = (key: string): ChatService =>
    key.startsWith('/api/') ? 'discord' : key.startsWith('/hooks/') ? 'webhook' : 'ntfy';

  const notify = () => {
    for (const w of [...waiters]) w.check();
  };
  const record = <S extends ChatService>(service: S, entry: ChatReceivedMap[S]) => {
    received[service].push(entry);
    notify();
  };
  const takeScript = (keys: string[]) => {
    for (const key of keys) {
      const queue = scripts.get(key);
      if (queue?.length) return queue.shift();
    }
    return undefined;
  };
  const takeBig = (keys: string[]) => {
    for (const key of keys) {
      const queue = bigAnswers.get(key);
      if (queue?.length) return queue.shift();
    }
    return undefined;
  };

  /** A scripted failure in the service's own format. */
  const answerFailure = (res: ServerResponse, service: ChatService, s: Extract<Script, { kind: 'fail' }>) => {
    const retryHeader: Record<string, string> =
      s.retryAfter !== undefined ? { 'retry-after': String(Math.ceil(s.retryAfter)) } : {};
    if (s.body !== undefined) return sendText(res, s.status, s.body, retryHeader);
    if (service === 'discord') {
      if (s.status === 429) {
        const after = s.retryAfter ?? 1.5;
        return sendJson(
          res,
          429,
          { message: 'You are being rate limited.', retry_after: after, global: false },
          {
            'retry-after': String(Math.ceil(after)),
            'x-ratelimit-limit': '5',
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(Date.now() / 1000 + after),
            'x-ratelimit-reset-after': String(after),
            'x-ratelimit-bucket': 'fakebucket',
            'x-ratelimit-scope': 'user',
          },
        );
      }
      // 5xx reach clients as Cloudflare's plain text, not as Discord JSON.
      if (s.status >= 500) return sendText(res, s.status, `error code: ${s.status}`, retryHeader);
      const known: Record<number, Json> = {
        400: { message: 'Invalid Form Body', code: 50035, errors: {} },
        401: { message: 'Invalid Webhook Token', code: 50027 },
        403: { message: 'Missing Permissions', code: 50013 },
        404: { message: 'Unknown Webhook', code: 10015 },
        413: { message: 'Request entity too large', code: 40005 },
      };
      return sendJson(
        res,
        s.status,
        known[s.status] ?? { message: `${s.status}: ${STATUS_CODES[s.status] ?? 'Error'}`, code: 0 },
        retryHeader,
      );
    }
    if (service === 'ntfy') {
      const known: Record<number, NtfyError> = {
        400: NTFY.jsonInvalid,
        401: NTFY.unauthorized,
        403: NTFY.forbidden,
        404: NTFY.notFound,
        413: ntfyErr(
          41301,
          413,
          'attachment too large, or bandwidth limit reached',
          'https://ntfy.sh/docs/publish/#limitations',
        ),
        429: NTFY.tooManyRequests,
      };
      const e =
        known[s.status] ??
        (s.status >= 500
          ? ntfyErr(50001, s.status, 'internal server error')
          : ntfyErr(s.status * 100 + 1, s.status, (STATUS_CODES[s.status] ?? 'error').toLowerCase()));
      return sendNtfyError(res, e, retryHeader);
    }
    return sendText(res, s.status, STATUS_CODES[s.status] ?? 'error', retryHeader);
  };

  /** Counts the hit, then plays a scripted answer if any; true when the request is dealt with. */
  const scripted = (res: ServerResponse, keys: string[], service: ChatService) => {
    for (const key of new Set(keys)) hitCounts.set(key, (hitCounts.get(key) ?? 0) + 1);
    notify();
    const script = takeScript(keys);
    if (!script) return false;
    if (script.kind === 'hang') hung.add(res);
    else answerFailure(res, service, script);
    return true;
  };

  // --- Discord -------------------------------------------------------------------------------------

  const discordError = (res: ServerResponse, status: number, body: Json) => sendJson(res, status, body);

  const handleDiscord = async (req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer) => {
    const match = DISCORD_PATH.exec(path);
    if (!match) return discordError(res, 404, { message: '404: Not Found', code: 0 });
    const [, id = '', token = ''] = match;
    const key = `/api/webhooks/${id}/${token}`;
    if (scripted(res, [key], 'discord')) return;

    if (!/^\d{1,20}$/.test(id)) {
      const errors = new FormErrors();
      errors.add(['webhook_id'], 'NUMBER_TYPE_COERCE', `Value "${id}" is not snowflake.`);
      return discordError(res, 400, { message: 'Invalid Form Body', code: 50035, errors: errors.tree });
    }
    const hook = webhooks.get(id);
    if (!hook || hook.deleted) return discordError(res, 404, { message: 'Unknown Webhook', code: 10015 });
    if (hook.token !== token)
      return discordError(res, 401, { message: 'Invalid Webhook Token', code: 50027 });

    if (req.method === 'GET')
      return sendJson(res, 200, {
        application_id: null,
        avatar: null,
        channel_id: hook.channelId,
        guild_id: hook.guildId,
        id: hook.id,
        name: 'Captain Hook',
        type: 1,
        token: hook.token,
      });
    if (req.method === 'DELETE') {
      hook.deleted = true;
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'POST') return discordError(res, 405, { message: '405: Method Not Allowed', code: 0 });

    const query = new URL(req.url ?? '/', 'http://x').searchParams;
    const waitParam = query.get('wait');
    let wait = false;
    if (waitParam !== null) {
      const v = waitParam.toLowerCase();
      if (v === 'true' || v === '1') wait = true;
      else if (v !== 'false' && v !== '0') {
        const errors = new FormErrors();
        errors.add(['wait'], 'BOOLEAN_TYPE_CONVERT', 'Must be either true or false.');
        return discordError(res, 400, { message: 'Invalid Form Body', code: 50035, errors: errors.tree });
      }
    }

    // Discord reads JSON or form fields by Content-Type; anything else carries no fields at all.
    const type = (req.headers['content-type'] ?? '').toLowerCase();
    let body: unknown = {};
    if (type.includes('json')) {
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return discordError(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
      }
    } else if (type.startsWith('application/x-www-form-urlencoded')) {
      const form = new URLSearchParams(raw.toString('utf8'));
      const fields: Json = {};
      for (const name of ['content', 'username', 'avatar_url'])
        if (form.has(name)) fields[name] = form.get(name);
      if (form.has('tts')) fields.tts = parseBool(form.get('tts') ?? '', false);
      body = fields;
    }
    const result = validateDiscord(body);
    if (!result.ok) return discordError(res, 400, result.error);

    record('discord', { url: `${base}${req.url ?? ''}`, body: result.payload });
    const rateHeaders = {
      'x-ratelimit-limit': '5',
      'x-ratelimit-remaining': '4',
      'x-ratelimit-reset': String(Date.now() / 1000 + 2),
      'x-ratelimit-reset-after': '2',
      'x-ratelimit-bucket': 'fakebucket',
    };
    const big = takeBig([key]);
    if (big) return sendBig(res, big.bytes, big.chunked);
    if (!wait) {
      res.writeHead(204, rateHeaders).end();
      return;
    }
    const p = result.payload;
    sendJson(
      res,
      200,
      {
        type: 0,
        channel_id: hook.channelId,
        content: p.content ?? '',
        attachments: [],
        embeds: (p.embeds ?? []).map((e) => ({ type: 'rich', ...e })),
        timestamp: discordTime(new Date()),
        edited_timestamp: null,
        flags: 0,
        components: [],
        id: snowflake(),
        author: {
          bot: true,
          id: hook.id,
          username: p.username ?? 'Captain Hook',
          avatar: null,
          discriminator: '0000',
        },
        mentions: [],
        mention_roles: [],
        pinned: false,
        mention_everyone: false,
        tts: p.tts ?? false,
        webhook_id: hook.id,
      },
      rateHeaders,
    );
  };

  // --- ntfy ----------------------------------------------------------------------------------------

  const handleNtfy = async (req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer) => {
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://x');
    const isJson = (method === 'POST' || method === 'PUT') && path === '/';
    const topicMatch =
      ((method === 'POST' || method === 'PUT') && NTFY_TOPIC_PATH.exec(path)) ||
      (method === 'GET' && NTFY_GET_PUBLISH_PATH.exec(path)) ||
      null;

    if (method === 'GET' && path === '/v1/health') return sendJson(res, 200, { healthy: true });

    // A JSON publish also counts against its topic's URL, so scripts set on ntfyTopicUrl() apply.
    let json: unknown;
    let jsonOk = false;
    if (isJson) {
      try {
        json = JSON.parse(raw.toString('utf8'));
        jsonOk = true;
      } catch {}
    }
    const keys = [path];
    const jsonTopic = isObject(json) && typeof json.topic === 'string' ? json.topic : undefined;
    if (jsonTopic !== undefined) keys.push(`/${jsonTopic}`);
    if (topicMatch && path !== `/${topicMatch[1]}`) keys.push(`/${topicMatch[1]}`);
    if (scripted(res, keys, 'ntfy')) return;

    // ntfy authenticates before routing: a token it does not know is a 401 on any path.
    const authHeader = (() => {
      const q = url.searchParams.get('auth') ?? url.searchParams.get('authorization');
      if (q) return Buffer.from(q, 'base64url').toString('utf8').trim();
      const h = req.headers.authorization;
      return typeof h === 'string' ? h.trim() : undefined;
    })();
    let token: string | undefined;
    if (protectedTopics.size > 0 && authHeader && /^(basic|bearer) /i.test(authHeader)) {
      if (/^bearer /i.test(authHeader)) token = authHeader.slice(7).trim();
      else {
        const decoded = Buffer.from(authHeader.slice(6).trim(), 'base64').toString('utf8');
        const colon = decoded.indexOf(':');
        if (colon === 0) token = decoded.slice(1);
      }
      if (token === undefined || !knownTokens.has(token)) return sendNtfyError(res, NTFY.unauthorized);
    }

    if (!isJson && !topicMatch) return sendNtfyError(res, NTFY.notFound);

    // Header lookup as Go's r.Header.Get (Latin-1 bytes read back as UTF-8), then the query string.
    const overrides = new Map<string, string>();
    let topic: string;
    let body: Buffer = raw;
    if (isJson) {
      if (raw.length > NTFY_JSON_LIMIT) return sendNtfyError(res, NTFY.jsonTooLarge);
      const fields = jsonOk && isObject(json) ? ntfyJsonFields(json) : undefined;
      if (!fields || !isObject(json)) return sendNtfyError(res, NTFY.jsonInvalid);
      topic = fields.get('topic') ?? '';
      if (!NTFY_TOPIC.test(topic)) return sendNtfyError(res, NTFY.topicInvalid);
      body = Buffer.from(fields.get('x-message') ?? 'triggered', 'utf8');
      fields.delete('topic');
      fields.delete('x-message');
      for (const [k, v] of fields) overrides.set(k, v);
    } else topic = topicMatch?.[1] ?? '';

    const allowed = protectedTopics.get(topic);
    if (allowed && (token === undefined || !allowed.has(token))) return sendNtfyError(res, NTFY.forbidden);

    const header = (name: string) => {
      const o = overrides.get(name);
      if (o !== undefined) return o;
      const v = req.headers[name];
      const first = Array.isArray(v) ? v[0] : v;
      return first === undefined ? '' : Buffer.from(first, 'latin1').toString('utf8');
    };
    const param = (...names: string[]) => {
      for (const n of names) {
        const v = decodeMimeWords(header(n)).trim();
        if (v) return v;
      }
      for (const n of names) {
        const v = url.searchParams.get(n)?.trim();
        if (v) return v;
      }
      return '';
    };

    const title = param('x-title', 'title', 't');
    const click = param('x-click', 'click');
    const icon = param('x-icon', 'icon');
    const filename = param('x-filename', 'filename', 'file', 'f');
    const attach = param('x-attach', 'attach', 'a');
    if (attach && !/^https?:\/\//.test(attach)) return sendNtfyError(res, NTFY.attachUrlInvalid);
    if (icon && !/^https?:\/\//.test(icon)) return sendNtfyError(res, NTFY.iconUrlInvalid);
    const priority = parsePriority(param('x-priority', 'priority', 'prio', 'p'));
    if (priority === 'invalid') return sendNtfyError(res, NTFY.priorityInvalid);
    const tags = param('x-tags', 'tags', 'tag', 'ta')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    const markdown = parseBool(param('x-markdown', 'markdown', 'md'), false);
    const actionsText = param('x-actions', 'actions', 'action');
    let actions: NtfyAction[] | undefined;
    if (actionsText) {
      const parsed = parseNtfyActions(actionsText);
      if (typeof parsed === 'string')
        return sendNtfyError(res, {
          ...NTFY.actionsInvalid,
          error: `${NTFY.actionsInvalid.error}, ${parsed}`,
        });
      actions = parsed;
    }

    const id = randomAlnum(12);
    const time = Math.floor(Date.now() / 1000);
    let message = param('x-message', 'message', 'm').replaceAll('\\n', '\n');
    let attachment: Json | undefined;
    if (attach) {
      let name = filename;
      if (!name) {
        try {
          const last = new URL(attach).pathname.split('/').filter(Boolean).pop();
          name = last ? decodeURIComponent(last) : '';
        } catch {}
      }
      attachment = { name: name || 'attachment', url: attach };
    }
    const peeked = body.subarray(0, NTFY_MESSAGE_LIMIT);
    const utf8 = (b: Buffer) => {
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(b);
      } catch {
        return undefined;
      }
    };
    const asText = attach || (!filename && body.length <= NTFY_MESSAGE_LIMIT && utf8(body) !== undefined);
    if (asText) {
      // A body over the limit next to an attachment URL is cut to the limit, as ntfy peeks only that much.
      const text = utf8(peeked);
      if (text === undefined) return sendNtfyError(res, NTFY.notUtf8);
      if (text.length > 0) message = text.trim();
      if (!message && attachment) message = `You received a file: ${String(attachment.name)}`;
    } else {
      // ntfy.sh keeps a long or binary body as a file attachment and says so in the message.
      const isText = utf8(body) !== undefined;
      const ext = isText ? '.txt' : '.bin';
      const name = filename || `attachment${ext}`;
      attachment = {
        name,
        type: isText ? 'text/plain; charset=utf-8' : 'application/octet-stream',
        size: body.length,
        expires: time + NTFY_ATTACHMENT_SECONDS,
        url: `${base}/file/${id}${ext}`,
      };
      if (!message) message = `You received a file: ${name}`;
    }
    if (!message) message = 'triggered';

    record('ntfy', {
      topic,
      title: title || undefined,
      message,
      tags,
      priority: priority || undefined,
      click: click || undefined,
      attach: attach || undefined,
      icon: icon || undefined,
      actions,
      markdown,
      authorization: typeof req.headers.authorization === 'string' ? req.headers.authorization : undefined,
      raw: raw.toString('utf8'),
    });
    const big = takeBig(keys);
    if (big) return sendBig(res, big.bytes, big.chunked);
    // Field order and omissions as ntfy's Go struct (omitempty).
    const answer: Json = { id, time, expires: time + NTFY_CACHE_SECONDS, event: 'message', topic };
    if (title) answer.title = title;
    answer.message = message;
    if (priority) answer.priority = priority;
    if (tags.length) answer.tags = tags;
    if (click) answer.click = click;
    if (icon) answer.icon = icon;
    if (actions?.length) answer.actions = actions;
    if (attachment) answer.attachment = attachment;
    if (markdown) answer.content_type = 'text/markdown';
    const text = `${JSON.stringify(answer)}\n`;
    res.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'content-length': String(Buffer.byteLength(text)),
    });
    res.end(text);
  };

  // --- Generic webhook -----------------------------------------------------------------------------

  const handleWebhook = async (req: IncomingMessage, res: ServerResponse, path: string, raw: Buffer) => {
    const name = /^\/hooks\/([^/]+)$/.exec(path)?.[1];
    if (!name) return sendText(res, 404, 'not found');
    if (scripted(res, [path], 'webhook')) return;
    if (req.method !== 'POST') return sendText(res, 405, 'method not allowed', { allow: 'POST' });
    const body = raw.toString('utf8');
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {}
    record('webhook', { name: decodeURIComponent(name), headers: req.headers, body, json });
    const big = takeBig([path]);
    if (big) return sendBig(res, big.bytes, big.chunked);
    sendText(res, 200, 'ok');
  };

  const server = createServer((req, res) => {
    res.on('error', () => {});
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const raw = Buffer.concat(chunks);
      const service = serviceOf(path);
      const handler =
        service === 'discord' ? handleDiscord : service === 'webhook' ? handleWebhook : handleNtfy;
      handler(req, res, path, raw).catch((e: unknown) => {
        if (!res.headersSent) sendText(res, 500, `chat-receivers: ${(e as Error).message}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const wait = (ready: () => boolean, describe: () => string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (ready()) return resolve();
      const waiter = {
        check: () => {
          if (!ready()) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve();
        },
        fail: (e: Error) => {
          clearTimeout(timer);
          waiters.delete(waiter);
          reject(e);
        },
      };
      const timer = setTimeout(
        () => waiter.fail(new Error(`${describe()} after ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiters.add(waiter);
    });

  return {
    url: base,
    received,
    discordWebhook() {
      const hook: DiscordWebhook = {
        id: snowflake(),
        token: randomBytes(51).toString('base64url'),
        channelId: snowflake(),
        guildId: snowflake(),
        deleted: false,
      };
      webhooks.set(hook.id, hook);
      return `${base}/api/webhooks/${hook.id}/${hook.token}`;
    },
    deleteDiscordWebhook(url) {
      const id = DISCORD_PATH.exec(new URL(url, base).pathname)?.[1];
      const hook = id === undefined ? undefined : webhooks.get(id);
      if (!hook) throw new Error(`deleteDiscordWebhook: no webhook at ${url}`);
      hook.deleted = true;
    },
    ntfyTopicUrl(topic) {
      const t = topic ?? `rb_${randomBytes(8).toString('hex')}`;
      if (!NTFY_TOPIC.test(t)) throw new Error(`ntfyTopicUrl: "${t}" is not a valid ntfy topic`);
      return `${base}/${t}`;
    },
    ntfyProtect(topic, token) {
      const tokens = protectedTopics.get(topic) ?? new Set<string>();
      tokens.add(token);
      protectedTopics.set(topic, tokens);
      knownTokens.add(token);
    },
    webhookUrl(name) {
      return `${base}/hooks/${encodeURIComponent(name ?? `hook-${randomBytes(6).toString('hex')}`)}`;
    },
    failNext(urlOrPath, status, { retryAfter, times = 1, body } = {}) {
      const key = keyOf(urlOrPath);
      const queue = scripts.get(key) ?? [];
      for (let i = 0; i < times; i++) queue.push({ kind: 'fail', status, retryAfter, body });
      scripts.set(key, queue);
    },
    hang(urlOrPath) {
      const key = keyOf(urlOrPath);
      scripts.set(key, [...(scripts.get(key) ?? []), { kind: 'hang' }]);
    },
    bigAnswer(urlOrPath, bytes, { chunked = false } = {}) {
      const key = keyOf(urlOrPath);
      bigAnswers.set(key, [...(bigAnswers.get(key) ?? []), { bytes, chunked }]);
    },
    async waitFor<S extends ChatService>(service: S, n: number, timeoutMs = 5000) {
      const list: ChatReceivedMap[S][] = received[service];
      await wait(
        () => list.length >= n,
        () => `waitFor('${service}', ${n}): ${list.length} delivered`,
        timeoutMs,
      );
      return list.slice(0, n);
    },
    waitForHits(urlOrPath, n, timeoutMs = 5000) {
      const key = keyOf(urlOrPath);
      return wait(
        () => (hitCounts.get(key) ?? 0) >= n,
        () => `waitForHits('${key}', ${n}): ${hitCounts.get(key) ?? 0} hits`,
        timeoutMs,
      );
    },
    hits(urlOrPath) {
      return hitCounts.get(keyOf(urlOrPath)) ?? 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const w of [...waiters]) w.fail(new Error('chat receivers closed'));
        if (!server.listening) return resolve();
        for (const res of hung) res.destroy();
        hung.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
