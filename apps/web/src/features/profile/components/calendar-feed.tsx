import { Alert, Button, Code, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { Message, useT } from '../../../lib/i18n';
import { useCalendarLink, useRotateCalendarLink } from '../api/calendar';

const MESSAGES = {
  title: /*i18n*/ { id: 'profile.calendarFeed.title', message: 'Calendar' },
  intro: /*i18n*/ {
    id: 'profile.calendarFeed.intro',
    message:
      'Release days of the titles you track, in your calendar app, kept up to date. The link is private: anyone who has it can see what you track.',
  },
  loading: /*i18n*/ { id: 'profile.calendarFeed.loading', message: 'Loading your calendar link' },
  loadFailed: /*i18n*/ {
    id: 'profile.calendarFeed.loadFailed',
    message: 'Your calendar link could not be loaded',
  },
  tryLater: /*i18n*/ { id: 'profile.calendarFeed.tryLater', message: 'Please try again in a moment.' },
  link: /*i18n*/ { id: 'profile.calendarFeed.link', message: 'Calendar link' },
  copied: /*i18n*/ { id: 'profile.calendarFeed.copied', message: 'Copied' },
  copy: /*i18n*/ { id: 'profile.calendarFeed.copy', message: 'Copy' },
  addGoogle: /*i18n*/ { id: 'profile.calendarFeed.addGoogle', message: 'Add to Google Calendar' },
  addApple: /*i18n*/ { id: 'profile.calendarFeed.addApple', message: 'Add to Apple Calendar' },
  reset: /*i18n*/ { id: 'profile.calendarFeed.reset', message: 'Reset link' },
  resetQuestion: /*i18n*/ { id: 'profile.calendarFeed.resetQuestion', message: 'Reset your calendar link?' },
  resetWarning: /*i18n*/ {
    id: 'profile.calendarFeed.resetWarning',
    message:
      'The old link stops working at once; calendars that use it stop updating until you add the new one.',
  },
  keep: /*i18n*/ { id: 'profile.calendarFeed.keep', message: 'Keep this link' },
  resetDone: /*i18n*/ {
    id: 'profile.calendarFeed.resetDone',
    message: 'New calendar link made. Calendars using the old one stop updating.',
  },
  resetFailed: /*i18n*/ {
    id: 'profile.calendarFeed.resetFailed',
    message: 'The link could not be reset. Please try again.',
  },
  outlook: /*i18n*/ {
    id: 'profile.calendarFeed.outlook',
    message:
      'Outlook: Add calendar → Subscribe from web, and paste the link. To narrow it, add {types} or {days} to the link.',
  },
};

/** The Outlook hint, with the query examples as code where its message names them. */
function OutlookHint() {
  return (
    <Text size="xs" c="dimmed">
      <Message
        message={MESSAGES.outlook}
        parts={{ types: <Code>?types=movies,books</Code>, days: <Code>?future_days=90</Code> }}
      />
    </Text>
  );
}

/** Google Calendar's "add by URL" page, with the feed filled in (it takes webcal links). */
const googleCalendarUrl = (webcal: string) =>
  `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`;

/** The member's private calendar feed: copy it, add it to Google or Apple Calendar, or reset it. */
export function CalendarFeed() {
  const link = useCalendarLink();
  const rotate = useRotateCalendarLink();
  const [confirming, setConfirming] = useState(false);
  const t = useT();

  const reset = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({
          message: t(MESSAGES.resetDone),
          color: 'teal',
          autoClose: 5000,
        });
      },
      onError: (error) => {
        console.warn('Calendar link reset failed', error);
        notifications.show({ message: t(MESSAGES.resetFailed), color: 'red' });
      },
    });

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t(MESSAGES.title)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(MESSAGES.intro)}
      </Text>
      {link.isPending && <Loader size="sm" aria-label={t(MESSAGES.loading)} />}
      {link.isError && (
        <Alert color="gray" title={t(MESSAGES.loadFailed)}>
          {t(MESSAGES.tryLater)}
        </Alert>
      )}
      {link.data && (
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t(MESSAGES.link)}
              value={link.data.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <CopyButton value={link.data.url}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                  {t(copied ? MESSAGES.copied : MESSAGES.copy)}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Group gap="xs">
            <Button
              component="a"
              href={googleCalendarUrl(link.data.webcal_url)}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
            >
              {t(MESSAGES.addGoogle)}
            </Button>
            <Button
              component="a"
              href={link.data.webcal_url}
              variant="light"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
            >
              {t(MESSAGES.addApple)}
            </Button>
            {!confirming && (
              <Button variant="subtle" color="gray" onClick={() => setConfirming(true)}>
                {t(MESSAGES.reset)}
              </Button>
            )}
          </Group>
          {confirming && (
            <Alert color="yellow" title={t(MESSAGES.resetQuestion)}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t(MESSAGES.resetWarning)}</Text>
                <Group gap="xs">
                  <Button size="xs" color="yellow" loading={rotate.isPending} onClick={reset}>
                    {t(MESSAGES.reset)}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                    {t(MESSAGES.keep)}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <OutlookHint />
        </>
      )}
    </Stack>
  );
}
