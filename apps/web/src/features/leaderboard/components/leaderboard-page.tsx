import {
  Button,
  Center,
  Chip,
  Container,
  Group,
  Loader,
  Tabs,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LeaderboardItem } from '@releasebell/contract';
import {
  formatDateIn,
  isMediaType,
  type LeaderboardTimeframe,
  MEDIA_TYPE_LABELS,
  MEDIA_TYPES,
  type MediaType,
} from '@releasebell/contract/constants';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import { MediaQuickView, type QuickView, useQuickView } from '../../../components/media-quick-view';
import { WatchlistButton } from '../../../components/watchlist-button';
import { translateNow, useLanguage, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useSelectedMediaType } from '../../../lib/storage';
import { useViewer } from '../../../lib/viewer';
import { LEADERBOARD_FRESH_MS, useLeaderboard } from '../api/get-leaderboard';
import classes from './leaderboard-page.module.css';

const MESSAGES = {
  pageTitle: /*i18n*/ { id: 'leaderboard.leaderboardPage.pageTitle', message: 'Leaderboard' },
  weeklyHeading: /*i18n*/ {
    id: 'leaderboard.leaderboardPage.weeklyHeading',
    message: 'Most Tracked This Week',
  },
  monthlyHeading: /*i18n*/ {
    id: 'leaderboard.leaderboardPage.monthlyHeading',
    message: 'Most Tracked This Month',
  },
  errorTitle: /*i18n*/ { id: 'leaderboard.leaderboardPage.errorTitle', message: 'Error' },
  errorMessage: /*i18n*/ {
    id: 'leaderboard.leaderboardPage.errorMessage',
    message: 'Failed to load leaderboard data. Please try again.',
  },
  thisWeek: /*i18n*/ { id: 'leaderboard.leaderboardPage.thisWeek', message: 'This Week' },
  thisMonth: /*i18n*/ { id: 'leaderboard.leaderboardPage.thisMonth', message: 'This Month' },
  mediaType: /*i18n*/ { id: 'leaderboard.leaderboardPage.mediaType', message: 'Media type' },
  loading: /*i18n*/ { id: 'leaderboard.leaderboardPage.loading', message: 'Loading the leaderboard' },
  empty: /*i18n*/ { id: 'leaderboard.leaderboardPage.empty', message: 'No items found in the leaderboard.' },
  loadMore: /*i18n*/ { id: 'leaderboard.leaderboardPage.loadMore', message: 'Load More' },
  noCreator: /*i18n*/ { id: 'leaderboard.leaderboardPage.noCreator', message: 'N/A' },
  tbd: /*i18n*/ { id: 'leaderboard.leaderboardPage.tbd', message: 'TBD' },
  viewMore: /*i18n*/ { id: 'leaderboard.leaderboardPage.viewMore', message: 'View More' },
  about: /*i18n*/ { id: 'leaderboard.leaderboardPage.about', message: 'about {title}' },
};

const HEADINGS = {
  weekly: MESSAGES.weeklyHeading,
  monthly: MESSAGES.monthlyHeading,
} satisfies Record<LeaderboardTimeframe, unknown>;

