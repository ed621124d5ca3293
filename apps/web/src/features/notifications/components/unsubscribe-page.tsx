import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { ERROR_CODES, NOTIFICATION_MESSAGES } from '@releasebell/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { Message, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useUnsubscribe } from '../api/unsubscribe';

const MESSAGES = {
  pageTitle: /*i18n*/ { id: 'notifications.unsubscribe.pageTitle', message: 'Pause release emails' },
  title: /*i18n*/ { id: 'notifications.unsubscribe.title', message: 'Pause release emails?' },
  invalidLink: /*i18n*/ {
    id: 'notifications.unsubscribe.invalidLink',
    message: 'This unsubscribe link is not valid.',
  },
  useLatest: /*i18n*/ {
    id: 'notifications.unsubscribe.useLatest',
    message: 'Use the link from your latest release email, or change your email settings in your {profile}.',
  },
  profile: /*i18n*/ { id: 'notifications.unsubscribe.profile', message: 'profile' },
  resume: /*i18n*/ {
    id: 'notifications.unsubscribe.resume',
    message: 'You can resume them any time from your {profile}.',
  },
  explain: /*i18n*/ {
    id: 'notifications.unsubscribe.explain',
    message:
      'You will stop getting release emails for the titles you track. In-app notifications continue, and you can resume emails any time from your profile.',
  },
  failed: /*i18n*/ {
    id: 'notifications.unsubscribe.failed',
    message: 'Something went wrong. Please try again.',
  },
  pause: /*i18n*/ { id: 'notifications.unsubscribe.pause', message: 'Pause release emails' },
};

/** Where a release email's unsubscribe link leads: pause release emails, no sign-in needed. */
export function UnsubscribePage() {
  const t = useT();
  usePageTitle(t(MESSAGES.pageTitle));
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const pause = useUnsubscribe();
  const invalid =
    !token ||
    (pause.error instanceof ApiError &&
      (pause.error.code === ERROR_CODES.invalidToken || pause.error.code === ERROR_CODES.validation));

  const profileLink = (
    <Anchor component={Link} to="/profile">
      {t(MESSAGES.profile)}
    </Anchor>
  );

  return (
    <Container size={480} py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t(MESSAGES.title)}
          </Title>
          {invalid ? (
            <Alert color="yellow" title={t(MESSAGES.invalidLink)}>
              <Message message={MESSAGES.useLatest} parts={{ profile: profileLink }} />
            </Alert>
          ) : pause.isSuccess ? (
            <Alert color="teal" title={t(NOTIFICATION_MESSAGES.emailPaused)} role="status">
              <Message message={MESSAGES.resume} parts={{ profile: profileLink }} />
            </Alert>
          ) : (
            <>
              <Text>{t(MESSAGES.explain)}</Text>
              {pause.isError && (
                <Text c="red.4" size="sm" role="alert">
                  {t(MESSAGES.failed)}
                </Text>
              )}
              <Button loading={pause.isPending} onClick={() => pause.mutate(token)}>
                {t(MESSAGES.pause)}
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
