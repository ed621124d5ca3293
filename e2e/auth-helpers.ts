import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const dialog = (page: Page) => page.getByRole('dialog');
export const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
export const emailField = (page: Page) => dialog(page).getByRole('textbox', { name: /^Email/ });
export const passwordField = (page: Page) => dialog(page).getByLabel(/^Password/);
export const confirmField = (page: Page) => dialog(page).getByLabel(/^Confirm Password/);
export const newEmail = (tag: string) => `${tag}.${randomBytes(4).toString('hex')}@example.com`;
export const PASSWORD = 'release day 2026';
/**
 * How long to wait for the signed-in header after signing up, in or through a reset: each hashes a
 * password at full cost (scrypt, about 0.3 s alone), which takes several times longer on a busy CI machine.
 */
export const SIGNED_IN_MS = 20_000;

export async function openSignIn(page: Page) {
  await page.goto('/homepage');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(dialog(page).getByText('Sign In', { exact: true }).first()).toBeVisible();
}

/** Signs a new member up through the modal (both steps) and waits for the avatar menu. */
export async function signUpThroughUi(page: Page, email: string, password = PASSWORD) {
  await openSignIn(page);
  await dialog(page).getByRole('button', { name: "I don't have an account" }).click();
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await confirmField(page).fill(password);
  await dialog(page).getByRole('button', { name: 'Continue', exact: true }).click();
  await dialog(page).getByRole('textbox', { name: 'First Name' }).fill('Ada');
  await dialog(page).getByRole('textbox', { name: 'Last Name' }).fill('Lovelace');
  await dialog(page).getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible({ timeout: SIGNED_IN_MS });
  await expect(dialog(page)).toBeHidden();
}

export async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string) {
  await openSignIn(page);
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
  await dialog(page).getByRole('button', { name: 'Sign In', exact: true }).click();
}
