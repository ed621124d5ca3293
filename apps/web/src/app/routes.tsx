import { Center, Loader } from '@mantine/core';
import { PAGES } from '@releasebell/contract/pages';
import type { RouteObject } from 'react-router';
import { HomePage } from '../features/home/components/home-page';
import { loadSection, type Section, useT } from '../lib/i18n';
import { Layout, LOADING_PAGE } from './layout';

/** A screen's code and its messages in the page's language, loaded side by side. */
async function withSection<M>(section: Section, code: Promise<M>): Promise<M> {
  const [module] = await Promise.all([code, loadSection(section)]);
  return module;
}

/** Shown while the first screen's code loads, when the visitor lands on a lazily loaded route. */
function FirstLoad() {
  const t = useT();
  return (
    <Center mih="60vh">
      <Loader aria-label={t(LOADING_PAGE)} />
    </Center>
  );
}

/**
 * Every page of the app (the contract's PAGES, which the server caches and renders by): the browser's
 * router (main.tsx) and the server's renderer (entry-server.tsx) both use these. Home is the first screen and ships in the main bundle; every other screen loads on
 * demand.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    hydrateFallbackElement: <FirstLoad />,
    children: [
      { path: PAGES.home.path, element: <HomePage /> },
      { path: PAGES.homepage.path, element: <HomePage /> },
      {
        path: PAGES.search.path,
        lazy: async () => ({
          Component: (await withSection('search', import('./search-route'))).SearchRoute,
        }),
      },
      {
        path: PAGES.media.path,
        lazy: async () => ({
          Component: (
            await withSection('media', import('../features/media-detail/components/media-detail-page'))
          ).MediaDetailPage,
        }),
      },
      {
        path: PAGES.watchlist.path,
        lazy: async () => ({
          Component: (
            await withSection('watchlist', import('../features/watchlist/components/watchlist-page'))
          ).WatchlistPage,
        }),
      },
      {
        path: PAGES.following.path,
        lazy: async () => ({
          Component: (await withSection('follows', import('../features/follows/components/following-page')))
            .FollowingPage,
        }),
      },
      {
        path: PAGES.importLists.path,
        lazy: async () => ({
          Component: (await withSection('imports', import('../features/imports/components/import-page')))
            .ImportListsPage,
        }),
      },
      {
        path: PAGES.profile.path,
        lazy: async () => {
          // The profile shows sign-up's second step to a member who left it unfinished.
          const [page] = await Promise.all([
            withSection('profile', import('./profile-route')),
            loadSection('auth'),
          ]);
          return { Component: page.ProfileRoute };
        },
      },
      {
        path: PAGES.resetPassword.path,
        lazy: async () => ({
          Component: (await withSection('auth', import('../features/auth/components/reset-password-page')))
            .ResetPasswordPage,
        }),
      },
      {
        path: PAGES.unsubscribe.path,
        lazy: async () => ({
          Component: (
            await withSection(
              'notifications',
              import('../features/notifications/components/unsubscribe-page'),
            )
          ).UnsubscribePage,
        }),
      },
      {
        path: PAGES.privacy.path,
        lazy: async () => ({ Component: (await withSection('legal', import('./legal-pages'))).PrivacyPage }),
      },
      {
        path: PAGES.terms.path,
        lazy: async () => ({ Component: (await withSection('legal', import('./legal-pages'))).TermsPage }),
      },
      {
        path: PAGES.leaderboard.path,
        lazy: async () => ({
          Component: (
            await withSection('leaderboard', import('../features/leaderboard/components/leaderboard-page'))
          ).LeaderboardPage,
        }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
    ],
  },
];
