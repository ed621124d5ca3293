import { Container, VisuallyHidden } from '@mantine/core';
import {
  MEDIA_TYPES,
  type MediaType,
  PRODUCT_NAME,
  PRODUCT_TITLE,
  TAGLINE,
} from '@releasebell/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { MediaCarousel } from '../../../components/media-carousel';
import { useCatalogLang, useT } from '../../../lib/i18n';
import { whenIdle } from '../../../lib/idle';
import { usePageTitle } from '../../../lib/page-title';
import { useSession } from '../../../lib/session';
import { useSelectedMediaType } from '../../../lib/storage';
import { useViewer } from '../../../lib/viewer';
import { featuredQueryOptions, useFeatured } from '../api/get-featured';
import { trendingQueryOptions, useTrending } from '../api/get-trending';
import { upcomingQueryOptions, useUpcoming } from '../api/get-upcoming';
import { FeaturedRelease, FeaturedReleaseSkeleton } from './featured-release';
import classes from './home-page.module.css';
import { MediaTypeTabs, tabId } from './media-type-tabs';

const MESSAGES = {
  failed: /*i18n*/ { id: 'home.homePage.failed', message: 'Failed to fetch media' },
  upcoming: /*i18n*/ { id: 'home.homePage.upcoming', message: 'Upcoming Releases' },
  trending: /*i18n*/ { id: 'home.homePage.trending', message: 'Trending' },
};

// Members only: kept out of the first screen's JavaScript for visitors.
const WatchlistPanel = lazy(() => import('./watchlist-panel').then((m) => ({ default: m.WatchlistPanel })));

/** The pause between choosing a tab and showing its content (the spec's home switch delay). */
const SWITCH_DELAY_MS = 100;

/** Logs a query's error once each time it fails. */
function useLogError(error: unknown, message: string) {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}

export function HomePage() {
  usePageTitle(null);
  const t = useT();
  const queryClient = useQueryClient();
  const { currentUser } = useSession();
  const viewer = useViewer();
  const [shown, setShown] = useState<MediaType>(viewer.mediaType);
  // A tab restored from local storage after hydration shows at once; a member's switch waits a moment.
  const [selected, select] = useSelectedMediaType(viewer.mediaType, setShown);
  const switching = selected !== shown;
  const idPrefix = useId();
  const panelId = `${idPrefix}-panel`;

  // Warm the cache for every tab, so switching later is instant: once the first screen is up and the
  // browser is idle, never on its critical path.
  const lang = useCatalogLang();
  useEffect(
    () =>
      whenIdle(() => {
        for (const type of MEDIA_TYPES) {
          void queryClient.prefetchQuery(trendingQueryOptions(type, lang));
          void queryClient.prefetchQuery(upcomingQueryOptions(type, lang));
          void queryClient.prefetchQuery(featuredQueryOptions(type, lang));
        }
      }),
    [queryClient, lang],
  );

  useEffect(() => {
    if (!switching) return;
    const timer = setTimeout(() => setShown(selected), SWITCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [switching, selected]);

  const trending = useTrending(shown);
  const upcoming = useUpcoming(shown);
  const featured = useFeatured(shown);
  useLogError(trending.error, 'Failed to fetch trending media');
  useLogError(upcoming.error, 'Failed to fetch upcoming media');
  useLogError(featured.error, 'Failed to fetch featured release');

  const failed = !switching && (trending.isError || upcoming.isError);

  return (
    <Container size="xl" className={classes.page}>
      <VisuallyHidden component="h1">
        {t(PRODUCT_TITLE, { product: PRODUCT_NAME, tagline: t(TAGLINE) })}
      </VisuallyHidden>
      <MediaTypeTabs value={selected} onChange={select} panelId={panelId} idPrefix={idPrefix} />
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(idPrefix, selected)}
        aria-busy={switching || undefined}
        className={classes.panel}
      >
        {failed ? (
          <p role="alert" className={classes.error}>
            {t(MESSAGES.failed)}
          </p>
        ) : (
          <>
            {switching || featured.isPending ? (
              <FeaturedReleaseSkeleton />
            ) : featured.data ? (
              <FeaturedRelease item={featured.data} />
            ) : null}
            <MediaCarousel
              title={t(MESSAGES.upcoming)}
              items={upcoming.data}
              loading={switching || upcoming.isPending}
            />
            <MediaCarousel
              title={t(MESSAGES.trending)}
              items={trending.data}
              loading={switching || trending.isPending}
              viewMoreTo="/leaderboard"
            />
            {currentUser && (
              <Suspense fallback={null}>
                <WatchlistPanel mediaType={shown} />
              </Suspense>
            )}
          </>
        )}
      </div>
    </Container>
  );
}
