import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApiRoutes } from '../../../components/test-utils';
import { useSetPush } from './push';

/** A browser's push subscription, as PushManager hands it out. */
function fakeSubscription(endpoint: string) {
  return {
    endpoint,
    unsubscribe: vi.fn(async () => true),
    toJSON: () => ({ endpoint, keys: { p256dh: 'BKey', auth: 'auth' } }),
  };
}

const pushManager = { getSubscription: vi.fn(), subscribe: vi.fn() };
vi.mock('../../../lib/service-worker', () => ({
  serviceWorkerReady: async () => ({ pushManager }),
}));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('turning push on', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("subscribes anew when this browser's subscription is another account's", async () => {
    vi.stubGlobal('Notification', { requestPermission: async () => 'granted' });
    const shared = fakeSubscription('https://push.example/shared');
    const fresh = fakeSubscription('https://push.example/fresh');
    pushManager.getSubscription.mockResolvedValue(shared);
    pushManager.subscribe.mockResolvedValue(fresh);
    const api = stubApiRoutes({
      'POST /api/push/subscriptions': (body) =>
        (body as { endpoint: string }).endpoint === shared.endpoint
          ? {
              status: 409,
              body: { error: { code: 'PUSH_ENDPOINT_TAKEN', message: 'This device already gets…' } },
            }
          : { status: 201, body: {} },
    });

    const { result } = renderHook(() => useSetPush('u-1'), { wrapper });
    await act(async () => {
      result.current.mutate({ on: true, key: 'BPublicKey' });
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(shared.unsubscribe).toHaveBeenCalledOnce();
    expect(api.called('POST', '/api/push/subscriptions').map((c) => c.body)).toEqual([
      shared.toJSON(),
      fresh.toJSON(),
    ]);
  });
});
