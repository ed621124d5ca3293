import { Anchor, Box, Button, Container, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { PRODUCT_NAME, TAGLINE } from '@releasebell/contract/constants';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router';
import { usePublicConfig } from '../lib/config';
import { replayEarlyTap } from '../lib/early-tap';
import { useSession } from '../lib/session';
import { useAddPendingAfterSignIn } from '../lib/watchlist';
import classes from './layout.module.css';
// TMDB's official "blue short" logo (themoviedb.org/about/logos-attribution), copied unchanged from
// github.com/kyle1an/sub-vocab public/tmdb.svg; served by us, as the CSP allows only our own images.
import tmdbLogo from './tmdb-logo.svg';

const AuthModal = lazy(() => import('../features/auth/components/auth-modal'));
// Only members see it, so its menu code stays out of the first screen's JavaScript.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const NotificationBell = lazy(() =>
  import('../features/notifications/components/notification-bell').then((m) => ({
    default: m.NotificationBell,
  })),
);
// The search box's code (its dropdown, the type select) stays out of the first screen's JavaScript:
// the server draws the field, which works as plain HTML until its code arrives and React takes it over.
const HeaderSearch = lazy(() =>
  import('../features/search/components/header-search').then((m) => ({ default: m.HeaderSearch })),
);

/**
 * Marks the page as taken over by the app (`<html data-app="ready">`) and presses a button tapped before
 * that. It sits beside the header's search, which hydrates last (its code comes on its own): a
 * server-rendered page shows its buttons before they work; end-to-end tests wait for this before they
 * press them.
 */
function AppReady() {
  useEffect(() => {
    replayEarlyTap();
    document.documentElement.dataset.app = 'ready';
  }, []);
  return null;
}

/** After a return from Google: register a new member, or show why it failed. Loaded only then. */
function useGoogleReturn() {
  const { currentUser, isLoading } = useSession();
  useEffect(() => {
    if (isLoading) return;
    const pending = sessionStorage.getItem('releasebell.googlePending');
    const failed = new URLSearchParams(window.location.search).get('auth_error') === 'google';
    if (!pending && !failed) return;
    void import('../features/auth/google-return').then((m) => m.finishGoogleReturn(currentUser));
  }, [currentUser, isLoading]);
}

function Header() {
  const navigate = useNavigate();
  const { currentUser, isLoading, isModalOpen, openModal } = useSession();
  useGoogleReturn();
  useAddPendingAfterSignIn();
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
        {/* Drawn by the server and hydrated when its code arrives; it takes taps and text before that. */}
        <Suspense fallback={<div className={classes.searchSlot} />}>
          <HeaderSearch />
          <AppReady />
        </Suspense>
        {isLoading ? (
          <div className={classes.accountSlot} />
        ) : currentUser ? (
          <Group gap="xs" wrap="nowrap" className={classes.memberTools}>
            <Suspense fallback={<div className={classes.bellSlot} />}>
              <NotificationBell uid={currentUser.id} />
            </Suspense>
            <Suspense fallback={<div className={classes.accountSlot} />}>
              <AccountMenu user={currentUser} />
            </Suspense>
          </Group>
        ) : (
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

export function Footer() {
  const { contactEmail, tmdbAttribution } = usePublicConfig();
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
        {tmdbAttribution && (
          <div className={classes.attribution}>
            <a
              href="https://www.themoviedb.org/"
              target="_blank"
              rel="noopener noreferrer"
              className={classes.attributionLink}
            >
              <img src={tmdbLogo} alt="TMDB" width={123} height={16} className={classes.attributionLogo} />
            </a>
            {/* The notice TMDB's terms of use require. */}
            <Text size="xs" c="dimmed">
              This product uses the TMDB API but is not endorsed or certified by TMDB.
            </Text>
          </div>
        )}
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
