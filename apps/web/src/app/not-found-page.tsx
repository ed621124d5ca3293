import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { MISSING_PAGE_TITLES } from '@releasebell/contract/pages';
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { usePageTitle } from '../lib/page-title';

const MESSAGES = {
  text: /*i18n*/ {
    id: 'app.notFoundPage.text',
    message: 'The page you are looking for does not exist or has moved.',
  },
  home: /*i18n*/ { id: 'app.notFoundPage.home', message: 'Back to Home' },
};

export function NotFoundPage() {
  const t = useT();
  usePageTitle(t(MISSING_PAGE_TITLES.page));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t(MISSING_PAGE_TITLES.page)}</Title>
        <Text c="dimmed">{t(MESSAGES.text)}</Text>
        <Button component={Link} to="/homepage">
          {t(MESSAGES.home)}
        </Button>
      </Stack>
    </Container>
  );
}
