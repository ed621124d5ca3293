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
  isMediaType,
  type LeaderboardTimeframe,
  MEDIA_TYPE_LABELS,
  MEDIA_TYPES,
  type MediaType,
} from '@releasebell/contract/constants';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import { MediaQuickView, type QuickView, useQuickView } from '../../../components/media-quick-view';
import { WatchlistButton } from '../../../components/watchlist-button';
import { formatReleaseDate } from '../../../lib/dates';
import { usePageTitle } from '../../../lib/page-title';
import { useSelectedMediaType } from '../../../lib/storage';
import { useViewer } from '../../../lib/viewer';
import { LEADERBOARD_FRESH_MS, useLeaderboard } from '../api/get-leaderboard';
import classes from './leaderboard-page.module.css';

const HEADINGS: Record<LeaderboardTimeframe, string> = {
  weekly: 'Most Tracked This Week',
  monthly: 'Most Tracked This Month',
};

export function LeaderboardPage() {
  usePageTitle('Leaderboard');
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
      title: 'Error',
      message: 'Failed to load leaderboard data. Please try again.',
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
        {HEADINGS[timeframe]}
      </Title>
      <Tabs
        value={timeframe}
        onChange={(value) => value && setTimeframe(value as LeaderboardTimeframe)}
        className={classes.tabs}
      >
        <Tabs.List>
          <Tabs.Tab value="weekly">This Week</Tabs.Tab>
          <Tabs.Tab value="monthly">This Month</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Chip.Group multiple={false} value={mediaType} onChange={(v) => isMediaType(v) && setMediaType(v)}>
        <Group gap="xs" role="radiogroup" aria-label="Media type" className={classes.pills}>
          {MEDIA_TYPES.map((type) => (
            <Chip key={type} value={type} type="radio" variant="light">
              {MEDIA_TYPE_LABELS[type]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>

      {board.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the leaderboard" />
        </Center>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No items found in the leaderboard.
        </Text>
      ) : (
        <>
          <ol className={classes.grid}>
            {items.map((item) => (
              <LeaderboardCard key={item.item_id} item={item} onViewMore={quickView.open} />
            ))}
          </ol>
          {board.hasNextPage && (
            <Center mt="lg">
              <Button variant="default" onClick={() => void loadMore()} loading={board.isFetchingNextPage}>
                Load More
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
          {item.creator ?? 'N/A'}
        </Text>
        <Text size="sm">
          {item.release_date ? formatReleaseDate(item.release_date, item.release_date_precision) : 'TBD'}
        </Text>
        <div className={classes.action}>
          <WatchlistButton item={item} size="xs" />
          <Button variant="subtle" size="compact-xs" onClick={(e) => onViewMore(item, e)}>
            View More <VisuallyHidden>about {item.title}</VisuallyHidden>
          </Button>
        </div>
      </div>
    </li>
  );
}
