/**
 * Network failures in words a member can read. The raw error (`connect EHOSTUNREACH 10.1.2.3:443`, a
 * TLS alert) tells where our server looked and what it found there: that is for the server log only.
 */
export const NETWORK_SENTENCES = {
  timeout: 'That address did not answer in time.',
  notFound: 'That address could not be found.',
  tls: 'Could not make a secure connection to that address.',
  unreachable: 'Could not reach that address.',
} as const;

const TIMEOUT = /\b(timeout|timed? ?out|ETIMEDOUT|ESOCKETTIMEDOUT|UND_ERR_\w*TIMEOUT)\b|no answer within/i;
const NOT_FOUND = /\b(ENOTFOUND|EAI_AGAIN|EAI_NONAME|EAI_FAIL|ENODATA)\b/;
const TLS = /\b(ERR_TLS_\w+|ERR_SSL_\w+|EPROTO|\w*CERT\w*|UNABLE_TO_\w+)\b|certificate|\b(TLS|SSL)\b/;

function sentenceFor(said: string): string {
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
  return { message: sentenceFor(`${code} ${text}`), detail };
}

/** An errno or TLS code as the channel log kept it before these sentences (`EHOSTUNREACH`, `CERT_HAS_EXPIRED`). */
const RAW_RECORD =
  /^(connect |getaddrinfo |read |write )?(E[A-Z]{3,}|ERR_[A-Z0-9_]+|UNABLE_TO_[A-Z_]+|[A-Z_]*CERT[A-Z_]*)\b|^no answer within|^Socket timeout$/;

/** A channel log's error as a member may see it: raw network errors written by older versions become sentences. */
export function memberFacingError(error: string | null): string | null {
  return error !== null && RAW_RECORD.test(error) ? sentenceFor(error) : error;
}
