import { isApiPath } from '@releasebell/contract';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/**
 * Helmet's response headers, worked out once. With static options they are the same for every
 * response, and running helmet's middleware per request cost more than the rest of a cached answer
 * (ADR 004), so each response copies this object instead.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as never, response as never, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * The headers of a JSON API answer (and of the images and files the API serves): nothing in them is
 * ever rendered as a document with scripts, frames or forms, so a policy that allows nothing, the
 * no-sniffing rule and same-origin resource loading are all they need. Pages keep helmet's full set.
 * `hsts` is the Strict-Transport-Security value when the product is served over https: it pins the
 * host to https whichever answer a browser sees first.
 */
function apiSecurityHeaders(hsts: string | undefined): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

/**
 * The app's two sets of security headers, worked out once from the config: pages get helmet's full set
 * with a CSP that allows no inline script, the JSON API its short set. Each answer copies one.
 */
export function securityHeadersFor(config: Pick<Config, 'https'>) {
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Browsers ignore HSTS over plain http; sending it there only misleads. Over https it pins https.
    strictTransportSecurity: config.https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  });
  const apiHeaders = apiSecurityHeaders(pageHeaders['strict-transport-security']);
  return {
    apiHeaders,
    securityHeaders: (url: string) => (isApiPath(url) ? apiHeaders : pageHeaders),
  };
}
