import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type AppProcess, freePort, mailHeader, mailsTo, setReleaseDate, startApp } from './app-process';
import { newEmail, PASSWORD, SIGNED_IN_MS, signIn, toast } from './auth-helpers';
import { FAKE_PORTS } from './fake-config';
import { expect, test } from './fixtures';
import { signUpViaApi } from './member-helpers';

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const main = (page: Page) => page.getByRole('main');
const PAUSED = 'Release emails are paused.';
const INVALID_LINK = 'This unsubscribe link is not valid.';

/** A calendar date as the app writes it (UTC, so the day is the one written): "Jan 24, 2027". */
const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(new Date(`${iso}T00:00:00Z`));
/** ...and as release emails write it: "January 24, 2027". */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(`${iso}T00:00:00Z`));

/**
 * axe (WCAG 2 A and AA) on part of the page or all of it: no violations at all, of any impact.
 */
async function expectNoA11yViolations(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map(
      (n) => `[${v.impact}] ${v.id}: ${v.help} at ${n.target.join(' ')}: ${n.failureSummary ?? ''}`,
    ),
  );
  expect(found, `axe found violations on ${page.url()}${include ? ` in ${include}` : ''}`).toEqual([]);
}

/**
 * Opens the bell's popover and waits out its fade-in (axe would judge contrast through the fade).
 * Returns the list and a selector for the whole popover, for axe.
 */
async function openBellList(page: Page) {
  await bell(page).click();
  const popover = page.getByRole('dialog', { name: /^Notifications/ });
  await expect(popover).toBeVisible();
  await expect(popover).toHaveCSS('opacity', '1');
  const list = popover.getByRole('region', { name: 'Notifications' });
  await expect(list).toBeVisible();
  return { list, selector: `[id="${await popover.getAttribute('id')}"]` };
}

interface CatalogItem {
  item_id: string;
  title: string;
  slug: string;
  media_type: 'movies';
  release_date: string | null;
}

/**
 * The journey from an operator's date correction to the member's bell and inbox needs the app stopped
 * (the embedded database admits one process at a time), so it runs on an app process of its own, on
 * a data directory of its own; its release mail goes to the same fake SMTP server as the shared app's.
 */
