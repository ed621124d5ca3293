import { ERROR_CODES } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';
import { profileKey } from '../../../lib/profile';
import { serviceWorkerReady } from '../../../lib/service-worker';

/** Whether this browser can get pushes at all (a secure page with service workers and the Push API). */
export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** GET /api/push/key: the server's VAPID key; null when push is not set up on this server. */
export function usePushKey(enabled: boolean) {
  return useQuery({
    queryKey: ['push-key'],
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<{ public_key: string }>(pathTo(ROUTES.pushKey), signal)).public_key;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** This browser's subscription, if it has one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await serviceWorkerReady();
  return registration.pushManager.getSubscription();
}

/** Whether this browser is subscribed now (checked once per page; the switch updates it). */
export function useThisDeviceSubscribed(enabled: boolean) {
  return useQuery({
    queryKey: ['push-subscribed'],
    queryFn: async () => (await currentSubscription()) !== null,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export class PushPermissionError extends Error {}

/** The key as PushManager wants it: the raw P-256 point. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Turns push on for this device: the browser's permission, its subscription, and the server told
 * (POST /api/push/subscriptions); or off (the subscription dropped here and there).
 */
export function useSetPush(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ on, key }: { on: boolean; key: string }) => {
      if (on) {
        const permission = await Notification.requestPermission();
        if (permission !== 'granted') throw new PushPermissionError('permission');
        const registration = await serviceWorkerReady();
        const subscribe = () =>
          registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) });
        const subscription = (await registration.pushManager.getSubscription()) ?? (await subscribe());
        try {
          await api.post(pathTo(ROUTES.subscribePush), subscription.toJSON());
        } catch (error) {
          if (!(error instanceof ApiError && error.code === ERROR_CODES.pushEndpointTaken)) throw error;
          // This browser's subscription is another account's (a shared browser): a new one is this
          // member's, and the old one stops reaching anyone.
          await subscription.unsubscribe();
          await api.post(pathTo(ROUTES.subscribePush), (await subscribe()).toJSON());
        }
        return true;
      }
      const subscription = await currentSubscription();
      if (subscription) {
        await api.delete(pathTo(ROUTES.unsubscribePush), { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      return false;
    },
    onSuccess: (subscribed) => {
      queryClient.setQueryData(['push-subscribed'], subscribed);
      return queryClient.invalidateQueries({ queryKey: profileKey(uid) });
    },
  });
}
