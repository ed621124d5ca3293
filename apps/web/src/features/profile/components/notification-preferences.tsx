import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { UserProfile } from '@releasebell/contract';
import {
  isLocale,
  LOCALE_NAMES,
  LOCALES,
  MOVIE_RELEASE_KIND_LABELS,
  NOTIFICATION_MESSAGES,
} from '@releasebell/contract/constants';
import { IconBellRinging } from '@tabler/icons-react';
import { useMemo } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type Translate, useLanguage, useT } from '../../../lib/i18n';
import { type TestChannel, useSendTestNotification } from '../api/send-test-notification';
import type { ProfileForm } from '../hooks/use-profile-form';
import {
  BROWSER_REGION,
  movieReleaseKindOptions,
  needsVerification,
  regionLabel,
  regionOptions,
  reminderLabel,
  reminderOptions,
  timeZoneOptions,
} from '../profile-form';
import { PhoneVerificationPanel } from './phone-verification';
import { PushSwitch } from './push-switch';

const MESSAGES = {
  language: /*i18n*/ { id: 'profile.notificationPreferences.language', message: 'Language' },
  languageHelp: /*i18n*/ {
    id: 'profile.notificationPreferences.languageHelp',
    message: 'Pages, emails, texts and notifications come in this language.',
  },
  title: /*i18n*/ { id: 'profile.notificationPreferences.title', message: 'Notification Preferences' },
  timeZone: /*i18n*/ { id: 'profile.notificationPreferences.timeZone', message: 'Time zone' },
  timeZoneHelp: /*i18n*/ {
    id: 'profile.notificationPreferences.timeZoneHelp',
    message: 'Release emails go out at 9:00 in this time zone.',
  },
  noTimeZone: /*i18n*/ { id: 'profile.notificationPreferences.noTimeZone', message: 'No time zone found' },
  reminder: /*i18n*/ {
    id: 'profile.notificationPreferences.reminder',
    message: 'Remind me before a release',
  },
  region: /*i18n*/ {
    id: 'profile.notificationPreferences.region',
    message: 'Country for movie release dates',
  },
  regionHelp: /*i18n*/ {
    id: 'profile.notificationPreferences.regionHelp',
    message: "Movie pages and your notifications use this country's release dates.",
  },
  regionBrowserHelp: /*i18n*/ {
    id: 'profile.notificationPreferences.regionBrowserHelp',
    message:
      "Movie pages follow your browser's country; notifications use our default country until you choose one.",
  },
  noCountry: /*i18n*/ { id: 'profile.notificationPreferences.noCountry', message: 'No country found' },
  kind: /*i18n*/ { id: 'profile.notificationPreferences.kind', message: 'Tell me about movie releases' },
  kindHelp: /*i18n*/ {
    id: 'profile.notificationPreferences.kindHelp',
    message: 'Your release-day message and reminder for a movie are about this release.',
  },
  emailsStopped: /*i18n*/ {
    id: 'profile.notificationPreferences.emailsStopped',
    message: 'You asked us to stop release emails. In-app notifications continue.',
  },
  resumeEmails: /*i18n*/ {
    id: 'profile.notificationPreferences.resumeEmails',
    message: 'Resume release emails',
  },
  email: /*i18n*/ { id: 'profile.notificationPreferences.email', message: 'Email' },
  emailAlwaysOn: /*i18n*/ {
    id: 'profile.notificationPreferences.emailAlwaysOn',
    message: 'Email notifications are always on.',
  },
  smsNoPhone: /*i18n*/ {
    id: 'profile.notificationPreferences.smsNoPhone',
    message: 'Add a phone number to enable SMS notifications.',
  },
  smsTo: /*i18n*/ { id: 'profile.notificationPreferences.smsTo', message: 'Texts go to {phone}.' },
  smsToOnceVerified: /*i18n*/ {
    id: 'profile.notificationPreferences.smsToOnceVerified',
    message: 'Texts go to {phone} once it is verified.',
  },
  sendTest: /*i18n*/ {
    id: 'profile.notificationPreferences.sendTest',
    message: 'Send me a test notification',
  },
  testSent: /*i18n*/ {
    id: 'profile.notificationPreferences.testSent',
    message: 'Test notification sent by {channels}.',
  },
  testNotSent: /*i18n*/ {
    id: 'profile.notificationPreferences.testNotSent',
    message: 'Test notification not sent',
  },
  tryLater: /*i18n*/ {
    id: 'profile.notificationPreferences.tryLater',
    message: 'Please try again in a moment.',
  },
  byEmail: /*i18n*/ { id: 'profile.notificationPreferences.byEmail', message: 'email' },
  bySms: /*i18n*/ { id: 'profile.notificationPreferences.bySms', message: 'SMS' },
  byPush: /*i18n*/ { id: 'profile.notificationPreferences.byPush', message: 'push' },
  inApp: /*i18n*/ { id: 'profile.notificationPreferences.inApp', message: 'in the app' },
};

