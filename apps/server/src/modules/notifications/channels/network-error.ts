import { englishOf, type Translate } from '@releasebell/contract';
import type { MessageDescriptor } from '@releasebell/contract/i18n';

/**
 * Network failures in words a member can read. The raw error (`connect EHOSTUNREACH 10.1.2.3:443`, a
 * TLS alert) tells where our server looked and what it found there: that is for the server log only.
 * A channel's log keeps the US English; a member reads it in their language (`memberFacingError`).
 */
export const NETWORK_SENTENCES = {
  timeout: /*i18n*/ { id: 'channels.network.timeout', message: 'That address did not answer in time.' },
  notFound: /*i18n*/ { id: 'channels.network.notFound', message: 'That address could not be found.' },
  tls: /*i18n*/ {
    id: 'channels.network.tls',
    message: 'Could not make a secure connection to that address.',
  },
  unreachable: /*i18n*/ { id: 'channels.network.unreachable', message: 'Could not reach that address.' },
} satisfies Record<string, MessageDescriptor>;
const NOT_PUBLIC = /*i18n*/ {
  id: 'channels.network.notPublic',
  message: '{host} resolves to an address that is not public',
};
/** The sentences as the log keeps them, to be read back in a member's words. */
const KEPT = new Map(Object.values(NETWORK_SENTENCES).map((d) => [englishOf(d), d]));
// Written by lib/outbound-http.ts, which speaks no member's language.
const KEPT_NOT_PUBLIC = /^(\S+) resolves to an address that is not public$/;

const TIMEOUT = /\b(timeout|timed? ?out|ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_\w*TIMEOUT)\b|no answer within/i;
const NOT_FOUND = /\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|ENODATA)\b/;
const TLS = /\b(ERR_TLS_\w+|ERR_SSL_\w+|EPROTO|\w*CERT\w*|UNABLE_TO_\w+)\b|certificate|\b(TLS|SSL)\b/;

function sentenceFor(said: string): MessageDescriptor {
  if (TIMEOUT.test(said)) return NETWORK_SENTENCES.timeout;
  if (NOT_FOUND.test(said)) return NETWORK_SENTENCES.notFound;
  if (TLS.test(said)) return NETWORK_SENTENCES.tls;
  return NETWORK_SENTENCES.unreachable;
}

/** A request that got no answer: the sentence to record and show, and the raw error for the log. */
export function plainNetworkError(err: unknown): { message: string; detail: string } {
  const code =
    typeof (err as { code?: unknown } | null)?.code === 'string' ? (err as { code: string }).code : '';
  const text = err instanceof Error ? err.message : String(err);
  const detail = (code && !text.includes(code) ? `${code}: ${text}` : text).slice(0, 300);
  return { message: englishOf(sentenceFor(`${code} ${text}`)), detail };
}

/** An errno or TLS code as the channel log kept it before these sentences (`EHOSTUNREACH`, `CERT_HAS_EXPIRED`). */
const RAW_RECORD =
  /^(connect |getaddrinfo |read |write )?(E[A-Z]{3,}|ERR_[A-Z0-9_]+|UNABLE_TO_[A-Z_]+|[A-Z_]*CERT[A-Z_]*)\b|^no answer within|^Socket timeout$/;

/**
 * A channel log's error as a member reads it, in their words (`t`): our own sentences translated, raw
 * network errors written by older versions made sentences, a service's own answer ("404 Unknown
 * Webhook") as it said it.
 */
export function memberFacingError(t: Translate, error: string | null): string | null {
  if (error === null) return null;
  if (RAW_RECORD.test(error)) return t(sentenceFor(error));
  const kept = KEPT.get(error);
  if (kept) return t(kept);
  const host = KEPT_NOT_PUBLIC.exec(error)?.[1];
  return host ? t(NOT_PUBLIC, { host }) : error;
}
