/**
 * What lies outside the machine, as real servers on 127.0.0.1 for the browser tests: an SMTP server
 * that keeps every message, an OpenID Connect provider standing in for Google, and a small HTTP
 * endpoint the specs read the mail from, which also receives members' webhooks. Started by Playwright before the app.
 */
import http from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { FAKE_PORTS, googleUser } from './fake-config';

interface StoredMail {
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone, for finding links. */
  decoded: string;
}

const mails: StoredMail[] = [];

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        raw,
        decoded: decodeQuotedPrintable(raw),
      });
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(FAKE_PORTS.smtp, '127.0.0.1', resolve));

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');

/**
 * Who "Google" signs in. A spec names its own person by adding `login_hint=<email>` to the authorize
 * request, so no two specs (or two runs of one) share a Google account; without a hint it is googleUser.
 * The person is bound to the authorization code, then to the access token the code is exchanged for.
 */
interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}
const byCode = new Map<string, GoogleIdentity>();
const byAccessToken = new Map<string, GoogleIdentity>();
const identityFor = (hint: string | null): GoogleIdentity =>
  hint?.includes('@')
    ? { sub: `google-${hint.toLowerCase()}`, email: hint, name: googleUser.name }
    : googleUser;
const claimsOf = (who: GoogleIdentity) => ({
  sub: who.sub,
  email: who.email,
  email_verified: true,
  name: who.name,
});

oidc.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: http.IncomingMessage) => {
  const code = redirect.url.searchParams.get('code');
  const hint = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('login_hint');
  if (code) byCode.set(code, identityFor(hint));
});
oidc.service.on(
  'beforeTokenSigning',
  (token: { payload: Record<string, unknown> }, req: { body: { code?: string } }) => {
    const who = byCode.get(req.body.code ?? '') ?? googleUser;
    Object.assign(token.payload, { ...claimsOf(who), aud: googleUser.clientId });
  },
);
oidc.service.on(
  'beforeResponse',
  (response: { body: Record<string, unknown> | '' }, req: { body: { code?: string } }) => {
    const who = byCode.get(req.body.code ?? '');
    const accessToken = response.body === '' ? undefined : response.body.access_token;
    if (who && typeof accessToken === 'string') byAccessToken.set(accessToken, who);
  },
);
oidc.service.on('beforeUserinfo', (userInfo: { body: unknown }, req: http.IncomingMessage) => {
  const token = req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '';
  userInfo.body = claimsOf(byAccessToken.get(token) ?? googleUser);
});
await oidc.start(FAKE_PORTS.oidc, '127.0.0.1');

/** What members' webhooks received (POST /hooks/{name}), with their headers: read by GET /hooks. */
const hooks: { name: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const hook = /^\/hooks\/([\w-]+)$/.exec(url.pathname);
  if (hook && req.method === 'POST') {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hooks.push({ name: hook[1] ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
    return;
  }
  if (url.pathname === '/hooks') {
    const name = url.searchParams.get('name');
    const list = hooks.filter((h) => !name || h.name === name);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return;
  }
  if (url.pathname === '/health') {
    res.writeHead(200).end('ok');
    return;
  }
  if (url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const list = mails.filter((m) => !to || m.to.includes(to));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list));
    return;
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve) => control.listen(FAKE_PORTS.control, '127.0.0.1', resolve));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    control.close();
    smtp.close(() => {});
    void oidc.stop().finally(() => process.exit(0));
  });
}
