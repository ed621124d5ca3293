import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserProfile } from '@releasebell/contract';
import { MOVIE_RELEASE_KIND_LABELS, NOTIFICATION_MESSAGES } from '@releasebell/contract/constants';
import { IconBellRinging } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type TestChannel, useSendTestNotification } from '../api/send-test-notification';
import type { ProfileForm } from '../hooks/use-profile-form';
import {
  BROWSER_REGION,
  MOVIE_RELEASE_KIND_OPTIONS,
  needsVerification,
  REMINDER_OPTIONS,
  regionLabel,
  regionOptions,
  reminderLabel,
  timeZoneOptions,
} from '../profile-form';
import { PhoneVerificationPanel } from './phone-verification';
import { PushSwitch } from './push-switch';

const TIME_ZONE_HELP = 'Release emails go out at 9:00 in this time zone.';
const REGION_LABEL = 'Country for movie release dates';
const KIND_LABEL = 'Tell me about movie releases';
const KIND_HELP = 'Your release-day message and reminder for a movie are about this release.';

/** What the chosen country changes; with none, notifications cannot follow the browser. */
const regionHelp = (region: string | null) =>
  region
    ? "Movie pages and your notifications use this country's release dates."
    : "Movie pages follow your browser's country; notifications use our default country until you choose one.";

/** Where texts go: only to a verified number (the saved one, unchanged). */
function smsDescription(profile: UserProfile, phone: string): string {
  if (phone === '') return 'Add a phone number to enable SMS notifications.';
  const saved = profile.phone_number_display ?? profile.phone_number;
  return profile.phone_verified && phone === saved
    ? `Texts go to ${phone}.`
    : `Texts go to ${phone} once it is verified.`;
}

const CHANNEL_WORDS: Record<TestChannel, string> = {
  email: 'email',
  mobile: 'SMS',
  push: 'push',
  in_app: 'in the app',
};

/** "Test notification sent by email, SMS and in the app." */
function testSentMessage(channels: readonly TestChannel[]): string {
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
  const region = form.form ? form.form.region || null : profile.region;
  const countryOptions = useMemo(() => regionOptions(region ?? ''), [region]);

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
        description={smsDescription(profile, phone)}
        error={errors.notification_preferences}
        onChange={(e) => form.toggleSms(e.currentTarget.checked)}
      />
      {!form.editing && (needsVerification(profile) || form.verification.justVerified) && (
        <PhoneVerificationPanel profile={profile} verification={form.verification} />
      )}
      {profile.sms_opted_out && (
        <Text size="sm" c="yellow.4">
          {NOTIFICATION_MESSAGES.smsStopped}
        </Text>
      )}
      <PushSwitch profile={profile} />

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
          <Select
            label={REGION_LABEL}
            description={regionHelp(region)}
            data={countryOptions}
            value={form.form.region || BROWSER_REGION}
            searchable
            allowDeselect={false}
            // 250 countries: rendered when the list opens, not kept (hidden) in the page meanwhile.
            comboboxProps={{ hideDetached: false, keepMounted: false }}
            nothingFoundMessage="No country found"
            error={errors.region}
            onChange={(value) => value && form.change({ region: value === BROWSER_REGION ? '' : value })}
          />
          <Select
            label={KIND_LABEL}
            description={KIND_HELP}
            data={MOVIE_RELEASE_KIND_OPTIONS}
            value={form.form.movie_release_kind}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            error={errors.movie_release_kind}
            onChange={(value) => {
              const kind = MOVIE_RELEASE_KIND_OPTIONS.find((o) => o.value === value)?.value;
              if (kind) form.change({ movie_release_kind: kind });
            }}
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
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {REGION_LABEL}
            </Text>
            <Text fw={500}>{regionLabel(profile.region)}</Text>
            <Text size="xs" c="dimmed">
              {regionHelp(profile.region)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {KIND_LABEL}
            </Text>
            <Text fw={500}>{MOVIE_RELEASE_KIND_LABELS[profile.movie_release_kind]}</Text>
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
