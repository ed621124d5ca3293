import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { usePageTitle } from '../lib/page-title';

const MESSAGES = {
  title: /*i18n*/ { id: 'app.notFoundPage.title', message: 'Page not found' },
  text: /*i18n*/ {
    id: 'app.notFoundPage.text',
    message: 'The page you are looking for does not exist or has moved.',
  },
  home: /*i18n*/ { id: 'app.notFoundPage.home', message: 'Back to Home' },
};

export function NotFoundPage() {
  const t = useT();
  usePageTitle(t(MESSAGES.title));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t(MESSAGES.title)}</Title>
        <Text c="dimmed">{t(MESSAGES.text)}</Text>
        <Button component={Link} to="/homepage">
          {t(MESSAGES.home)}
        </Button>
      </Stack>
    </Container>
  );
}
