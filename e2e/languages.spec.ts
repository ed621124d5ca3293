import type { Page } from '@playwright/test';
import { dialog, emailField, openSignIn, PASSWORD, passwordField } from './auth-helpers';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { signUpViaApi } from './member-helpers';

const footerLanguage = (page: Page, name: string | RegExp) => page.getByRole('combobox', { name });

test.describe("the app in the reader's language", () => {
  test('a visitor switches the footer to Spanish: the page redraws, and the next page comes in Spanish from the server', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await footerLanguage(page, 'Language').selectOption({ label: 'Español' });
    await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    // Drawn by the server in Spanish (the cookie), before any script runs.
    const response = await page.request.get('/leaderboard');
    const html = await response.text();
    expect(html).toMatch(/<html lang="es"/);
    expect(html).toContain('Lo más seguido esta semana');
    expect(html).toContain('¡No te pierdas ningún estreno!');
    // The boot script fetches the page's catalog with the app's other modules.
    const catalogs: string[] = [];
    page.on('request', (request) => {
      if (
        /\/assets\/[\w-]+-[\w-]{8}\.js$/.test(request.url()) &&
        /\/assets\/(es|de|fr|ja|en-GB|pt-BR)-/.test(request.url())
      )
        catalogs.push(new URL(request.url()).pathname);
    });
    await page.goto('/leaderboard');
    await expect(footerLanguage(page, 'Idioma')).toHaveValue('es');
    // Spanish only: the shared catalog the boot script names, the leaderboard's own and its quick view's.
    const named = await page.evaluate(
      () =>
        JSON.parse(document.querySelector<HTMLElement>('script[data-locales]')?.dataset.locales ?? '{}').es,
    );
    expect(catalogs).toContain(named);
    expect(catalogs).toHaveLength(3);
    for (const file of catalogs) expect(file).toMatch(/^\/assets\/es-/);
    await expectNoSeriousA11yViolations(page);
  });

  test("a member's language follows them: picked while signed in, back after signing out and in again", async ({
    page,
    browser,
  }) => {
    const { email } = await signUpViaApi(page, 'deutsch');
    await page.goto('/');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/user/update/') && r.request().method() === 'PUT',
    );
    await footerLanguage(page, 'Language').selectOption({ label: 'Deutsch' });
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Kontomenü' })).toBeVisible();

    // Another browser, in English: signing in brings the member's German back.
    const other = await browser.newContext({ locale: 'en-US' });
    const fresh = await other.newPage();
    await fresh.goto('/');
    await fresh.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await openSignIn(fresh);
    await emailField(fresh).fill(email);
    await passwordField(fresh).fill(PASSWORD);
    await dialog(fresh).getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(fresh.locator('html')).toHaveAttribute('lang', 'de');
    await expect(footerLanguage(fresh, 'Sprache')).toHaveValue('de');
    await fresh.getByRole('button', { name: 'Kontomenü' }).click();
    await fresh.getByRole('menuitem', { name: 'Abmelden' }).click();
    // Signed out, the page stays in the language it was in.
    await expect(fresh.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await other.close();
  });
});