export function LeaderboardPage() {
  const t = useT();
  usePageTitle(t(MESSAGES.pageTitle));
  const [timeframe, setTimeframe] = useState<LeaderboardTimeframe>('weekly');
  // Starts on the type chosen on the home page.
  const viewer = useViewer();
  // The first pill is the home tab last chosen; choosing a pill here does not change that choice.
  const [remembered] = useSelectedMediaType(viewer.mediaType);
  const [picked, setMediaType] = useState<MediaType | null>(null);
  const mediaType = picked ?? remembered;
  const board = useLeaderboard(timeframe, mediaType);
  const quickView = useQuickView();

  useEffect(() => {
    if (!board.isError) return;
    console.warn('Leaderboard load failed', board.error);
    notifications.show({
      title: translateNow(MESSAGES.errorTitle),
      message: translateNow(MESSAGES.errorMessage),
      color: 'red',
      autoClose: 5000,
    });
  }, [board.isError, board.error]);

  // A board drawn a while ago (the server's page cache, a tab left open) is read again before its next
  // page: ranks move, and a page 2 of now under a page 1 of then would skip the titles that climbed.
  const loadMore = async () => {
    if (Date.now() - board.dataUpdatedAt > LEADERBOARD_FRESH_MS) await board.refetch();
    await board.fetchNextPage();
  };

  // Ranks can shift between two page loads; an item that moved onto the next page is shown once.
  const seen = new Set<string>();
  const items = (board.data?.pages.flatMap((p) => p.items) ?? []).filter(
    (i) => !seen.has(i.item_id) && seen.add(i.item_id),
  );

  return (
    <Container size="lg" py="xl">
      <Title order={1} className={classes.heading}>
        {t(HEADINGS[timeframe])}
      </Title>
      <Tabs
        value={timeframe}
        onChange={(value) => value && setTimeframe(value as LeaderboardTimeframe)}
        className={classes.tabs}
      >
        <Tabs.List>
          <Tabs.Tab value="weekly">{t(MESSAGES.thisWeek)}</Tabs.Tab>
          <Tabs.Tab value="monthly">{t(MESSAGES.thisMonth)}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Chip.Group multiple={false} value={mediaType} onChange={(v) => isMediaType(v) && setMediaType(v)}>
        <Group gap="xs" role="radiogroup" aria-label={t(MESSAGES.mediaType)} className={classes.pills}>
          {MEDIA_TYPES.map((type) => (
            <Chip key={type} value={type} type="radio" variant="light">
              {t(MEDIA_TYPE_LABELS[type])}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      {board.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(MESSAGES.loading)} />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t(MESSAGES.empty)}
        </Text>
      ) : (
        <>
          {/* A boundary of their own: the server's cards are taken over in a pass after the rest of the
              page, so neither is one long task on a phone. */}
          <Suspense>
            <ol className={classes.grid}>
              {items.map((item) => (
                <LeaderboardCard key={item.item_id} item={item} onViewMore={quickView.open} />
              ))}
            </ol>
          </Suspense>
          {board.hasNextPage && (
            <Center mt="lg">
              <Button variant="default" onClick={() => void loadMore()} loading={board.isFetchingNextPage}>
                {t(MESSAGES.loadMore)}
              </Button>
            </Center>
          )}
        </>
      )}
      <MediaQuickView quickView={quickView} />
    </Container>
  );
}

const MEDAL: Record<number, string> = {
  1: classes.gold ?? '',
  2: classes.silver ?? '',
  3: classes.bronze ?? '',
};

function LeaderboardCard({ item, onViewMore }: { item: LeaderboardItem; onViewMore: QuickView['open'] }) {
  const t = useT();
  const { language } = useLanguage();
  const path = `/media/${item.media_type}/${encodeURIComponent(item.slug)}`;
  return (
    <li className={classes.card}>
      <span className={[classes.rank, MEDAL[item.rank]].filter(Boolean).join(' ')}>#{item.rank}</span>
      <MediaImage item={item} width={72} height={108} className={classes.poster} />
      <div className={classes.body}>
        <Link to={path} className={classes.link}>
          {item.title}
        </Link>
        <Text size="sm" c="dimmed" lineClamp={1}>
          {item.creator ?? t(MESSAGES.noCreator)}
        </Text>
        <Text size="sm">
          {formatDateIn(language, item.release_date, item.release_date_precision) ?? t(MESSAGES.tbd)}
        </Text>
        <div className={classes.action}>
          <WatchlistButton item={item} size="xs" />
          <Button variant="subtle" size="compact-xs" onClick={(e) => onViewMore(item, e)}>
            {t(MESSAGES.viewMore)} <VisuallyHidden>{t(MESSAGES.about, { title: item.title })}</VisuallyHidden>
          </Button>
        </div>
      </div>
    </li>
  );
}
