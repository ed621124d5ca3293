import type { Page } from '@playwright/test';
import { itemPath, LOCALE_NAMES, PRODUCT_NAME } from '@releasebell/contract';
import { expect, test } from './fixtures';
import { catalog, signUpViaApi } from './member-helpers';

/**
 * Every page in the pseudo-locale (each message accented, marked ⟦…⟧ and 40% longer), at a phone's width
 * and a laptop's: no text a member reads is left in English, and nothing runs off the side of the page.
 * What is not a message is data: whatever the API answered (titles, names, genres), the page's own
 * data, dates and country names (written in US English in this locale), and the names below.
 */
const NAMES = [
  PRODUCT_NAME,
  ...Object.values(LOCALE_NAMES),
  'TMDB',
  'JustWatch',
  'Google',
  'Discord',
  'ntfy',
  'Webhook',
  'SMS',
  'Outlook',
  'Goodreads',
  'StoryGraph',
  'Letterboxd',
  'IMDb',
  'Amazon',
  'iCal',
];
const WIDTHS = [390, 1366];

/** English words Intl writes in US English here: months, weekdays, countries. */
function intlWords(): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const w of text.match(/[A-Za-z]{2,}/g) ?? []) words.add(w);
  };
  for (let m = 0; m < 12; m++) {
    const d = new Date(Date.UTC(2027, m, 1));
    for (const month of ['long', 'short'] as const)
      add(d.toLocaleDateString('en-US', { month, timeZone: 'UTC' }));
  }
  for (let day = 0; day < 7; day++)
    add(
      new Date(Date.UTC(2027, 0, 3 + day)).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' }),
    );
  const regions = new Intl.DisplayNames(['en-US'], { type: 'region' });
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      try {
        const name = regions.of(code);
        if (name && name !== code) add(name);
      } catch {}
    }
  return words;
}

/** Every string in a JSON answer, longest first (so a title goes before a word inside it). */
function strings(value: unknown, into: Set<string>) {
  if (typeof value === 'string') {
    if (value.trim().length > 1) into.add(value.trim());
  } else if (Array.isArray(value)) for (const v of value) strings(v, into);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, into);
}

/** Collects what the app's API answered on this page, as the data a page may show as it is. */
function collectData(page: Page): Set<string> {
  const data = new Set<string>(NAMES);
  page.on('response', async (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    try {
      strings(await response.json(), data);
    } catch {}
  });
  return data;
}

/** The words on the page (text, labels, alt texts) that are neither a message nor data. */
async function untranslated(page: Page, data: Set<string>, known: Set<string>): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]'))
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    const pageData = document.getElementById('rb-page-data')?.textContent;
    return { out, pageData: pageData ?? null };
  });
  if (texts.pageData) strings(JSON.parse(texts.pageData), data);
  const byLength = [...data].sort((a, b) => b.length - a.length);
  // A long text (a description) may be shown cut short: its words count as data wherever they stand.
  const dataWords = new Set(
    [...data].filter((d) => d.length > 60).flatMap((d) => d.match(/[A-Za-z]{2,}/g) ?? []),
  );
  const left: string[] = [];
  for (let text of texts.out) {
    // Soft hyphens split words where the browser may break them; addresses are not words.
    text = text.replace(/\u00ad/g, '').replace(/https?:\/\/\S+/g, ' ');
    // Messages may hold others (a link inside a sentence): take the innermost first, until none is left.
    for (let before = ''; before !== text; ) {
      before = text;
      text = text.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    for (const value of byLength) {
      const plain = value.replace(/\u00ad/g, '');
      if (!text.includes(plain)) continue;
      // Whole words only: a short value ("en") must not cut a word of the page in two.
      const escaped = plain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      text = text.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'gu'), ' ');
    }
    for (const word of text.match(/[A-Za-z]{2,}/g) ?? [])
      if (!known.has(word) && !dataWords.has(word)) left.push(word);
  }
  return [...new Set(left)];
}

async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Button labels cut short: a button too narrow for its words hides the end of them. */
async function clippedLabels(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Button-label')]
      .filter((label) => label.offsetParent !== null && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.innerText.trim()),
  );
}

test.describe('the pseudo-locale on every page', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const width of WIDTHS) {
    test(`leaves no English and nothing overflowing at ${width} px`, async ({
      page,
      context,
      consoleErrors,
    }) => {
      // The not-found page answers 404, which the browser reports.
      consoleErrors.allow(/status of 404 \(Not Found\) \(http:\/\/127\.0\.0\.1:\d+\/no\/such\/page/);
      const known = intlWords();
      await page.setViewportSize({ width, height: 900 });
      const baseURL = test.info().project.use.baseURL ?? '';
      await context.addCookies([{ name: 'rb_locale', value: 'en-XA', url: baseURL }]);
      const data = collectData(page);
      const [movie] = await catalog(page, 'upcoming', 'movies', 1);
      const [book] = await catalog(page, 'upcoming', 'books', 1);
      const problems: string[] = [];
      const check = async (label: string) => {
        const words = await untranslated(page, data, known);
        if (words.length) problems.push(`${label}: English left: ${words.join(', ')}`);
        const over = await overflow(page);
        if (over > 0) problems.push(`${label}: ${over} px wider than the screen`);
        const clipped = await clippedLabels(page);
        if (clipped.length) problems.push(`${label}: button labels cut short: ${clipped.join(' | ')}`);
      };
      const visit = async (path: string) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
        await page.waitForLoadState('networkidle');
        await check(path);
      };

      for (const path of [
        '/',
        '/search?query=the',
        itemPath(movie!),
        itemPath(book!),
        '/leaderboard',
        '/privacy',
        '/terms',
        '/no/such/page',
        '/reset-password?token=nothing',
        '/unsubscribe?token=nothing',
        '/watchlist',
      ])
        await visit(path);
      await page.goto('/');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Šíĝñ Íñ/ })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await check('sign-in dialog');

      await signUpViaApi(page, 'pseudo', { firstName: 'Tess', lastName: 'Tracker' });
      // The avatar shows the member's initials.
      data.add('TT');
      for (const path of ['/watchlist', '/following', '/import', '/profile']) await visit(path);
      expect(problems).toEqual([]);
    });
  }
});
