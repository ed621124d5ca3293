import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TwilioFakeMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
}

/** An error answer in Twilio's format; `code` defaults to 20000 + status (20429, 20500, 20503...). */
export interface TwilioFakeResponse {
  status: number;
  code?: number;
  message?: string;
  /** Sent as the Retry-After header. */
  retryAfter?: number | string;
}

/** 'drop' closes the connection without an answer; 'hold' never answers (for client timeouts). */
export type TwilioFakeAnswer = TwilioFakeResponse | 'drop' | 'hold';

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;
/** E.164 with at least 8 digits: Twilio also refuses numbers too short to exist, like +1555. */
const E164 = /^\+[1-9]\d{7,14}$/;

/** Twilio's dates are RFC 2822: "Thu, 24 Aug 2023 05:01:45 +0000". */
const rfc2822 = (date: Date) => date.toUTCString().replace(/GMT$/, '+0000');

/**
 * A real HTTP server on 127.0.0.1 that speaks Twilio's Messages API (create only): basic auth,
 * form-encoded body, Twilio's error codes and JSON shapes. It keeps the messages it accepted.
 */
export async function startTwilioFake({ accountSid, authToken }: { accountSid: string; authToken: string }) {
  const messages: TwilioFakeMessage[] = [];
  const unsubscribed = new Set<string>();
  const queued: TwilioFakeAnswer[] = [];
  let behaviour: ((msg: Omit<TwilioFakeMessage, 'sid'>) => TwilioFakeAnswer | undefined) | undefined;

  const error = (res: ServerResponse, { status, code, message, retryAfter }: TwilioFakeResponse) => {
    const twilioCode = code ?? 20000 + status;
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    if (retryAfter !== undefined) headers['retry-after'] = String(retryAfter);
    res.writeHead(status, headers);
    res.end(
      JSON.stringify({
        code: twilioCode,
        message: message ?? STATUS_CODES[status] ?? 'Error',
        more_info: `https://www.twilio.com/docs/errors/${twilioCode}`,
        status,
      }),
    );
  };

  const answer = (req: IncomingMessage, res: ServerResponse, what: TwilioFakeAnswer) => {
    if (what === 'drop') req.socket.destroy();
    else if (what !== 'hold') error(res, what);
  };

  const authorized = (req: IncomingMessage, pathSid: string) => {
    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
    if (scheme?.toLowerCase() !== 'basic' || !encoded) return false;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return (
      colon > 0 &&
      decoded.slice(0, colon) === accountSid &&
      decoded.slice(colon + 1) === authToken &&
      pathSid === accountSid
    );
  };

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    const pathSid = pathname.match(MESSAGES_PATH)?.[1];
    if (pathSid === undefined)
      return error(res, {
        status: 404,
        code: 20404,
        message: `The requested resource ${pathname} was not found`,
      });
    if (req.method !== 'POST') return error(res, { status: 405, code: 20004, message: 'Method not allowed' });

    const next = queued.shift();
    if (next) return answer(req, res, next);
    if (!authorized(req, decodeURIComponent(pathSid)))
      return error(res, { status: 401, code: 20003, message: 'Authenticate' });

    // Like Twilio, a body that is not form-encoded reads as no parameters at all.
    const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(raw)
      : new URLSearchParams();
    const msg = { to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '' };
    const override = behaviour?.(msg);
    if (override) return answer(req, res, override);

    if (!msg.to) return error(res, { status: 400, code: 21604, message: "A 'To' phone number is required." });
    if (!E164.test(msg.to))
      return error(res, {
        status: 400,
        code: 21211,
        message: `The 'To' number ${msg.to} is not a valid phone number.`,
      });
    if (!msg.from)
      return error(res, { status: 400, code: 21603, message: "A 'From' phone number is required." });
    if (!msg.body) return error(res, { status: 400, code: 21602, message: 'Message body is required.' });
    if (unsubscribed.has(msg.to))
      return error(res, { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });

    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, ...msg });
    const now = rfc2822(new Date());
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}`;
    res.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        account_sid: accountSid,
        api_version: '2010-04-01',
        body: msg.body,
        date_created: now,
        date_sent: null,
        date_updated: now,
        direction: 'outbound-api',
        error_code: null,
        error_message: null,
        from: msg.from,
        messaging_service_sid: null,
        num_media: '0',
        num_segments: '1',
        price: null,
        price_unit: 'USD',
        sid,
        status: 'queued',
        subresource_uris: { media: `${uri}/Media.json` },
        to: msg.to,
        uri: `${uri}.json`,
      }),
    );
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The API base, to use as TwilioSettings.apiUrl. */
    url: `http://127.0.0.1:${port}`,
    /** Messages accepted (201), in order. */
    messages,
    /** The next `n` requests (to the Messages path) get `response` instead of being processed. */
    failNext(n: number, response: TwilioFakeAnswer) {
      for (let i = 0; i < n; i++) queued.push(response);
    },
    /** Decides the answer per message (after auth); undefined falls through to the normal handling. */
    setBehaviour(fn?: (msg: Omit<TwilioFakeMessage, 'sid'>) => TwilioFakeAnswer | undefined) {
      behaviour = fn;
    },
    /** Messages to this number are refused with 21610, as after the recipient texted STOP. */
    unsubscribe(number: string) {
      unsubscribed.add(number);
    },
    /** Stops listening and cuts held connections; safe to call twice. */
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type TwilioFake = Awaited<ReturnType<typeof startTwilioFake>>;
