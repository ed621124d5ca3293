import { Anchor, Box, Button, Container, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { isLocale, LOCALE_NAMES, LOCALES, PRODUCT_NAME, TAGLINE } from '@releasebell/contract/constants';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { usePublicConfig } from '../lib/config';
import { replayEarlyTap } from '../lib/early-tap';
import { loadSection, useLanguage, useT } from '../lib/i18n';
import { saveMemberLanguage, useMemberLanguage } from '../lib/member-language';
import { useScrollRestoration } from '../lib/scroll-restoration';
import { useSession, useSignedInNow } from '../lib/session';
import { useAddPendingAfterSignIn } from '../lib/watchlist';
import classes from './layout.module.css';
// TMDB's official "blue short" logo (themoviedb.org/about/logos-attribution), copied unchanged from
// github.com/kyle1an/sub-vocab public/tmdb.svg; served by us, as the CSP allows only our own images.
import tmdbLogo from './tmdb-logo.svg';

const MESSAGES = {
  home: /*i18n*/ { id: 'layout.home', message: '{product} home' },
  signIn: /*i18n*/ { id: 'layout.signIn', message: 'Sign In' },
  contact: /*i18n*/ {
    id: 'layout.contact',
    message: 'Questions, ideas or a title we should add? Contact us at',
  },
  rights: /*i18n*/ { id: 'layout.rights', message: '© {year} {product}. All rights reserved.' },
  tmdbNotice: /*i18n*/ {
    id: 'layout.tmdbNotice',
    message: 'This product uses the TMDB API but is not endorsed or certified by TMDB.',
  },
  language: /*i18n*/ { id: 'layout.language', message: 'Language' },
  skip: /*i18n*/ { id: 'layout.skip', message: 'Skip to content' },
};

/** What a page says while its code loads. */
const LOADING_PAGE = /*i18n*/ { id: 'layout.loading', message: 'Loading page' };

const AuthModal = lazy(async () => {
  const [modal] = await Promise.all([import('../features/auth/components/auth-modal'), loadSection('auth')]);
  return modal;
});
// Only members see it, so its menu code stays out of the first screen's JavaScript.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
const NotificationBell = lazy(() =>
  Promise.all([
    import('../features/notifications/components/notification-bell'),
    loadSection('notifications'),
  ]).then(([m]) => ({
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
    void Promise.all([import('../features/auth/google-return'), loadSection('auth')]).then(([m]) =>
      m.finishGoogleReturn(currentUser),
    );
  }, [currentUser, isLoading]);
}

function Header() {
  const navigate = useNavigate();
  const { isLoading, isModalOpen, openModal } = useSession();
  const currentUser = useSignedInNow();
  const t = useT();
  useGoogleReturn();
  useMemberLanguage();
  useAddPendingAfterSignIn();
  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" className={classes.headerInner}>
        <UnstyledButton
          className={classes.brand}
          onClick={() => navigate('/homepage')}
          aria-label={t(MESSAGES.home, { product: PRODUCT_NAME })}
        >
          <IconBell size={28} className={classes.brandIcon} aria-hidden />
          <Stack gap={0}>
            <Text className={classes.brandName}>{PRODUCT_NAME}</Text>
            <Text className={classes.tagline}>{t(TAGLINE)}</Text>
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
            {t(MESSAGES.signIn)}
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

/** The footer's language picker: the page redraws in the new language, kept for a member's messages too. */
function LanguagePicker() {
  const t = useT();
  const { pageLocale, setLanguage } = useLanguage();
  const { currentUser } = useSession();
  // A plain select: the footer is on every first screen, and the browser's own control costs no script.
  return (
    <label className={classes.languagePicker}>
      <span>{t(MESSAGES.language)}</span>
      <select
        value={pageLocale}
        className={classes.languageSelect}
        onChange={(event) => {
          const locale = event.currentTarget.value;
          if (!isLocale(locale)) return;
          void setLanguage(locale);
          // Their emails and texts follow; if that fails, the page is still in the new language.
          if (currentUser) saveMemberLanguage(currentUser.id, locale).catch(() => undefined);
        }}
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function Footer() {
  const { contactEmail, tmdbAttribution } = usePublicConfig();
  const t = useT();
  return (
    <Box component="footer" className={classes.footer}>
      <Container size="xl">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            {t(MESSAGES.contact)}{' '}
            <Anchor href={`mailto:${contactEmail}`} size="sm" underline="always">
              {contactEmail}
            </Anchor>
          </Text>
          <Text size="sm" c="dimmed">
            {t(MESSAGES.rights, { year: String(new Date().getFullYear()), product: PRODUCT_NAME })}
          </Text>
          <LanguagePicker />
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
              {t(MESSAGES.tmdbNotice)}
            </Text>
          </div>
        )}
      </Container>
    </Box>
  );
}

/** Shown in place of a page while its code loads. */
export function PageLoader() {
  const t = useT();
  return (
    <Group justify="center" py={80}>
      <Loader aria-label={t(LOADING_PAGE)} />
    </Group>
  );
}

export function Layout() {
  const t = useT();
  useScrollRestoration();
  return (
    <>
      <a href="#main" className={classes.skipLink}>
        {t(MESSAGES.skip)}
      </a>
      <Header />
      <Box component="main" id="main" className={classes.main}>
        <Outlet />
      </Box>
      <Footer />
    </>
  );
}
