import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN } from '../../../test/helpers';
import { letterboxdWatchlistCsv } from '../../../test/import-samples';

/**
 * One member's large import must not hold everyone else up. Over real HTTP (the event loop is what is
 * shared): while the rows are matched, other members' requests are answered, between its chunks.
 */
describe('a large import and everyone else', () => {
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    app = await buildTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(async () => app.close());

  it("answers other members' requests while an import is matched", async () => {
    const importer = await signUp(app);
    const reader = await signUp(app);
    const form = new FormData();
    const csv = letterboxdWatchlistCsv({ rows: 6000, seed: 3 });
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'watchlist.csv');
    const upload = await fetch(`${base}/api/imports`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, cookie: importer.cookie },
      body: form,
    });
    expect(upload.status).toBe(202);
    const { id } = (await upload.json()) as { id: string };

    // Each of the reader's answers that comes before the import is done was given while it matched.
    let answeredWhileMatching = 0;
    for (;;) {
      const list = await fetch(`${base}/watchlist/${reader.id}`, { headers: { cookie: reader.cookie } });
      expect(list.status).toBe(200);
      const progress = await fetch(`${base}/api/imports/${id}`, { headers: { cookie: importer.cookie } });
      const { status, entries } = (await progress.json()) as { status: string; entries: unknown[] };
      if (status !== 'matching') {
        expect(status).toBe('ready');
        expect(entries).toHaveLength(6000);
        break;
      }
      // While it matches, the page shows its progress only: the rows are not sent again each time.
      expect(entries).toEqual([]);
      answeredWhileMatching += 1;
    }
    expect(answeredWhileMatching).toBeGreaterThanOrEqual(3);
  });
});
