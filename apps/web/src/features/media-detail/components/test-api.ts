import { vi } from 'vitest';

export type ApiHandler = (path: string) => { status: number; body: unknown } | undefined;

const CONFIG = {
  productName: 'Releasebell',
  amazonAffiliateTag: 'bell-20',
  contactEmail: 'hello@releasebell.app',
};

/**
 * Test-only: a fake API. The handler answers what a test cares about; the config always answers, and
 * anything else is an empty list.
 */
export function stubApi(handler: ApiHandler) {
  const fetchMock = vi.fn(async (input: string | URL | Request) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = new URL(url, 'http://localhost').pathname;
    const answer = handler(path) ?? (path === '/api/config' ? { status: 200, body: CONFIG } : undefined);
    const { status, body } = answer ?? { status: 200, body: [] };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requested: () => fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost').pathname),
  };
}
