import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { type AppProcess, freePort, mailHeader, mailsTo, runOperatorPass, startApp } from './app-process';
import { toast } from './auth-helpers';
import { FAKE_PORTS } from './fake-config';
import { type ProviderFakes, startProviderFakes } from './fake-providers';
import { expect, test } from './fixtures';
import { signUpViaApi } from './member-helpers';

const main = (page: Page) => page.getByRole('main');
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const headerSearch = (page: Page) =>
  page.getByRole('banner').getByRole('combobox', { name: 'Search books, movies, TV shows' });
const headerResults = (page: Page) =>
  page.getByRole('banner').getByRole('listbox', { name: 'Search results' }).getByRole('option');
const requestDialog = (page: Page) => page.getByRole('dialog', { name: 'Request Missing Content' });
const heading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 1, name: title, exact: true });

/** A calendar date as the app writes it (UTC, so the day is the one written): "May 14, 2027". */
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${iso}T00:00:00Z`));

/** A calendar date as a release email's subject writes it: "May 14, 2027". */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${iso}T00:00:00Z`));

/** A day of next year, so every title here is upcoming whatever day the run is. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;
const nextYear = (monthDay: string) => `${NEXT_YEAR}-${monthDay}`;

/** axe (WCAG 2 A and AA) on the whole page: no violations at all, of any impact. */
async function expectNoA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map(
      (n) => `[${v.impact}] ${v.id}: ${v.help} at ${n.target.join(' ')}: ${n.failureSummary ?? ''}`,
    ),
  );
  expect(found, `axe found violations on ${page.url()}`).toEqual([]);
}

/** The catalog's own matches for a query (no provider asked): to show a title is not there yet. */
async function catalogTitles(request: APIRequestContext, query: string) {
  const res = await request.get(`/api/search?q=${encodeURIComponent(query)}&type=all`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { title: string }[]).map((i) => i.title);
}

/**
 * The app pointed at fake TMDB and ISBNdb servers (no demo catalog): titles that only a provider knows
 * are found by search and imported, and a content request is resolved by the job. An app of its own,
 * on a data directory of its own, so its catalog is the providers' alone; its mail goes to the shared
 * fake SMTP server.
 */
