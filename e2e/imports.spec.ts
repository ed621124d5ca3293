import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { strToU8, zipSync } from 'fflate';
import { type AppProcess, freePort, startApp } from './app-process';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signUpViaApi } from './member-helpers';

interface CatalogItem {
  title: string;
  author: string | null;
  release_date: string | null;
}

const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
const cell = (value: string) => `"${value.replace(/"/g, '""')}"`;

const main = (page: Page) => page.getByRole('main');

/** Chooses a file on the import page as a member would, through its file input. */
async function choose(page: Page, name: string, mimeType: string, buffer: Buffer) {
  await main(page).getByLabel('Choose a file').setInputFiles({ name, mimeType, buffer });
}

/**
 * On an app of its own (its own data directory): what it adds to a watchlist would move the shared
 * app's leaderboard under the leaderboard's own test.
 */
test.describe('Import your lists, on an app of its own', () => {
  let port: number;
  let dataDir: string | undefined;
  let app: AppProcess | undefined;
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    baseURL: async ({}, use) => {
      await use(`http://127.0.0.1:${port}`);
    },
  });

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-e2e-imports-'));
    port = await freePort();
    app = await startApp(port, { DATA_DIR: dataDir, SEED_DEMO_CATALOG: 'true' });
  });

  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus && app) {
      await testInfo.attach('app-log', { body: app.logs(), contentType: 'text/plain' });
    }
  });

  test.afterAll(async () => {
    test.setTimeout(60_000);
    await app?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('a Goodreads CSV and a Letterboxd ZIP: preview, untick one, add the rest to the watchlist', async ({
    page,
    request,
  }) => {
    // A sign-up at full hashing cost, two uploads matched in the background, two axe scans.
    test.slow();
    const demoBooks = JSON.parse(
      await readFile(
        path.resolve(import.meta.dirname, '../apps/server/src/providers/demo/catalog/books.json'),
        'utf8',
      ),
    ) as { title: string; author?: string; isbn13?: string }[];
    const upcomingBooks = (await (await request.get('/upcoming/books?limit=100')).json()) as CatalogItem[];
    const books = upcomingBooks
      .flatMap((b) => demoBooks.filter((d) => d.title === b.title && d.isbn13 && d.author))
      .slice(0, 3);
    expect(books).toHaveLength(3);
    const goodreads = [
      GOODREADS_HEADER,
      ...books.map(
        (b, i) =>
          `${i + 1},${cell(`${b.title} (Some Cycle, #${i + 1})`)},${cell(b.author!)},,,"=""""","=""${b.isbn13}""",0,4,Pub,Paperback,300,,,,2026/11/01,to-read,to-read (#${i + 1}),to-read,,,,0,0`,
      ),
      `9,"A Book Nobody Has",Nobody,,,"=""""","=""9780000000002""",0,4,Pub,Paperback,300,,,,2026/11/01,to-read,to-read (#9),to-read,,,,0,0`,
    ].join('\n');

    await signUpViaApi(page, 'importer', { origin: app!.origin });
    await page.goto('/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import your lists' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await choose(page, 'goodreads_library_export.csv', 'text/csv', Buffer.from(goodreads));
    await expect(main(page).getByRole('heading', { name: 'Goodreads library, 4 rows' })).toBeVisible({
      timeout: 30_000,
    });
    const matched = main(page).getByRole('list', { name: 'Matched titles' });
    for (const b of books)
      await expect(matched.getByRole('checkbox', { name: `Add ${b.title}` })).toBeChecked();
    await expect(main(page).getByText('A Book Nobody Has')).toBeAttached();
    await expectNoSeriousA11yViolations(page);
    // One left out.
    await matched.getByRole('checkbox', { name: `Add ${books[2]!.title}` }).uncheck();
    await main(page).getByRole('button', { name: 'Add 2 titles' }).click();
    await expect(main(page).getByRole('heading', { name: 'Added 2 titles to your watchlist' })).toBeVisible();

    // A Letterboxd export as it downloads: a ZIP of a dozen CSVs, the watchlist among them.
    const movies = ((await (await request.get('/upcoming/movies?limit=20')).json()) as CatalogItem[])
      .filter((m) => m.release_date)
      .slice(0, 2);
    const watchlist = [
      'Date,Name,Year,Letterboxd URI',
      ...movies.map(
        (m, i) => `2026-11-0${i + 1},${cell(m.title)},${m.release_date!.slice(0, 4)},https://boxd.it/a${i}`,
      ),
    ].join('\n');
    const zip = zipSync({
      'watchlist.csv': strToU8(watchlist),
      'watched.csv': strToU8('Date,Name,Year,Letterboxd URI\n'),
      'profile.csv': strToU8('Date Joined,Username\n2020-01-01,someone\n'),
    });
    await main(page).getByRole('button', { name: 'Import another file' }).click();
    await choose(page, 'letterboxd-someone-2026-11-26.zip', 'application/zip', Buffer.from(zip));
    await expect(main(page).getByRole('heading', { name: 'Letterboxd watchlist, 2 rows' })).toBeVisible({
      timeout: 30_000,
    });
    await main(page).getByRole('button', { name: 'Add 2 titles' }).click();
    await expect(main(page).getByRole('heading', { name: 'Added 2 titles to your watchlist' })).toBeVisible();

    await page.goto('/watchlist');
    const tracked = page.getByRole('list', { name: 'Tracked titles' });
    for (const title of [books[0]!.title, books[1]!.title, movies[0]!.title, movies[1]!.title])
      await expect(tracked.getByRole('link', { name: title, exact: true })).toBeVisible();
    await expect(tracked.getByRole('link', { name: books[2]!.title, exact: true })).toHaveCount(0);
  });
});
