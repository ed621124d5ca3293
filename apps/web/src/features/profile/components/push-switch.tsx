import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserProfile } from '@releasebell/contract';
import { useState } from 'react';
import {
  PushPermissionError,
  pushSupported,
  usePushKey,
  useSetPush,
  useThisDeviceSubscribed,
} from '../api/push';

const BLOCKED =
  'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.';

/** Why the switch cannot be used here, or null. */
function unavailable(supported: boolean, key: string | null | undefined): string | null {
  if (!supported)
    return 'This browser cannot show push notifications. On an iPhone, add Releasebell to your Home Screen first.';
  if (key === null) return 'Push notifications are not set up on this server.';
  return null;
}

/**
 * Push to this device: on asks the browser's permission and subscribes; off forgets this device.
 * Other devices keep theirs (push stays on for them).
 */
export function PushSwitch({ profile }: { profile: UserProfile }) {
  // Read after the first render: the server drew the page without a browser to ask.
  const [supported] = useState(pushSupported);
  const key = usePushKey(supported);
  const subscribed = useThisDeviceSubscribed(supported && !!key.data);
  const setPush = useSetPush(profile.uid);
  const [error, setError] = useState<string | null>(null);
  const why = unavailable(supported, key.data);
  const on = !why && subscribed.data === true && profile.notification_preferences.includes('push');

  const toggle = (wanted: boolean) => {
    if (!key.data) return;
    setError(null);
    setPush.mutate(
      { on: wanted, key: key.data },
      {
        onSuccess: (now) =>
          notifications.show({
            message: now
              ? 'Push notifications are on for this device.'
              : 'Push notifications are off for this device.',
            color: 'teal',
            autoClose: 4000,
          }),
        onError: (err) => {
          console.warn('Push could not be changed', err);
          setError(
            err instanceof PushPermissionError ? BLOCKED : 'Push could not be changed. Please try again.',
          );
        },
      },
    );
  };

  return (
    <Switch
      checked={on}
      disabled={!!why || key.isPending || setPush.isPending}
      label="Push"
      description={
        why ?? 'Release alerts on this device’s lock screen or desktop, even with Releasebell closed.'
      }
      error={error}
      onChange={(e) => toggle(e.currentTarget.checked)}
    />
  );
}
