/**
 * TMDB and ISBNdb for a spec's own app: the server's fakes (apps/server/test), real HTTP servers on
 * 127.0.0.1 started in the Playwright worker, plus an image host standing in for TMDB's and ISBNdb's
 * (the app proxies posters from it, so no page reaches the internet). `env` points an app at them.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG } from 'pngjs';
import { startIsbndbFake } from '../apps/server/test/isbndb-fake';
import { startTmdbFake } from '../apps/server/test/tmdb-fake';

/** A 2x3 grey picture, served for every poster and cover. */
function posterPng(): Buffer {
  const png = new PNG({ width: 2, height: 3 });
  png.data.fill(0x88);
  return PNG.sync.write(png);
}

/** Answers every GET with the same PNG, as TMDB's and ISBNdb's image hosts answer a poster. */
async function startImageHost() {
  const body = posterPng();
  const server = createServer((req, res) => {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(body.length) });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function startProviderFakes() {
  const images = await startImageHost();
  const isbndbImages = `${images.url}/covers`;
  const [tmdb, isbndb] = await Promise.all([
    startTmdbFake(),
    // No rate limit: the app's own pace (ISBNDB_REQUESTS_PER_SECOND below) is what keeps it polite.
    startIsbndbFake({ rateLimit: null, imageBaseUrl: isbndbImages }),
  ]);
  return {
    tmdb,
    isbndb,
    /** The app's variables for both providers and their image hosts. */
    env: {
      TMDB_API_TOKEN: tmdb.token,
      TMDB_API_URL: tmdb.url,
      TMDB_IMAGE_BASE_URL: `${images.url}/t/p`,
      ISBNDB_API_KEY: isbndb.apiKey,
      ISBNDB_API_URL: isbndb.url,
      ISBNDB_IMAGE_BASE_URL: isbndbImages,
      ISBNDB_REQUESTS_PER_SECOND: '50',
    },
    async close() {
      await Promise.all([tmdb.close(), isbndb.close(), images.close()]);
    },
  };
}
export type ProviderFakes = Awaited<ReturnType<typeof startProviderFakes>>;
