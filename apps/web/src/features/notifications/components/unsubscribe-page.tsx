import { Alert, Anchor, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { ERROR_CODES, NOTIFICATION_MESSAGES } from '@releasebell/contract/constants';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useUnsubscribe } from '../api/unsubscribe';

const INVALID_LINK = 'This unsubscribe link is not valid.';

/** Where a release email's unsubscribe link leads: pause release emails, no sign-in needed. */
export function UnsubscribePage() {
  usePageTitle('Pause release emails');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const pause = useUnsubscribe();
  const invalid =
    !token ||
    (pause.error instanceof ApiError &&
      (pause.error.code === ERROR_CODES.invalidToken || pause.error.code === ERROR_CODES.validation));

  return (
    <Container size={480} py={60}>
      <Paper withBorder radius="md" p="xl">
        <Stack gap="md">
          <Title order={1} size="h2">
            Pause release emails?
          </Title>
          {invalid ? (
            <Alert color="yellow" title={INVALID_LINK}>
              Use the link from your latest release email, or change your email settings in your{' '}
              <Anchor component={Link} to="/profile">
                profile
              </Anchor>
              .
            </Alert>
          ) : pause.isSuccess ? (
            <Alert color="teal" title={NOTIFICATION_MESSAGES.emailPaused} role="status">
              You can resume them any time from your{' '}
              <Anchor component={Link} to="/profile">
                profile
              </Anchor>
              .
            </Alert>
          ) : (
            <>
              <Text>
                You will stop getting release emails for the titles you track. In-app notifications continue,
                and you can resume emails any time from your profile.
              </Text>
              {pause.isError && (
                <Text c="red.4" size="sm" role="alert">
                  Something went wrong. Please try again.
                </Text>
              )}
              <Button loading={pause.isPending} onClick={() => pause.mutate(token)}>
                Pause release emails
              </Button>
            </>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
