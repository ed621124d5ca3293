import { Anchor, Box, Button, Container, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { PRODUCT_NAME, TAGLINE } from '@releasebell/contract/constants';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';
import { usePublicConfig } from '../lib/config';
import { useSession } from '../lib/session';
import classes from './layout.module.css';

const AuthModal = lazy(() => import('../features/auth/components/auth-modal'));
// The search box and its dropdown are interactive, not content: they arrive just after the first paint
// and keep the home screen's initial JavaScript small. The slot holds their place meanwhile.
const HeaderSearch = lazy(() =>
  import('../features/search/components/header-search').then((m) => ({ default: m.HeaderSearch })),
);

function Header() {
  const navigate = useNavigate();
  const { currentUser, isModalOpen, openModal } = useSession();
  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.headerInner}>
        <UnstyledButton
          className={classes.brand}
          onClick={() => navigate('/homepage')}
          aria-label={`${PRODUCT_NAME} home`}
        >
          <IconBell size={28} className={classes.brandIcon} aria-hidden />
          <Stack gap={0}>
            <Text className={classes.brandName}>{PRODUCT_NAME}</Text>
            <Text className={classes.tagline}>{TAGLINE}</Text>
          </Stack>
        </UnstyledButton>
        <Suspense fallback={<div className={classes.searchSlot} />}>
          <HeaderSearch />
        </Suspense>
        {currentUser ? null : (
          <Button onClick={() => openModal()} className={classes.signIn}>
            Sign In
          </Button>
        )}
      </Container>
      {isModalOpen && (
        <Suspense fallback={null}>
          <AuthModal />
        </Suspense>
      )}
    </Box>
  );
}

function Footer() {
  const { contactEmail } = usePublicConfig();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Questions, ideas or a title we should add? Contact us at{' '}
            <Anchor href={`mailto:${contactEmail}`} size="sm" underline="always">
              {contactEmail}
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}

export function Layout() {
  const navigation = useNavigation();
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <Header />
      <Box component="main" id="main" className={classes.main}>
        {navigation.state === 'loading' ? (
          <Group justify="center" py={80}>
            <Loader aria-label="Loading page" />
          </Group>
        ) : (
          <Outlet />
        )}
      </Box>
      <Footer />
      {/* A new page starts at the top; Back returns to where the reader was. */}
      <ScrollRestoration />
    </>
  );
}