/** What the chosen country changes; with none, notifications cannot follow the browser. */
const regionHelp = (t: Translate, region: string | null) =>
  t(region ? MESSAGES.regionHelp : MESSAGES.regionBrowserHelp);

/** Where texts go: only to a verified number (the saved one, unchanged). */
function smsDescription(t: Translate, profile: UserProfile, phone: string): string {
  if (phone === '') return t(MESSAGES.smsNoPhone);
  const saved = profile.phone_number_display ?? profile.phone_number;
  return profile.phone_verified && phone === saved
    ? t(MESSAGES.smsTo, { phone })
    : t(MESSAGES.smsToOnceVerified, { phone });
}

const CHANNEL_WORDS = {
  email: MESSAGES.byEmail,
  mobile: MESSAGES.bySms,
  push: MESSAGES.byPush,
  in_app: MESSAGES.inApp,
} satisfies Record<TestChannel, unknown>;

/** "Test notification sent by email, SMS and in the app." */
function testSentMessage(t: Translate, language: string, channels: readonly TestChannel[]): string {
  if (channels.length === 0) return t(NOTIFICATION_MESSAGES.testSent);
  // The US text has no comma before "and", as British English writes lists.
  const list = new Intl.ListFormat(language === 'en-US' ? 'en-GB' : language, { type: 'conjunction' });
  return t(MESSAGES.testSent, { channels: list.format(channels.map((c) => t(CHANNEL_WORDS[c]))) });
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
  const t = useT();
  const { language } = useLanguage();
  const timeZone = form.form?.time_zone ?? profile.time_zone;
  const zoneOptions = useMemo(() => timeZoneOptions(timeZone), [timeZone]);
  const region = form.form ? form.form.region || null : profile.region;
  const countryOptions = useMemo(() => regionOptions(t, region ?? '', language), [t, region, language]);
  const reminders = useMemo(() => reminderOptions(t), [t]);
  const releaseKinds = useMemo(() => movieReleaseKindOptions(t), [t]);

  const sendTest = () =>
    test.mutate(undefined, {
      onSuccess: ({ channels }) =>
        notifications.show({
          message: testSentMessage(t, language, channels),
          color: 'teal',
          autoClose: 4000,
        }),
      onError: (error) => {
        console.warn('Test notification failed', error);
        notifications.show({
          title: t(MESSAGES.testNotSent),
          message: error instanceof ApiError ? error.message : t(MESSAGES.tryLater),
          color: 'red',
          autoClose: 5000,
        });
      },
    });

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t(MESSAGES.title)}
      </Title>
      {profile.email_paused && (
        <Alert color="yellow" title={t(NOTIFICATION_MESSAGES.emailPaused)}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(MESSAGES.emailsStopped)}</Text>
            <Button size="xs" loading={form.resuming} onClick={form.resumeEmails}>
              {t(MESSAGES.resumeEmails)}
            </Button>
          </Stack>
        </Alert>
      )}
      <Switch checked disabled label={t(MESSAGES.email)} description={t(MESSAGES.emailAlwaysOn)} />
      <Switch
        checked={smsOn && phone !== ''}
        disabled={phone === '' || saving}
        label="SMS"
        description={smsDescription(t, profile, phone)}
        error={errors.notification_preferences}
        onChange={(e) => form.toggleSms(e.currentTarget.checked)}
      />
      {!form.editing && (needsVerification(profile) || form.verification.justVerified) && (
        <PhoneVerificationPanel profile={profile} verification={form.verification} />
      )}
      {profile.sms_opted_out && (
        <Text size="sm" c="yellow.4">
          {t(NOTIFICATION_MESSAGES.smsStopped)}
        </Text>
      )}
      <PushSwitch profile={profile} />

      {form.form ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <Select
            label={t(MESSAGES.timeZone)}
            description={t(MESSAGES.timeZoneHelp)}
            data={zoneOptions}
            value={form.form.time_zone}
            searchable
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            nothingFoundMessage={t(MESSAGES.noTimeZone)}
            error={errors.time_zone}
            onChange={(value) => value && form.change({ time_zone: value })}
          />
          <Select
            label={t(MESSAGES.reminder)}
            data={reminders}
            value={String(form.form.reminder_days)}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            error={errors.reminder_days}
            onChange={(value) => value && form.change({ reminder_days: Number(value) })}
          />
          <Select
            label={t(MESSAGES.region)}
            description={regionHelp(t, region)}
            data={countryOptions}
            value={form.form.region || BROWSER_REGION}
            searchable
            allowDeselect={false}
            // 250 countries: rendered when the list opens, not kept (hidden) in the page meanwhile.
            comboboxProps={{ hideDetached: false, keepMounted: false }}
            nothingFoundMessage={t(MESSAGES.noCountry)}
            error={errors.region}
            onChange={(value) => value && form.change({ region: value === BROWSER_REGION ? '' : value })}
          />
          <Select
            label={t(MESSAGES.language)}
            description={t(MESSAGES.languageHelp)}
            data={LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
            value={form.form.locale}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            error={errors.locale}
            onChange={(value) => isLocale(value) && form.change({ locale: value })}
          />
          <Select
            label={t(MESSAGES.kind)}
            description={t(MESSAGES.kindHelp)}
            data={releaseKinds}
            value={form.form.movie_release_kind}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            error={errors.movie_release_kind}
            onChange={(value) => {
              const kind = releaseKinds.find((o) => o.value === value)?.value;
              if (kind) form.change({ movie_release_kind: kind });
            }}
          />
        </SimpleGrid>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t(MESSAGES.timeZone)}
            </Text>
            <Text fw={500}>{profile.time_zone.replaceAll('_', ' ')}</Text>
            <Text size="xs" c="dimmed">
              {t(MESSAGES.timeZoneHelp)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t(MESSAGES.reminder)}
            </Text>
            <Text fw={500}>{reminderLabel(t, profile.reminder_days)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t(MESSAGES.region)}
            </Text>
            <Text fw={500}>{regionLabel(t, profile.region, language)}</Text>
            <Text size="xs" c="dimmed">
              {regionHelp(t, profile.region)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t(MESSAGES.language)}
            </Text>
            <Text fw={500} lang={profile.locale}>
              {LOCALE_NAMES[profile.locale]}
            </Text>
            <Text size="xs" c="dimmed">
              {t(MESSAGES.languageHelp)}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t(MESSAGES.kind)}
            </Text>
            <Text fw={500}>{t(MOVIE_RELEASE_KIND_LABELS[profile.movie_release_kind])}</Text>
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
          {t(MESSAGES.sendTest)}
        </Button>
      </Group>
    </Stack>
  );
}
