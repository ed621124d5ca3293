import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';

const NO_MATCH = 'zzxqvw';
const isRequestPost = (req: Request) =>
  req.method() === 'POST' && new URL(req.url()).pathname === '/api/request';

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Request Missing Content' });
const titleField = (page: Page) => dialog(page).getByRole('textbox', { name: /^Title/ });
const extraField = (page: Page) => dialog(page).getByRole('textbox', { name: /^Optional Extra Info/ });
const mediaTypeField = (page: Page) => dialog(page).getByRole('combobox', { name: /^Media Type/ });
const submit = (page: Page) => dialog(page).getByRole('button', { name: 'Submit Request' });
/** A toast, found by its message. */
const toast = (page: Page, message: string) => page.getByRole('alert').filter({ hasText: message });

/** Opens the search page's empty state and, from it, the request modal. */
async function openRequestModal(page: Page) {
  await page.goto(`/search?query=${NO_MATCH}&type=all`);
  await page.getByRole('button', { name: 'Request Missing Content' }).click();
  await expect(dialog(page)).toBeVisible();
}

test.describe('Request Missing Content', () => {
  test('has the three fields; a blank title shows "Title is required!" and sends nothing', async ({
    page,
  }) => {
    const posts: Request[] = [];
    page.on('request', (req) => {
      if (isRequestPost(req)) posts.push(req);
    });
    await openRequestModal(page);
    await mediaTypeField(page).click();
    await expect(page.getByRole('listbox').getByRole('option')).toHaveText(['Books', 'TV Shows', 'Movies']);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeVisible();
    await expect(extraField(page)).toBeVisible();

    await titleField(page).fill('   ');
    await submit(page).click();
    await expect(toast(page, 'Title is required!')).toBeVisible();
    await expect(dialog(page)).toBeVisible();
    expect(posts).toHaveLength(0);
  });

  test('a filled form is sent and stored, with a success toast', async ({ page }) => {
    const title = `The Missing Almanac ${Date.now()}`;
    await openRequestModal(page);

    await mediaTypeField(page).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Movies' }).click();
    await expect(mediaTypeField(page)).toHaveValue('Movies');
    await titleField(page).fill(title);
    await extraField(page).fill('Directed by Ada Quill, due 2027');

    const responsePromise = page.waitForResponse((res) => isRequestPost(res.request()));
    await submit(page).click();
    const response = await responsePromise;

    const sent = response.request().postDataJSON();
    expect(sent).toMatchObject({
      mediaType: 'movies',
      title,
      extraInfo: 'Directed by Ada Quill, due 2027',
      userId: null,
    });
    expect(new Date(sent.createdAt).toISOString()).toBe(sent.createdAt);
    expect(response.status()).toBe(201);
    expect(await response.json()).toMatchObject({ title, mediaType: 'movies', status: 'pending' });

    await expect(toast(page, 'Your request has been sent!')).toContainText('Request Submitted');
    await expect(dialog(page)).toBeHidden();
  });

  test('a server failure shows "Could not submit request. Try again." and keeps the form', async ({
    page,
    consoleErrors,
  }) => {
    // The browser reports the failed response.
    consoleErrors.allow(/Failed to load resource: the server responded with a status of 500/);
    await page.route('**/api/request', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Internal error' } }),
      }),
    );
    await openRequestModal(page);
    await titleField(page).fill('Anything At All');
    await submit(page).click();

    await expect(toast(page, 'Could not submit request. Try again.')).toContainText('Error');
    await expect(dialog(page)).toBeVisible();
    await expect(titleField(page)).toHaveValue('Anything At All');
  });

  test('works with the keyboard alone', async ({ page }) => {
    await page.goto(`/search?query=${NO_MATCH}&type=all`);
    const opener = page.getByRole('button', { name: 'Request Missing Content' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();

    // Focus starts in the title field; Tab and Shift+Tab move through the form.
    await expect(titleField(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(extraField(page)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(submit(page)).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(mediaTypeField(page)).toBeFocused();

    // Focus stays inside the modal.
    for (let i = 0; i < 6; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog(page).evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }

    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('can be sent with the keyboard', async ({ page }) => {
    await page.goto(`/search?query=${NO_MATCH}&type=all`);
    await page.getByRole('button', { name: 'Request Missing Content' }).focus();
    await page.keyboard.press('Enter');
    await expect(titleField(page)).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Keyboard Only Chronicle');

    const responsePromise = page.waitForResponse((res) => isRequestPost(res.request()));
    await page.keyboard.press('Enter');
    expect((await responsePromise).status()).toBe(201);
    await expect(toast(page, 'Your request has been sent!')).toBeVisible();
    await expect(dialog(page)).toBeHidden();
  });
});
