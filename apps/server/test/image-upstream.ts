import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { TMDB_POSTER_SIZES } from '@releasebell/contract';

/** Tiny but real images (a 1x1 PNG; the others are their format's signature and some bytes), enough for the proxy's sniffing. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
export const GIF = Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.alloc(40, 2)]);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  Buffer.alloc(28, 3),
]);
export const AVIF = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from('ftypavif', 'latin1'),
  Buffer.alloc(40, 4),
]);

/** Headers the image host sends with good.png that the proxy must not pass on. */
export const UPSTREAM_ONLY_HEADERS = {
  'set-cookie': 'upstream_session=abc; Path=/',
  'x-upstream-secret': 'do-not-forward',
  'access-control-allow-origin': '*',
  'content-disposition': 'attachment; filename="x.html"',
  etag: '"upstream-etag"',
};

type Handler = (req: IncomingMessage, res: ServerResponse, origin: string) => void;

/**
 * A real HTTP server on 127.0.0.1 standing in for the image hosts (TMDB under /t/p, ISBNdb under
 * /covers). It counts the requests each path receives.
 */
export async function startImageUpstream(maxBytes: number) {
  const hits = new Map<string, number>();
  const image =
    (body: Buffer, type: string, extra: Record<string, string> = {}) =>
    (_req: IncomingMessage, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': type, 'content-length': body.length, ...extra });
      res.end(body);
    };
  const redirect =
    (to: (origin: string) => string, status = 302) =>
    (_req: IncomingMessage, res: ServerResponse, origin: string) => {
      res.writeHead(status, { location: to(origin) });
      res.end();
    };
  const status = (code: number) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(code, { 'content-type': 'text/plain' });
    res.end(`status ${code}`);
  };
  const routes: Record<string, Handler> = {
    '/t/p/w500/good.png': image(PNG, 'image/png', UPSTREAM_ONLY_HEADERS),
    '/t/p/w500/good.jpg': image(JPEG, 'image/jpeg; charset=binary'),
    '/t/p/w500/popular.jpg': image(JPEG, 'image/jpeg'),
    '/t/p/w500/good.gif': image(GIF, 'image/gif'),
    '/t/p/w500/good.webp': image(WEBP, 'image/webp'),
    '/t/p/w500/good.avif': image(AVIF, 'image/avif'),
    '/t/p/original/x_Y-z.9.jpg': image(JPEG, 'IMAGE/JPEG'),
    '/covers/12/34/9781234567897.jpg': image(JPEG, 'image/jpeg'),
    '/covers/12/34/9781234567898.jpg': image(JPEG, 'image/jpeg'),
    '/covers/12/34/9781234567880.jpg': image(JPEG, 'image/jpeg'),
    '/t/p/w500/page.html': image(Buffer.from('<html><script>alert(1)</script></html>'), 'text/html'),
    '/t/p/w500/icon.svg': image(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      'image/svg+xml',
    ),
    '/t/p/w500/data.json': image(Buffer.from('{"a":1}'), 'application/json'),
    '/t/p/w500/binary.png': image(PNG, 'application/octet-stream'),
    '/t/p/w500/untyped.png': (_req, res) => {
      res.writeHead(200);
      res.end(PNG);
    },
    '/t/p/w500/liar.png': image(Buffer.from('<html>not really a png</html>'), 'image/png'),
    '/t/p/w500/svg-as-png.png': image(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      'image/png',
    ),
    '/t/p/w500/empty.png': image(Buffer.alloc(0), 'image/png'),
    '/t/p/w500/huge.png': image(Buffer.concat([PNG, Buffer.alloc(maxBytes + 10)]), 'image/png'),
    '/t/p/w500/huge-chunked.png': (_req, res) => {
      // No content-length: the cap has to be enforced while reading.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG);
      const chunk = Buffer.alloc(64 * 1024);
      let sent = 0;
      const more = () => {
        while (sent <= maxBytes + chunk.length) {
          sent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', more);
        }
        res.end();
      };
      more();
    },
    '/t/p/w500/redirect-ok.png': redirect(() => '/t/p/w500/good.png'),
    '/t/p/w500/redirect-absolute.png': redirect((origin) => `${origin}/t/p/w500/good.png`, 301),
    '/t/p/w500/redirect-twice.png': redirect(() => '/t/p/w500/redirect-ok.png', 307),
    '/t/p/w500/redirect-thrice.png': redirect(() => '/t/p/w500/redirect-twice.png', 308),
    '/t/p/w500/redirect-away.png': redirect(() => 'http://evil.example/x.png'),
    '/t/p/w500/redirect-protocol-relative.png': redirect(() => '//evil.example/t/p/w500/good.png'),
    '/t/p/w500/redirect-other-port.png': redirect(() => 'http://127.0.0.1:1/t/p/w500/good.png'),
    '/t/p/w500/redirect-other-scheme.png': redirect((origin) =>
      origin.replace(/^http:/, 'https:').concat('/t/p/w500/good.png'),
    ),
    '/t/p/w500/redirect-userinfo.png': redirect((origin) =>
      origin.replace('://', '://user:pw@').concat('/t/p/w500/good.png'),
    ),
    '/t/p/w500/redirect-at-host.png': redirect((origin) => `${origin}@evil.example/t/p/w500/good.png`),
    '/t/p/w500/redirect-outside-base.png': redirect(() => '/secret/key.png'),
    '/t/p/w500/redirect-other-provider.png': redirect(() => '/covers/12/34/9781234567897.jpg'),
    '/t/p/w500/redirect-bad-path.png': redirect(() => '/t/p/w500/%2e%2e/x.png'),
    '/t/p/w500/redirect-dotdot.png': redirect(() => '/t/p/w500/../../secret/key.png'),
    '/t/p/w500/redirect-relative-dotdot.png': redirect(() => '../../secret/key.png'),
    '/t/p/w500/redirect-backslash.png': redirect(() => '/t/p/w500\\..\\..\\secret\\key.png'),
    '/t/p/w500/redirect-query.png': redirect(() => '/t/p/w500/good.png?x=1'),
    '/t/p/w500/redirect-loop.png': redirect(() => '/t/p/w500/redirect-loop.png'),
    '/t/p/w500/redirect-no-location.png': (_req, res) => {
      res.writeHead(302);
      res.end();
    },
    '/t/p/w500/slow.png': (req, res) => {
      const timer = setTimeout(() => {
        if (!res.destroyed) image(PNG, 'image/png')(req, res);
      }, 3000);
      res.on('close', () => clearTimeout(timer));
    },
    '/t/p/w500/slow-body.png': (_req, res) => {
      // Headers at once, then the body stalls: the timeout covers reading too.
      res.writeHead(200, { 'content-type': 'image/png' });
      res.write(PNG.subarray(0, 16));
    },
    '/t/p/w500/hang-up.png': (req) => {
      req.socket.destroy();
    },
    '/t/p/w500/missing.png': status(404),
    '/t/p/w500/gone.png': status(410),
    '/t/p/w500/forbidden.png': status(403),
    '/t/p/w500/broken.png': status(500),
    '/t/p/w500/unavailable.png': status(503),
    '/t/p/w500/not-modified.png': status(304),
    // A path of the right shape in a size TMDB does not serve: never to be followed.
    '/t/p/w500/redirect-other-size.png': redirect(() => '/t/p/w300/good.png'),
    '/t/p/w300/good.png': image(PNG, 'image/png'),
    // The same poster in every size TMDB serves.
    ...Object.fromEntries(
      TMDB_POSTER_SIZES.map((size) => [`/t/p/${size}/poster.jpg`, image(JPEG, 'image/jpeg')]),
    ),
  };
  const server = createServer((req, res) => {
    const pathname = (req.url ?? '').split('?')[0] ?? '';
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    const handler = routes[pathname];
    if (handler) handler(req, res, origin);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** Requests received for a path (with its query), or in all. */
    hits: (url?: string) =>
      url === undefined ? [...hits.values()].reduce((a, b) => a + b, 0) : (hits.get(url) ?? 0),
    reset: () => hits.clear(),
    /** Stops listening (afterwards connections are refused); safe to call twice. */
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