test.describe('Titles from TMDB and ISBNdb, on an app of their own', () => {
  // One app for the tests of this file: they run in order in one worker (a failure does not skip the rest).
  test.describe.configure({ mode: 'default' });

  let port: number;
  let dataDir: string | undefined;
  let app: AppProcess | undefined;
  let fakes: ProviderFakes | undefined;
  let appEnv: Record<string, string> = {};
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    baseURL: async ({}, use) => {
      await use(`http://127.0.0.1:${port}`);
    },
  });

  test.beforeAll(async () => {
    // Two fakes, a start with migrations, and the first fill of the catalog from the fakes' lists.
    test.setTimeout(120_000);
    fakes = await startProviderFakes();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-e2e-providers-'));
    port = await freePort();
    appEnv = {
      DATA_DIR: dataDir,
      ...fakes.env,
      // Tell members at the next tick, and tick often: nothing here waits on a clock.
      NOTIFY_SETTLE_SECONDS: '0',
      NOTIFY_INTERVAL_SECONDS: '0.5',
      SMTP_URL: `smtp://127.0.0.1:${FAKE_PORTS.smtp}`,
      MAIL_FROM: 'Releasebell <no-reply@releasebell.test>',
      AUTH_RATE_LIMIT_PER_IP: '10000',
      AUTH_MAX_FAILED_SIGNINS: '1000',
    };
    app = await startApp(port, appEnv);
    // The first start fills the catalog from the providers' lists in the background.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${app!.origin}/readyz`);
          return ((await res.json()) as { catalog?: string }).catalog;
        },
        { timeout: 90_000, message: 'the catalog is filled from the fakes' },
      )
      .toBe('ready');
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
    await fakes?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('a title only TMDB knows is found from the header search, opened and tracked; a book only ISBNdb knows is found', async ({
    page,
    request,
  }) => {
    // A sign-up at full hashing cost, provider searches, two axe scans.
    test.slow();
    // Added after the first fill: only a search can bring these into the catalog.
    const movie = { title: 'The Marrowgate Lamplighter', date: nextYear('05-14') };
    fakes!.tmdb.data.addMovie({ title: movie.title, usTheatrical: movie.date, popularity: 12 });
    const book = {
      title: 'The Harrowdeep Cartographer',
      author: 'Imogen Vale',
      date: nextYear('03-10'),
    };
    fakes!.isbndb.data.add({
      title: book.title,
      authors: [book.author],
      date_published: book.date,
      binding: 'Hardcover',
      language: 'en',
    });
    expect(await catalogTitles(request, 'Marrowgate Lamplighter')).not.toContain(movie.title);
    expect(await catalogTitles(request, 'Harrowdeep Cartographer')).not.toContain(book.title);

    await signUpViaApi(page, 'provider', { origin: app!.origin });
    await page.goto('/homepage');
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    // Part of the title in the header search: the catalog has nothing, TMDB has it.
    await headerSearch(page).fill('Marrowgate Lamp');
    const option = headerResults(page).filter({ hasText: movie.title });
    await expect(option).toBeVisible();
    await expect(option).toContainText(`Movie · ${NEXT_YEAR}`);
    await option.click();

    await expect(page).toHaveURL(/\/media\/movies\/[^/]+$/);
    await expect(heading(page, movie.title)).toBeVisible();
    await expect(page).toHaveTitle(`${movie.title} | Releasebell`);
    await expect(
      main(page)
        .getByRole('listitem')
        .filter({ hasText: `Release date: ${shortDate(movie.date)}` }),
    ).toBeVisible();
    await expectNoA11yViolations(page);

    const notify = main(page).getByRole('button', { name: 'Notify Me' }).first();
    await notify.click();
    await expect(toast(page, 'Added to Watchlist')).toContainText(movie.title);
    await expect(main(page).getByRole('button', { name: 'In Watchlist' }).first()).toBeDisabled();

    await page.goto('/watchlist');
    await expect(
      page.getByRole('list', { name: 'Tracked titles' }).getByRole('link', { name: movie.title }),
    ).toBeVisible();

    // A book only ISBNdb knows, on the search page.
    await page.goto(`/search?query=${encodeURIComponent('Harrowdeep Cartographer')}&type=books`);
    const results = main(page).getByRole('list', { name: 'Search results' });
    const found = results.getByRole('article').filter({ hasText: book.title });
    await expect(found).toBeVisible();
    await expect(found).toContainText(book.author);
    await expect(found).toContainText(shortDate(book.date));
    await expect(main(page).getByText('1 result', { exact: true })).toBeVisible();
    await expect(main(page).getByText('Looking for more titles...')).toBeHidden();
    await expectNoA11yViolations(page);

    // Now in the catalog: the catalog's own search finds both.
    expect(await catalogTitles(request, 'Marrowgate Lamplighter')).toContain(movie.title);
    expect(await catalogTitles(request, 'Harrowdeep Cartographer')).toContain(book.title);
  });

  test('a request for a title TMDB knows resolves itself: the bell and the mail tell the member', async ({
    page,
    request,
  }) => {
    // A sign-up at full hashing cost, a resolution in the background, a mail to wait for.
    test.slow();
    const movie = { title: 'The Velvet Orrery', date: nextYear('09-03') };
    fakes!.tmdb.data.addMovie({ title: movie.title, usTheatrical: movie.date, popularity: 8 });
    expect(await catalogTitles(request, 'Velvet Orrery')).not.toContain(movie.title);

    const { email } = await signUpViaApi(page, 'requester', { origin: app!.origin });
    await page.goto('/homepage');
    await expect(bell(page)).toHaveAccessibleName('Notifications');

    // From an empty search, as the spec has it.
    await page.goto('/search?query=zzxqvw&type=all');
    await expect(main(page).getByRole('heading', { name: 'No Results Found' })).toBeVisible();
    await main(page).getByRole('button', { name: 'Request Missing Content' }).click();
    const dialog = requestDialog(page);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('combobox', { name: /^Media Type/ }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Movies' }).click();
    await dialog.getByRole('textbox', { name: /^Title/ }).fill(movie.title);
    await dialog.getByRole('textbox', { name: /^Optional Extra Info/ }).fill(`Out in ${NEXT_YEAR}`);
    const posted = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/request',
    );
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    expect((await posted).status()).toBe(201);
    await expect(toast(page, 'Your request has been sent!')).toContainText('Request Submitted');
    await expect(dialog).toBeHidden();

    // The job finds it at TMDB, imports it and tells the member: by email at the engine's next tick.
    // The bell's row is written with the resolution, before the mail, so once the mail is here the
    // bell has it too.
    await expect
      .poll(async () => (await mailsTo(request, email)).length, {
        timeout: 30_000,
        message: 'the request_resolved mail arrives',
      })
      .toBeGreaterThan(0);
    const mails = await mailsTo(request, email);
    expect(mails).toHaveLength(1);
    expect(mailHeader(mails[0]!, 'Subject')).toBe(`${movie.title} is on Releasebell now`);
    expect(mails[0]!.decoded).toContain(`${app!.origin}/media/movies/`);

    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(page).click();
    const list = page.getByRole('dialog', { name: /^Notifications/ }).getByRole('region', {
      name: 'Notifications',
    });
    const entry = list.getByRole('link', { name: new RegExp(movie.title) });
    await expect(list.getByRole('link')).toHaveCount(1);
    await expect(entry).toContainText(`Unread: ${movie.title}`);
    await expect(entry).toContainText('Added at your request: open it and press Notify Me');

    await entry.click();
    await expect(page).toHaveURL(/\/media\/movies\/[^/]+$/);
    await expect(heading(page, movie.title)).toBeVisible();
    await expect(
      main(page)
        .getByRole('listitem')
        .filter({ hasText: `Release date: ${shortDate(movie.date)}` }),
    ).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Notify Me' }).first()).toBeEnabled();
    // The mail links to this very page.
    expect(mails[0]!.decoded).toContain(`${app!.origin}${new URL(page.url()).pathname}`);
    await expect(bell(page)).toHaveAccessibleName('Notifications');
  });

  test("following a series from a season's page: its seasons join the watchlist, a new one is told", async ({
    page,
    request,
  }) => {
    // A sign-up at full hashing cost, a stop and a start of the app around the operator's command.
    test.setTimeout(180_000);
    const [season] = (await (await request.get('/upcoming/tv_seasons?limit=1')).json()) as {
      slug: string;
      series: string;
    }[];
    const detail = await (await request.get(`/media/slug/tv_seasons/${season!.slug}`)).json();
    const series = (detail.follow as { kind: string; ref: string; name: string }[]).find(
      (f) => f.kind === 'series',
    )!;
    expect(series).toMatchObject({ ref: expect.stringMatching(/^tmdb:tv:\d+$/), name: season!.series });
    const seriesId = Number(series.ref.split(':')[2]);

    const { email } = await signUpViaApi(page, 'follower', { origin: app!.origin });
    await page.goto(`/media/tv_seasons/${season!.slug}`);
    await main(page)
      .getByRole('button', { name: `Follow ${series.name}` })
      .click();
    await expect(toast(page, `Following ${series.name}`)).toBeVisible();
    await expect(main(page).getByRole('button', { name: `Following ${series.name}` })).toBeDisabled();
    await expectNoA11yViolations(page);

    await page.goto('/watchlist');
    const cards = page.getByRole('list', { name: 'Tracked titles' }).getByRole('listitem');
    await expect(cards.filter({ hasText: `via ${series.name}` }).first()).toBeVisible();
    const before = await cards.filter({ hasText: `via ${series.name}` }).count();

    await page.goto('/following');
    const row = page.getByRole('list', { name: 'Followed series, people and authors' }).getByRole('listitem');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(series.name);
    await expect(row).toContainText(`${before} ${before === 1 ? 'title' : 'titles'} to come`);
    await expectNoA11yViolations(page);

    // TMDB announces a new season; the operator's pass finds it (the app stopped: one process at a time).
    const added = fakes!.tmdb.data.addSeason(seriesId, { air_date: nextYear('10-02') });
    const title = `${series.name}: Season ${added.season_number}`;
    await page.goto('about:blank');
    expect(await app!.stop(), `the app's exit; its log:\n${app!.logs()}`).toBe(0);
    const { stdout } = await runOperatorPass('follows:sync', dataDir!, appEnv);
    expect(stdout.trim().split('\n').at(-1)).toBe('follows checked 1, new titles 1, members told 1');
    app = await startApp(port, appEnv);

    await expect
      .poll(async () => (await mailsTo(request, email)).map((m) => mailHeader(m, 'Subject')), {
        timeout: 30_000,
      })
      .toContain(`${title} is announced, out ${longDate(nextYear('10-02'))}`);
    await page.goto('/homepage');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(page).click();
    const bellList = page
      .getByRole('dialog', { name: /^Notifications/ })
      .getByRole('region', { name: 'Notifications' });
    await expect(bellList.getByRole('link')).toHaveCount(1);
    await expect(bellList.getByRole('link')).toContainText(title);
    await expect(bellList.getByRole('link')).toContainText(
      `Newly announced, out ${shortDate(nextYear('10-02'))}`,
    );
    await page.goto('/watchlist');
    await expect(cards.filter({ hasText: title })).toContainText(`via ${series.name}`);
  });

  test('where to watch: services chosen on the profile, the title arriving on one told by the bell and mail', async ({
    page,
    request,
  }) => {
    // Two stops and starts of the app around the operator's passes: on a busy two-core machine the
    // journey alone has taken two minutes.
    test.setTimeout(180_000);
    const NETFLIX = 8;
    const DISNEY = 337;
    const upcoming = (await (await request.get('/upcoming/movies?limit=5')).json()) as {
      item_id: string;
      title: string;
      slug: string;
    }[];
    const movie = upcoming[0]!;
    const tmdbMovie = [...fakes!.tmdb.data.movies.values()].find((m) => m.title === movie.title)!;
    fakes!.tmdb.data.setOffers({ movie: tmdbMovie.id }, 'US', 'flatrate', [DISNEY]);

    const { uid, email } = await signUpViaApi(page, 'viewer', { origin: app!.origin });
    await page.goto('/profile');
    const services = main(page).getByRole('region', { name: 'My services' });
    await expect(services.getByRole('combobox', { name: 'Country' })).toHaveValue('United States');
    await services.getByRole('button', { name: 'Netflix', exact: true }).click();
    await services.getByRole('button', { name: 'Hulu', exact: true }).click();
    await expect(services.getByRole('button', { name: 'Netflix', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await services.getByRole('button', { name: 'Save services' }).click();
    await expect(toast(page, 'Your services are saved.')).toBeVisible();
    await expectNoA11yViolations(page);
    const saved = await (await page.request.get('/api/services')).json();
    expect(saved).toMatchObject({ region: 'US', include_rent_buy: false });
    expect([...saved.provider_ids].sort((a: number, b: number) => a - b)).toEqual([8, 15]);
    const tracked = await page.request.post(`/watchlist/${uid}`, {
      data: { item_id: movie.item_id, media_type: 'movies' },
      headers: { origin: app!.origin },
    });
    expect(tracked.ok()).toBe(true);

    // The operator looks now (the app stopped: one process at a time on the embedded database).
    const pass = async () => {
      await page.goto('about:blank');
      expect(await app!.stop(), `the app's exit; its log:\n${app!.logs()}`).toBe(0);
      const { stdout } = await runOperatorPass('watch:sync', dataDir!, appEnv);
      app = await startApp(port, appEnv);
      return stdout.trim().split('\n').at(-1);
    };
    expect(await pass()).toMatch(/^availability checked \d+ titles, new offers 0, members told 0$/);
    await page.goto(`/media/movies/${movie.slug}`);
    const whereToWatch = main(page).getByRole('region', { name: 'Where to watch in United States' });
    await expect(whereToWatch).toContainText('Disney Plus');
    await expect(whereToWatch.getByRole('link', { name: /Streaming data from JustWatch/ })).toHaveAttribute(
      'href',
      /themoviedb\.org\/movie\/.*locale=US/,
    );

    // Netflix gets it: the pass finds the offer and tells the member.
    fakes!.tmdb.data.setOffers({ movie: tmdbMovie.id }, 'US', 'flatrate', [DISNEY, NETFLIX]);
    expect(await pass()).toMatch(/^availability checked \d+ titles, new offers 1, members told 1$/);
    await expect
      .poll(async () => (await mailsTo(request, email)).map((m) => mailHeader(m, 'Subject')), {
        timeout: 30_000,
      })
      .toContain(`${movie.title} is now streaming on Netflix`);
    await page.goto(`/media/movies/${movie.slug}`);
    const stream = whereToWatch.getByRole('list').first().getByRole('listitem');
    await expect(stream.first()).toContainText('Netflix');
    await expect(stream.first()).toContainText('Your service');
    await expect(stream.nth(1)).toContainText('Disney Plus');
    await expectNoA11yViolations(page);
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await bell(page).click();
    const bellList = page
      .getByRole('dialog', { name: /^Notifications/ })
      .getByRole('region', { name: 'Notifications' });
    await expect(bellList.getByRole('link')).toContainText(`${movie.title} is now streaming on Netflix`);
    await page.keyboard.press('Escape');

    await page.goto('/watchlist');
    // The chip's label is what a member presses (its checkbox is visually hidden).
    await main(page).getByText('On my services', { exact: true }).click();
    await expect(main(page).getByRole('checkbox', { name: 'On my services' })).toBeChecked();
    const cards = page.getByRole('list', { name: 'Tracked titles' }).getByRole('listitem');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(movie.title);
    await expect(cards.first().getByRole('img', { name: 'Netflix' })).toBeVisible();
  });

  test("the footer carries TMDB's notice and logo", async ({ page }) => {
    await page.goto('/homepage');
    const footer = page.getByRole('contentinfo');
    await expect(
      footer.getByText('This product uses the TMDB API but is not endorsed or certified by TMDB.'),
    ).toBeVisible();
    const logo = footer.getByRole('img', { name: 'TMDB' });
    await expect(logo).toBeVisible();
    // The logo has loaded (a broken image has no natural width).
    expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const link = footer.getByRole('link', { name: 'TMDB', exact: true });
    await expect(link).toHaveAttribute('href', 'https://www.themoviedb.org/');
    await expect(link.getByRole('img', { name: 'TMDB' })).toBeVisible();
  });
});
