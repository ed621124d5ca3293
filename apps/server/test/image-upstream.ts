import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny valid PNG (1x1) and JPEG header, enough for the proxy's sniffing. */
export const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);

type Handler = (req: IncomingMessage, res: ServerResponse, origin: string) => void;

/**
 * A real HTTP server on 127.0.0.1 standing in for the image hosts (TMDB under /t/p, ISBNdb under
 * /covers). It counts the requests each path receives.
 */
export async function startImageUpstream(maxBytes: number) {
  const hits = new Map<string, number>();
  const image = (body: Buffer, type: string) => (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': type, 'content-length': body.length });
    res.end(body);
  };
  const redirect =
    (to: (origin: string) => string) => (_req: IncomingMessage, res: ServerResponse, origin: string) => {
      res.writeHead(302, { location: to(origin) });
      res.end();
    };
  const routes: Record<string, Handler> = {
    '/t/p/w500/good.png': image(PNG, 'image/png'),
    '/t/p/w500/good.jpg': image(JPEG, 'image/jpeg; charset=binary'),
    '/covers/12/34/9781234567897.jpg': image(JPEG, 'image/jpeg'),
    '/t/p/w500/page.html': image(Buffer.from('<html><script>alert(1)</script></html>'), 'text/html'),
    '/t/p/w500/icon.svg': image(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
      'image/svg+xml',
    ),
    '/t/p/w500/data.json': image(Buffer.from('{"a":1}'), 'application/json'),
    '/t/p/w500/untyped.png': (_req, res) => {
      res.writeHead(200);
      res.end(PNG);
    },
    '/t/p/w500/liar.png': image(Buffer.from('<html>not really a png</html>'), 'image/png'),
    '/t/p/w500/huge.png': image(Buffer.concat([PNG, Buffer.alloc(maxBytes + 10)]), 'image/png'),
    '/t/p/w500/huge-chunked.png': (_req, res) => {
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
    '/t/p/w500/redirect-away.png': redirect(() => 'http://evil.example/x.png'),
    '/t/p/w500/redirect-other-port.png': redirect(() => 'http://127.0.0.1:1/t/p/w500/good.png'),
    '/t/p/w500/redirect-outside-base.png': redirect(() => '/secret/key.png'),
    '/t/p/w500/redirect-bad-path.png': redirect(() => '/t/p/w500/%2e%2e/x.png'),
    '/t/p/w500/redirect-query.png': redirect(() => '/t/p/w500/good.png?x=1'),
    '/t/p/w500/redirect-loop.png': redirect(() => '/t/p/w500/redirect-loop.png'),
    '/t/p/w500/slow.png': (_req, res) => {
      setTimeout(() => {
        if (!res.destroyed) image(PNG, 'image/png')(_req, res);
      }, 3000);
    },
    '/t/p/w500/missing.png': (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not here');
    },
    '/t/p/w500/broken.png': (_req, res) => {
      res.writeHead(500);
      res.end('oops');
    },
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
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
