import type { Page } from '@playwright/test';
import type { MediaItem, MediaType } from '@releasebell/contract';
import { newEmail, PASSWORD } from './auth-helpers';
import { expect } from './fixtures';

const origin = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3103)}`;

/**
 * Signs a new member up through the API from the page's own browser context (so the browser holds the
 * session cookie) and registers the profile. Returns the member's id.
 */
export async function signUpViaApi(page: Page, tag = 'member'): Promise<{ uid: string; email: string }> {
  const email = newEmail(tag);
  const headers = { origin: origin() };
  const res = await page.request.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password: PASSWORD, name: 'Tess Tracker' },
  });
  expect(res.status()).toBe(200);
  const uid = ((await res.json()) as { user: { id: string } }).user.id;
  const reg = await page.request.post('/user/register', {
    headers,
    data: { email, firebase_id: uid, first_name: 'Tess', last_name: 'Tracker' },
  });
  expect(reg.status()).toBe(201);
  return { uid, email };
}

export async function track(page: Page, uid: string, item: Pick<MediaItem, 'item_id' | 'media_type'>) {
  const res = await page.request.post(`/watchlist/${uid}`, {
    headers: { origin: origin() },
    data: { item_id: item.item_id, media_type: item.media_type },
  });
  expect([200, 201]).toContain(res.status());
}

export async function catalog(page: Page, list: 'upcoming' | 'trending', type: MediaType, limit = 20) {
  const res = await page.request.get(`/${list}/${type}?limit=${limit}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as MediaItem[];
}
