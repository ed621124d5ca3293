import { Center, Loader } from '@mantine/core';
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
 * Every page of the app: the browser's router (main.tsx) and the server's renderer (entry-server.tsx)
 * both use these. Home is the first screen and ships in the main bundle; every other screen loads on
 * demand.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    hydrateFallbackElement: <FirstLoad />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/homepage', element: <HomePage /> },
      {
        path: '/search',
        lazy: async () => ({
          Component: (await import('./search-route')).SearchRoute,
        }),
      },
      {
        path: '/media/:mediaType/:slug',
        lazy: async () => ({
          Component: (await import('../features/media-detail/components/media-detail-page')).MediaDetailPage,
        }),
      },
      {
        path: '/watchlist',
        lazy: async () => ({
          Component: (await import('../features/watchlist/components/watchlist-page')).WatchlistPage,
        }),
      },
      {
        path: '/profile',
        lazy: async () => ({
          Component: (await import('../features/profile/components/profile-page')).ProfilePage,
        }),
      },
      {
        path: '/reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
        }),
      },
      {
        path: '/unsubscribe',
        lazy: async () => ({
          Component: (await import('../features/notifications/components/unsubscribe-page')).UnsubscribePage,
        }),
      },
      {
        path: '/privacy',
        lazy: async () => ({ Component: (await import('./legal-pages')).PrivacyPage }),
      },
      {
        path: '/terms',
        lazy: async () => ({ Component: (await import('./legal-pages')).TermsPage }),
      },
      {
        path: '/leaderboard',
        lazy: async () => ({
          Component: (await import('../features/leaderboard/components/leaderboard-page')).LeaderboardPage,
        }),
      },
      { path: '*', lazy: async () => ({ Component: (await import('./not-found-page')).NotFoundPage }) },
    ],
  },
];
