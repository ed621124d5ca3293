import { Button, Center, Container, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { type CurrentUser, useSession } from '../lib/session';

const MESSAGES = {
  loading: /*i18n*/ { id: 'components.membersOnly.loading', message: 'Loading {title}' },
  signIn: /*i18n*/ { id: 'components.membersOnly.signIn', message: 'Sign In' },
};

export interface MembersOnlyProps {
  /** The page's heading, shown to a visitor too. */
  title: string;
  /** What signing in gives, e.g. "Sign in to see your profile." */
  prompt: string;
  children: (user: CurrentUser) => ReactNode;
}

/** A member's page: a spinner while the session is read, a sign-in prompt for a visitor. */
export function MembersOnly({ title, prompt, children }: MembersOnlyProps) {
  const { currentUser, isLoading, openModal } = useSession();
  const t = useT();
  if (isLoading) {
    return (
      <Center mih="50vh">
        <Loader aria-label={t(MESSAGES.loading, { title })} />
      </Center>
    );
  }
  if (!currentUser) {
    return (
      <Container size="xs" py={80}>
        <Stack align="center" ta="center" gap="md">
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{prompt}</Text>
          <Button onClick={() => openModal()}>{t(MESSAGES.signIn)}</Button>
        </Stack>
      </Container>
    );
  }
  return children(currentUser);
}
