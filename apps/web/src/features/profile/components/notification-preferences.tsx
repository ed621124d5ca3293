import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserProfile } from '@releasebell/contract';
import { NOTIFICATION_MESSAGES } from '@releasebell/contract/constants';
import { IconBellRinging } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type TestChannel, useSendTestNotification } from '../api/send-test-notification';
import type { ProfileForm } from '../hooks/use-profile-form';
import { REMINDER_OPTIONS, reminderLabel, timeZoneOptions } from '../profile-form';

const TIME_ZONE_HELP = 'Release emails go out at 9:00 in this time zone.';
const CHANNEL_WORDS: Record<TestChannel, string> = { email: 'email', mobile: 'SMS', in_app: 'in the app' };

/** "Test notification sent by email, SMS and in the app." */
export function testSentMessage(channels: readonly TestChannel[]): string {
  const words = channels.map((c) => CHANNEL_WORDS[c]);
  if (words.length === 0) return NOTIFICATION_MESSAGES.testSent;
  const last = words.pop();
  const list = words.length > 0 ? `${words.join(', ')} and ${last}` : last;
  return `Test notification sent by ${list}.`;
}

export interface NotificationPreferencesProps {
  profile: UserProfile;
  form: ProfileForm;
}

/**
 * Email, always on and locked; SMS, only with a phone number; when release messages go out and whether a
 * reminder comes first; resuming paused emails; and a test notification.
 */
export function NotificationPreferences({ profile, form }: NotificationPreferencesProps) {
  const { phone, smsOn, saving, errors } = form;
  const test = useSendTestNotification();
  const timeZone = form.form?.time_zone ?? profile.time_zone;
  const zoneOptions = useMemo(() => timeZoneOptions(timeZone), [timeZone]);

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ channels }) =>
        notifications.show({ message: testSentMessage(channels), color: 'teal', autoClose: 4000 }),
      onError: (error) => {
        console.warn('Test notification failed', error);
        notifications.show({
          title: 'Test notification not sent',
          message: error instanceof ApiError ? error.message : 'Please try again in a moment.',
          color: 'red',
          autoClose: 5000,
        });
      },
    });

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Notification Preferences
      </Title>
      {profile.email_paused && (
        <Alert color="yellow" title={NOTIFICATION_MESSAGES.emailPaused}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">You asked us to stop release emails. In-app notifications continue.</Text>
            <Button size="xs" loading={form.resuming} onClick={form.resumeEmails}>
              Resume release emails
            </Button>
          </Stack>
        </Alert>
      )}
      <Switch checked disabled label="Email" description="Email notifications are always on." />
      <Switch
        checked={smsOn && phone !== ''}
        disabled={phone === '' || saving}
        label="SMS"
        description={
          phone === '' ? 'Add a phone number to enable SMS notifications.' : `Texts go to ${phone}.`
        }
        error={errors.notification_preferences}
        onChange={(e) => form.toggleSms(e.currentTarget.checked)}
      />
      {profile.sms_opted_out && (
        <Text size="sm" c="yellow.4">
          {NOTIFICATION_MESSAGES.smsStopped}
        </Text>
      )}

      {form.form ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <Select
            label="Time zone"
            description={TIME_ZONE_HELP}
            data={zoneOptions}
            value={form.form.time_zone}
            searchable
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            nothingFoundMessage="No time zone found"
            error={errors.time_zone}
            onChange={(value) => value && form.change({ time_zone: value })}
          />
          <Select
            label="Remind me before a release"
            data={REMINDER_OPTIONS}
            value={String(form.form.reminder_days)}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            error={errors.reminder_days}
            onChange={(value) => value && form.change({ reminder_days: Number(value) })}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Time zone
            </Text>
            <Text fw={500}>{profile.time_zone.replaceAll('_', ' ')}</Text>
            <Text size="xs" c="dimmed">
              {TIME_ZONE_HELP}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Remind me before a release
            </Text>
            <Text fw={500}>{reminderLabel(profile.reminder_days)}</Text>
          </Stack>
        </SimpleGrid>
      )}

      <Group mt="xs">
        <Button
          variant="light"
          leftSection={<IconBellRinging size={16} aria-hidden />}
          loading={test.isPending}
          onClick={sendTest}
        >
          Send me a test notification
        </Button>
      </Group>
    </Stack>
  );
}
