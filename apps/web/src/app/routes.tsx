import { PAGES } from '@releasebell/contract/pages';
import { type ComponentType, useEffect, useState } from 'react';
import { matchRoutes, type RouteObject, useRoutes } from 'react-router';
import { HomePage } from '../features/home/components/home-page';
import { loadSection, type Section } from '../lib/i18n';
import { Layout, PageLoader } from './layout';

/** A screen's code and its messages in the page's language, loaded side by side. */
async function withSection<M>(section: Section, code: Promise<M>): Promise<M> {
  const [module] = await Promise.all([code, loadSection(section)]);
  return module;
}

/** The address a full load was last asked for because a screen's code did not come. */
const RELOADED_KEY = 'releasebell:reloaded-for';

/**
 * A screen's code did not come: most often a new release replaced it. A full load of the address asks
 * the server for the page and the release's code, once per address, so a lasting failure cannot loop.
 */
function reloadOnce(error: unknown) {
  try {
    if (window.sessionStorage.getItem(RELOADED_KEY) !== window.location.href) {
      window.sessionStorage.setItem(RELOADED_KEY, window.location.href);
      window.location.reload();
      return;
    }
  } catch {
    // Storage blocked: no reload, rather than a loop.
  }
  throw error;
}

const preloads = new Map<RouteObject, () => Promise<unknown>>();

/**
 * A route whose screen's code loads on demand. Loaded beforehand (`preloadScreens`, as the browser does
 * before taking over a page the server drew, and the server before drawing it), it draws at once;
 * otherwise the page loader shows until its code is here.
 */
function screen(path: string, load: () => Promise<ComponentType>): RouteObject {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Screen() {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let shown = true;
      preload().then((component) => shown && setComponent(() => component), reloadOnce);
      return () => {
        shown = false;
      };
    }, [Component]);
    return Component ? <Component /> : <PageLoader />;
  }
  const route = { path, element: <Screen /> };
  preloads.set(route, preload);
  return route;
}

/**
 * Every page of the app (the contract's PAGES, which the server caches and renders by): the browser
 * (main.tsx) and the server's renderer (entry-server.tsx) both draw these. Home is the first screen and
 * ships in the main bundle; every other screen loads on demand.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: PAGES.home.path, element: <HomePage /> },
      { path: PAGES.homepage.path, element: <HomePage /> },
      screen(
        PAGES.search.path,
        async () => (await withSection('search', import('./search-route'))).SearchRoute,
      ),
      screen(
        PAGES.media.path,
        async () =>
          (await withSection('media', import('../features/media-detail/components/media-detail-page')))
            .MediaDetailPage,
      ),
      screen(
        PAGES.watchlist.path,
        async () =>
          (await withSection('watchlist', import('../features/watchlist/components/watchlist-page')))
            .WatchlistPage,
      ),
      screen(
        PAGES.following.path,
        async () =>
          (await withSection('follows', import('../features/follows/components/following-page')))
            .FollowingPage,
      ),
      screen(
        PAGES.importLists.path,
        async () =>
          (await withSection('imports', import('../features/imports/components/import-page')))
            .ImportListsPage,
      ),
      screen(PAGES.profile.path, async () => {
        // The profile shows sign-up's second step to a member who left it unfinished.
        const [page] = await Promise.all([
          withSection('profile', import('./profile-route')),
          loadSection('auth'),
        ]);
        return page.ProfileRoute;
      }),
      screen(
        PAGES.resetPassword.path,
        async () =>
          (await withSection('auth', import('../features/auth/components/reset-password-page')))
            .ResetPasswordPage,
      ),
      screen(
        PAGES.unsubscribe.path,
        async () =>
          (
            await withSection(
              'notifications',
              import('../features/notifications/components/unsubscribe-page'),
            )
          ).UnsubscribePage,
      ),
      screen(
        PAGES.privacy.path,
        async () => (await withSection('legal', import('./legal-pages'))).PrivacyPage,
      ),
      screen(PAGES.terms.path, async () => (await withSection('legal', import('./legal-pages'))).TermsPage),
      screen(
        PAGES.leaderboard.path,
        async () =>
          (await withSection('leaderboard', import('../features/leaderboard/components/leaderboard-page')))
            .LeaderboardPage,
      ),
      screen('*', async () => (await import('./not-found-page')).NotFoundPage),
    ],
  },
];

/** The page for the router's address. */
export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the code of the screens `pathname` shows, so that the first render draws them. */
export async function preloadScreens(pathname: string): Promise<void> {
  await Promise.all((matchRoutes(routes, pathname) ?? []).map(({ route }) => preloads.get(route)?.()));
}
