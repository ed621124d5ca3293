import { Alert, Button, Code, CopyButton, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useCalendarLink, useRotateCalendarLink } from '../api/calendar';

/** Google Calendar's "add by URL" page, with the feed filled in (it takes webcal links). */
const googleCalendarUrl = (webcal: string) =>
  `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`;

/** The member's private calendar feed: copy it, add it to Google or Apple Calendar, or reset it. */
export function CalendarFeed() {
  const link = useCalendarLink();
  const rotate = useRotateCalendarLink();
  const [confirming, setConfirming] = useState(false);

  const reset = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({
          message: 'New calendar link made. Calendars using the old one stop updating.',
          color: 'teal',
          autoClose: 5000,
        });
      },
      onError: (error) => {
        console.warn('Calendar link reset failed', error);
        notifications.show({ message: 'The link could not be reset. Please try again.', color: 'red' });
      },
    });

  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Calendar
      </Title>
      <Text size="sm" c="dimmed">
        Release days of the titles you track, in your calendar app, kept up to date. The link is private:
        anyone who has it can see what you track.
      </Text>
      {link.isPending && <Loader size="sm" aria-label="Loading your calendar link" />}
      {link.isError && (
        <Alert color="gray" title="Your calendar link could not be loaded">
          Please try again in a moment.
        </Alert>
      )}
      {link.data && (
        <>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Calendar link"
              value={link.data.url}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              style={{ flex: 1, minWidth: 0 }}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <CopyButton value={link.data.url}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
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
              Add to Google Calendar
            </Button>
            <Button
              component="a"
              href={link.data.webcal_url}
              variant="light"
              leftSection={<IconCalendarPlus size={16} aria-hidden />}
            >
              Add to Apple Calendar
            </Button>
            {!confirming && (
              <Button variant="subtle" color="gray" onClick={() => setConfirming(true)}>
                Reset link
              </Button>
            )}
          </Group>
          {confirming && (
            <Alert color="yellow" title="Reset your calendar link?">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">
                  The old link stops working at once; calendars that use it stop updating until you add the
                  new one.
                </Text>
                <Group gap="xs">
                  <Button size="xs" color="yellow" loading={rotate.isPending} onClick={reset}>
                    Reset link
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)}>
                    Keep this link
                  </Button>
                </Group>
              </Stack>
            </Alert>
          )}
          <Text size="xs" c="dimmed">
            Outlook: Add calendar → Subscribe from web, and paste the link. To narrow it, add{' '}
            <Code>?types=movies,books</Code> or <Code>?future_days=90</Code> to the link.
          </Text>
        </>
      )}
    </Stack>
  );
}