test.describe('Release notifications, on an app of their own', () => {
  test.describe.configure({ mode: 'serial' });

  let port: number;
  let dataDir: string;
  let app: AppProcess | undefined;
  // Pages and requests go to this app (started in beforeAll, before any test's fixtures).
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern.
    baseURL: async ({}, use) => {
      await use(`http://127.0.0.1:${port}`);
    },
  });
  const env = () => ({
    DATA_DIR: dataDir,
    SEED_DEMO_CATALOG: 'true',
    // Tell members at the next tick, and tick often: nothing in this journey waits on a clock.
    NOTIFY_SETTLE_SECONDS: '0',
    NOTIFY_INTERVAL_SECONDS: '0.2',
    SMTP_URL: `smtp://127.0.0.1:${FAKE_PORTS.smtp}`,
    MAIL_FROM: 'Releasebell <no-reply@releasebell.test>',
  });

  /** What the journey found out, for the tests after it (serial: they run only if it passed). */
  const member = { email: newEmail('bell'), unsubscribeUrl: '' };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'releasebell-e2e-notify-'));
    port = await freePort();
    app = await startApp(port, env());
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

  test('a date announced for a tracked title reaches the bell and the mailbox, once', async ({
    page,
    request,
  }) => {
    // Two starts of the app, a sign-up at full hashing cost, an operator's command, a mail to wait for.
    test.setTimeout(180_000);

    const res = await request.get('/upcoming/movies?limit=100');
    expect(res.ok()).toBe(true);
    const movie = ((await res.json()) as CatalogItem[]).find((i) => i.release_date === null);
    expect(movie, 'the demo catalog has a movie without a date').toBeDefined();
    const { title, slug, item_id } = movie!;

    await signUpViaApi(page, 'bell', { email: member.email, origin: app!.origin });
    await page.goto('/homepage');
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    await page.goto(`/media/movies/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'TBD', exact: true })).toBeVisible();
    const added = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/watchlist/'),
    );
    await main(page).getByRole('button', { name: 'Notify Me' }).first().click();
    const addedResponse = await added;
    expect(addedResponse.ok()).toBe(true);
    expect(addedResponse.request().postDataJSON()).toMatchObject({ item_id, media_type: 'movies' });
    await expect(toast(page, 'Added to Watchlist')).toContainText(title);

    // The operator's correction: only with the app stopped (nothing left in the page to call it).
    await page.goto('about:blank');
    expect(await app!.stop(), 'the app stops cleanly on SIGTERM').toBe(0);
    const announced = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const { stdout } = await setReleaseDate(dataDir, `movies/${slug}`, announced);
    expect(stdout).toContain(
      `${title} (movies/${slug}): TBD -> ${shortDate(announced)} (day) in ${dataDir}.`,
    );
    expect(stdout).toContain('Release event "announced" recorded');

    // Started again as before: the demo's seeding at the start leaves the operator's date alone.
    app = await startApp(port, env());

    // The mail: one, to the member, about this title. Planning writes the bell's row in the same
    // transaction as the mail's, so once the mail is here the bell has it too.
    await expect
      .poll(async () => (await mailsTo(request, member.email)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const mails = await mailsTo(request, member.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual([member.email.toLowerCase()]);
    expect(mailHeader(mail, 'To')).toBe(member.email);
    expect(mailHeader(mail, 'Subject')).toBe(`${title} has a release date: ${longDate(announced)}`);
    expect(mail.decoded).toContain(`${app.origin}/media/movies/${slug}`);
    expect(mailHeader(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = /^<([^>]+)>$/.exec(mailHeader(mail, 'List-Unsubscribe') ?? '')?.[1];
    expect(listUnsubscribe).toMatch(
      new RegExp(`^${app.origin.replace(/[.]/g, '\\.')}/api/notifications/unsubscribe\\?token=[\\w.-]+$`),
    );
    member.unsubscribeUrl = listUnsubscribe!;
    // The mail's own "Pause release emails" link carries the same token.
    const token = new URL(member.unsubscribeUrl).searchParams.get('token');
    expect(mail.decoded).toContain(`${app.origin}/unsubscribe?token=${token}`);

    await page.goto('/homepage');
    await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread');
    await expect(bell(page)).toHaveText('1');
    const { list, selector } = await openBellList(page);
    const entry = list.getByRole('link', { name: new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(list.getByRole('link')).toHaveCount(1);
    await expect(entry).toContainText(`Unread: ${title}`);
    await expect(entry).toContainText(`Release date announced: ${shortDate(announced)}`);
    await expectNoA11yViolations(page, selector);

    await entry.click();
    await expect(page).toHaveURL(`/media/movies/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(
      main(page)
        .getByRole('listitem')
        .filter({ hasText: `Release date: ${shortDate(announced)}` }),
    ).toBeVisible();
    await expect(list).toBeHidden();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    // Read on the server too, not only in this page's memory.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
    await expect(bell(page)).toHaveAccessibleName('Notifications');
    const again = await openBellList(page);
    await expect(again.list.getByRole('link')).toHaveCount(1);
    await expect(again.list.getByRole('link')).not.toContainText('Unread:');
    await expect(again.list.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    await expectNoA11yViolations(page, again.selector);
  });

  test("the email's unsubscribe link pauses release emails; the profile resumes them", async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.slow();
    expect(member.unsubscribeUrl, 'the release email of the first test had a List-Unsubscribe link').not.toBe(
      '',
    );
    const token = new URL(member.unsubscribeUrl).searchParams.get('token')!;

    // A reader opening the mail's link (no sign-in) gets a page that asks first: a GET pauses nothing.
    await page.goto(member.unsubscribeUrl);
    await expect(page).toHaveURL(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(page).toHaveTitle('Pause release emails | Releasebell');
    await expect(page.getByRole('heading', { level: 1, name: 'Pause release emails?' })).toBeVisible();
    await expectNoA11yViolations(page);

    // A token signed with another key is refused.
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
    const [who, signature] = token.split('.');
    const forged = `${who}.${'A'.repeat(signature?.length ?? 32)}`;
    await page.goto(`/unsubscribe?token=${encodeURIComponent(forged)}`);
    await page.getByRole('button', { name: 'Pause release emails' }).click();
    await expect(page.getByText(INVALID_LINK)).toBeVisible();

    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole('button', { name: 'Pause release emails' }).click();
    await expect(page.getByRole('status').filter({ hasText: PAUSED })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause release emails' })).toBeHidden();
    await expectNoA11yViolations(page);

    // The member sees it on the profile, and resumes.
    await signIn(page, member.email, PASSWORD);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: SIGNED_IN_MS });
    await page.goto('/profile');
    const paused = main(page).getByRole('alert').filter({ hasText: PAUSED });
    await expect(paused).toBeVisible();
    await paused.getByRole('button', { name: 'Resume release emails' }).click();
    await expect(toast(page, 'Release emails resumed')).toBeVisible();
    await expect(paused).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(main(page).getByText(PAUSED)).toBeHidden();

    // A mail provider's one-click unsubscribe (RFC 8058) pauses them again, with no cookie or Origin.
    const oneClick = await request.fetch(member.unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status()).toBe(200);
    expect(await oneClick.json()).toEqual({ email_paused: true });
    await page.reload();
    await expect(main(page).getByRole('alert').filter({ hasText: PAUSED })).toBeVisible();
  });
});

test.describe('Notification settings', () => {
  test('a member picks a time zone and a reminder; they are kept', async ({ page }) => {
    // A sign-up at full hashing cost, two dropdowns, a save and a reload.
    test.slow();
    await signUpViaApi(page, 'prefs');
    await page.goto('/profile');
    await expect(main(page).getByText('UTC', { exact: true })).toBeVisible();
    await expect(main(page).getByText('1 day before', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const zone = main(page).getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('Tokyo');
    await page.getByRole('listbox').getByRole('option', { name: 'Asia/Tokyo', exact: true }).click();
    await expect(zone).toHaveValue('Asia/Tokyo');
    const reminder = main(page).getByRole('combobox', { name: 'Remind me before a release' });
    await reminder.click();
    await page.getByRole('listbox').getByRole('option', { name: '3 days before', exact: true }).click();
    await expect(reminder).toHaveValue('3 days before');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Profile updated')).toBeVisible();

    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(main(page).getByText('Asia/Tokyo', { exact: true })).toBeVisible();
    await expect(main(page).getByText('3 days before', { exact: true })).toBeVisible();
    await page.reload();
    await expect(main(page).getByText('Asia/Tokyo', { exact: true })).toBeVisible();
    await expect(main(page).getByText('3 days before', { exact: true })).toBeVisible();
  });

  test('an unsubscribe link that is not valid says so', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 400/);
    await page.goto('/unsubscribe?token=forged-token');
    await expect(page.getByRole('heading', { level: 1, name: 'Pause release emails?' })).toBeVisible();
    await page.getByRole('button', { name: 'Pause release emails' }).click();
    await expect(page.getByText(INVALID_LINK)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause release emails' })).toBeHidden();
    await expectNoA11yViolations(page);

    // Without a token there is nothing to send.
    await page.goto('/unsubscribe');
    await expect(page.getByText(INVALID_LINK)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause release emails' })).toBeHidden();
  });
});
