import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import ipaddr from 'ipaddr.js';

/**
 * Requests to URLs members give (their Discord, ntfy and webhook addresses), under the image proxy's
 * rules: https to public addresses only (every address a name resolves to is checked, and the request
 * goes to a checked one, so a name cannot be re-pointed between the check and the connection), no
 * redirects followed, a time limit, and a bounded read of the answer.
 */

/** Global unicast IPv6 (2000::/3): ipaddr.js calls unallocated space outside it (::/96 too) 'unicast'. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/** `::a.b.c.d`, the deprecated IPv4-compatible form, which ipaddr.js would read as IPv4-mapped. */
const IPV4_COMPATIBLE = /^::\d+\.\d+\.\d+\.\d+(%.*)?$/;

/**
 * Whether an address is on the public internet: ipaddr.js's `unicast` range (not this host, private,
 * link-local, multicast, documentation or other special ranges), and for IPv6 only global unicast.
 * An IPv4-mapped address is judged as its IPv4; every other form that carries an IPv4 (IPv4-compatible,
 * IPv4-translated, NAT64, 6to4, Teredo) is refused, so none can lead to a loopback or private address.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0 || !ipaddr.isValid(address) || IPV4_COMPATIBLE.test(address)) return false;
  const parsed = ipaddr.process(address);
  if (parsed.range() !== 'unicast') return false;
  return parsed.kind() === 'ipv4' || (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

export class OutboundError extends Error {
  constructor(
    /** `refused`: the URL or its address is not allowed; the others are the network's. */
    readonly code: 'refused' | 'timeout' | 'unreachable',
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  /** http and private addresses too (tests, installs on a LAN). */
  allowPrivate: boolean;
  timeoutMs?: number;
  /** The most of an answer's body that is read; the rest is dropped. */
  maxBytes?: number;
}

export interface OutboundAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_MAX_BYTES = 64 * 1024;

const URL_PROBLEMS = {
  notUrl: /*i18n*/ { id: 'error.url.notUrl', message: 'must be a URL' },
  notHttps: /*i18n*/ { id: 'error.url.notHttps', message: 'must be an https URL' },
  credentials: /*i18n*/ { id: 'error.url.credentials', message: 'must not carry a user name or password' },
  notPublic: /*i18n*/ { id: 'error.url.notPublic', message: 'must be a public address' },
};

/**
 * Why a URL may not be used (words for the member, `message` their English), or null; addresses are
 * checked when sent.
 */
export function outboundUrlProblem(raw: string, allowPrivate: boolean): MessageDescriptor | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return URL_PROBLEMS.notUrl;
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return URL_PROBLEMS.notHttps;
  if (url.username || url.password) return URL_PROBLEMS.credentials;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !allowPrivate && !isPublicAddress(host)) return URL_PROBLEMS.notPublic;
  if (!allowPrivate && !host.includes('.') && !isIP(host)) return URL_PROBLEMS.notPublic;
  return null;
}

/** Resolves like the system does, then refuses the connection unless every address is public. */
function checkedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = allowPrivate ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused || addresses.length === 0) {
        const error = new OutboundError('refused', `${hostname} resolves to an address that is not public`);
        return callback(error as NodeJS.ErrnoException, '', 0);
      }
      if (options.all) return (callback as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * An https agent that connects only to public addresses (checked at each connection): for libraries
 * that make their own requests to URLs members gave, such as web push to a subscription's endpoint.
 * Its sockets are kept for reuse: each was opened to an address that passed the check.
 */
export function publicHttpsAgent(allowPrivate: boolean): https.Agent {
  return new https.Agent({ lookup: checkedLookup(allowPrivate), keepAlive: true });
}

/** POSTs `body` to a member's URL under the rules above; an answer of any status resolves. */
export function postOutbound(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: OutboundOptions,
): Promise<OutboundAnswer> {
  const problem = outboundUrlProblem(url, options.allowPrivate);
  if (problem) return Promise.reject(new OutboundError('refused', `the URL ${problem.message}`));
  const target = new URL(url);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(target, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: checkedLookup(options.allowPrivate),
      // Each request resolves and connects anew: a pooled socket would skip the address check.
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
    });
    request.on('error', (err) => {
      if (err instanceof OutboundError) return reject(err);
      if (err.name === 'AbortError' || err.name === 'TimeoutError') {
        return reject(new OutboundError('timeout', `no answer within ${timeoutMs / 1000} s`));
      }
      reject(new OutboundError('unreachable', (err as NodeJS.ErrnoException).code ?? err.message));
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size >= maxBytes) return;
        chunks.push(chunk.subarray(0, maxBytes - size));
        size += Math.min(chunk.length, maxBytes - size);
        // Enough read: the rest of a large answer is not waited for.
        if (size >= maxBytes) response.destroy();
      });
      const done = () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      response.on('end', done);
      response.on('close', done);
      response.on('error', () => done());
    });
    request.end(body);
  });
}
