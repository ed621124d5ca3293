import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserProfile } from '@releasebell/contract';
import { PRODUCT_NAME } from '@releasebell/contract/constants';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { useState } from 'react';
import { useT } from '../../../lib/i18n';
import {
  PushPermissionError,
  pushSupported,
  usePushKey,
  useSetPush,
  useThisDeviceSubscribed,
} from '../api/push';

const MESSAGES = {
  label: /*i18n*/ { id: 'profile.pushSwitch.label', message: 'Push' },
  description: /*i18n*/ {
    id: 'profile.pushSwitch.description',
    message: 'Release alerts on this device’s lock screen or desktop, even with {product} closed.',
  },
  blocked: /*i18n*/ {
    id: 'profile.pushSwitch.blocked',
    message:
      'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  },
  unsupported: /*i18n*/ {
    id: 'profile.pushSwitch.unsupported',
    message:
      'This browser cannot show push notifications. On an iPhone, add {product} to your Home Screen first.',
  },
  notSetUp: /*i18n*/ {
    id: 'profile.pushSwitch.notSetUp',
    message: 'Push notifications are not set up on this server.',
  },
  on: /*i18n*/ { id: 'profile.pushSwitch.on', message: 'Push notifications are on for this device.' },
  off: /*i18n*/ { id: 'profile.pushSwitch.off', message: 'Push notifications are off for this device.' },
  failed: /*i18n*/ {
    id: 'profile.pushSwitch.failed',
    message: 'Push could not be changed. Please try again.',
  },
};

/** Why the switch cannot be used here, or null. */
function unavailable(supported: boolean, key: string | null | undefined): MessageDescriptor | null {
  if (!supported) return MESSAGES.unsupported;
  if (key === null) return MESSAGES.notSetUp;
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
  const t = useT();
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
            message: t(now ? MESSAGES.on : MESSAGES.off),
            color: 'teal',
            autoClose: 4000,
          }),
        onError: (err) => {
          console.warn('Push could not be changed', err);
          setError(t(err instanceof PushPermissionError ? MESSAGES.blocked : MESSAGES.failed));
        },
      },
    );
  };

  return (
    <Switch
      checked={on}
      disabled={!!why || key.isPending || setPush.isPending}
      label={t(MESSAGES.label)}
      description={t(why ?? MESSAGES.description, { product: PRODUCT_NAME })}
      error={error}
      onChange={(e) => toggle(e.currentTarget.checked)}
    />
  );
}
