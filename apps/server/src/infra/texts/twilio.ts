import { z } from 'zod';
import { DeliveryError } from '../delivery-error';

export interface TwilioSettings {
  /** Base URL of the REST API; `https://api.twilio.com` in production, a local fake in tests. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number (E.164) or alphanumeric sender id. */
  from: string;
  /** Covers connecting, sending and reading the answer; 10000 when unset. */
  timeoutMs?: number;
}

export interface SmsMessage {
  /** E.164, e.g. +15551234567. */
  to: string;
  body: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** The part of Twilio's Message resource we use (the rest is ignored). */
const messageSchema = z.object({ sid: z.string().min(1), status: z.string() });

/** Twilio's error body: `{ code, message, more_info, status }`. */
const errorSchema = z.object({
  code: z.number().int().nullish(),
  message: z.string().nullish(),
  status: z.number().int().nullish(),
});

/** Twilio error codes that name a cause the rest of the app acts on. */
const PERMANENT_CODES: Record<number, string> = {
  21610: 'unsubscribed',
  21211: 'invalid_number',
  21612: 'invalid_number',
  21614: 'invalid_number',
  21408: 'region_not_allowed',
  20003: 'auth_failed',
};

/**
 * Sends one SMS through Twilio's Messages API. Resolves with the message SID once Twilio has
 * accepted (queued) it; throws a DeliveryError otherwise.
 */
export async function sendTwilioSms(settings: TwilioSettings, message: SmsMessage): Promise<{ sid: string }> {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64');
  // Twilio's answers can echo what they were given; keep the token out of anything we throw.
  const redact = (text: string) =>
    settings.authToken ? text.split(settings.authToken).join('[redacted]') : text;
  if (!URL.canParse(url))
    throw new DeliveryError(
      'permanent',
      'bad_config',
      redact(`The Twilio API URL is not a URL: ${settings.apiUrl}`),
    );
  const signal = AbortSignal.timeout(timeoutMs);

  let status: number;
  let retryAfter: string | null;
  let text: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, accept: 'application/json' },
      body: new URLSearchParams({ To: message.to, From: settings.from, Body: message.body }),
      redirect: 'manual',
      signal,
    });
    status = response.status;
    retryAfter = response.headers.get('retry-after');
    text = await response.text();
  } catch (error) {
    if (signal.aborted)
      throw new DeliveryError('transient', 'timeout', `Twilio did not answer within ${timeoutMs} ms.`);
    // The errno and address go to the log (detail): this message may reach the member's SMS test.
    throw new DeliveryError(
      'transient',
      'network',
      'Twilio could not be reached.',
      undefined,
      redact(networkCause(error)),
    );
  }

  const json = parseJson(text);
  if (status >= 200 && status < 300) {
    const parsed = messageSchema.safeParse(json);
    // Twilio may have taken the message: retrying could send it twice, so this is not transient.
    if (!parsed.success)
      throw new DeliveryError(
        'permanent',
        'bad_response',
        `Twilio answered HTTP ${status} without a message SID.`,
      );
    return { sid: parsed.data.sid };
  }

  const details = errorSchema.safeParse(json);
  const code = details.success ? (details.data.code ?? undefined) : undefined;
  const twilioMessage = details.success ? (details.data.message ?? undefined) : undefined;
  const described = redact(
    `HTTP ${status}${code === undefined ? '' : `, code ${code}`}${twilioMessage ? `: ${twilioMessage}` : ''}`,
  );

  if (status === 401 || code === 20003)
    throw new DeliveryError(
      'permanent',
      'auth_failed',
      `Twilio rejected the credentials (${described}); check TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN.`,
    );
  if (status === 429 || status >= 500)
    throw new DeliveryError(
      'transient',
      status === 429 ? 'rate_limited' : 'server_error',
      `Twilio could not take the message now (${described}).`,
      parseRetryAfter(retryAfter),
    );
  const reason = code === undefined ? `http_${status}` : (PERMANENT_CODES[code] ?? `twilio_${code}`);
  throw new DeliveryError('permanent', reason, `Twilio refused the message (${described}).`);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** fetch reports "fetch failed" with the socket error (ECONNREFUSED, UND_ERR_SOCKET...) as its cause. */
function networkCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  if (cause instanceof Error) {
    const code = (cause as NodeJS.ErrnoException).code;
    return code ? `${code}: ${cause.message}` : cause.message;
  }
  return String(cause);
}

/** Retry-After is either seconds or an HTTP date. */
function parseRetryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - Date.now()) / 1000));
}
