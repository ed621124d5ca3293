import type { APIRequestContext, Page } from '@playwright/test';
import type { MediaItem, MediaType } from '@releasebell/contract';
import { newEmail, PASSWORD } from './auth-helpers';
import { expect } from './fixtures';

const origin = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3103)}`;

export interface ApiSignUp {
  /** The address to sign up with; a new one from the tag otherwise. */
  email?: string;
  firstName?: string;
  lastName?: string;
  /** The app's origin when it is not the shared app's (a spec's app of its own): its baseURL. */
  origin?: string;
}

/**
 * Signs a new member up through the API (account and profile, as the sign-up modal's two steps do) and
 * returns the member's id. Given a page, it signs up from the page's own browser context, so the
 * browser holds the session cookie and the next page it opens is signed in; given a request context
 * (Playwright's `request`), the browser stays signed out. For every journey whose subject is not the
 * sign-up itself: the modal is accounts.spec.ts's, notify-me.spec.ts's and phone-verification.spec.ts's.
 */
export async function signUpViaApi(
  target: Page | APIRequestContext,
  tag = 'member',
  options: ApiSignUp = {},
): Promise<{ uid: string; email: string }> {
  const api = 'request' in target ? target.request : target;
  const email = options.email ?? newEmail(tag);
  const firstName = options.firstName ?? 'Tess';
  const lastName = options.lastName ?? 'Tracker';
  const headers = { origin: options.origin ?? origin() };
  const res = await api.post('/api/auth/sign-up/email', {
    headers,
    data: { email, password: PASSWORD, name: `${firstName} ${lastName}` },
  });
  expect(res.status()).toBe(200);
  const uid = ((await res.json()) as { user: { id: string } }).user.id;
  const reg = await api.post('/user/register', {
    headers,
    data: { email, firebase_id: uid, first_name: firstName, last_name: lastName },
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
