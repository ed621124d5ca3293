import { Center, Loader } from '@mantine/core';
import { PAGES } from '@releasebell/contract/pages';
import type { RouteObject } from 'react-router';
import { HomePage } from '../features/home/components/home-page';
import { Layout } from './layout';

/** Shown while the first screen's code loads, when the visitor lands on a lazily loaded route. */
function FirstLoad() {
  return (
    <Center mih="60vh">
      <Loader aria-label="Loading page" />
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
          Component: (await import('./search-route')).SearchRoute,
        }),
      },
      {
        path: PAGES.media.path,
        lazy: async () => ({
          Component: (await import('../features/media-detail/components/media-detail-page')).MediaDetailPage,
        }),
      },
      {
        path: PAGES.watchlist.path,
        lazy: async () => ({
          Component: (await import('../features/watchlist/components/watchlist-page')).WatchlistPage,
        }),
      },
      {
        path: PAGES.following.path,
        lazy: async () => ({
          Component: (await import('../features/follows/components/following-page')).FollowingPage,
        }),
      },
      {
        path: PAGES.importLists.path,
        lazy: async () => ({
          Component: (await import('../features/imports/components/import-page')).ImportListsPage,
        }),
      },
      {
        path: PAGES.profile.path,
        lazy: async () => ({
          Component: (await import('./profile-route')).ProfileRoute,
        }),
      },
      {
        path: PAGES.resetPassword.path,
        lazy: async () => ({
          Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: PAGES.unsubscribe.path,
        lazy: async () => ({
          Component: (await import('../features/notifications/components/unsubscribe-page')).UnsubscribePage,
        }),
      },
      {
        path: PAGES.privacy.path,
        lazy: async () => ({ Component: (await import('./legal-pages')).PrivacyPage }),
      },
      {
        path: PAGES.terms.path,
        lazy: async () => ({ Component: (await import('./legal-pages')).TermsPage }),
      },
      {
        path: PAGES.leaderboard.path,
        lazy: async () => ({
          Component: (await import('../features/leaderboard/components/leaderboard-page')).LeaderboardPage,
        }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
    ],
  },
];
