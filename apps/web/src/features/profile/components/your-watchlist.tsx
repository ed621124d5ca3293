import { Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { itemPath } from '@releasebell/contract/constants';
import { Link } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import { formatReleaseDate } from '../../../lib/dates';
import { useWatchlist } from '../../../lib/watchlist';
import classes from './profile-page.module.css';

/** How many tracked titles the profile shows; the rest are on the Watchlist screen. */
const PROFILE_WATCHLIST_LIMIT = 8;

/** "Your Watchlist": the first tracked titles, each linking to its page. */
export function YourWatchlist() {
  const watchlist = useWatchlist();
  const entries = watchlist.data ?? [];
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="your-watchlist"
    >
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="your-watchlist">
            Your Watchlist
          </Title>
          <Anchor component={Link} to="/watchlist">
            Go to My Tracking List
          </Anchor>
        </Group>
        {watchlist.isPending ? (
          <Loader size="sm" aria-label="Loading your watchlist" />
        ) : watchlist.isError ? (
          <Text c="dimmed">Your watchlist could not be loaded right now.</Text>
        ) : entries.length === 0 ? (
          <Text c="dimmed">Your watchlist is currently empty.</Text>
        ) : (
          <>
            <ul className={classes.watchlist}>
              {entries.slice(0, PROFILE_WATCHLIST_LIMIT).map((entry) => (
                <li key={entry.item_id}>
                  <Link to={itemPath(entry)} className={classes.tracked}>
                    <MediaImage item={entry} width={44} height={66} className={classes.trackedPoster} />
                    <span>
                      <Text component="span" fw={600} size="sm" lineClamp={2}>
                        {entry.title}
                      </Text>
                      <Text component="span" size="xs" c="dimmed" display="block">
                        {formatReleaseDate(entry.release_date, entry.release_date_precision)}
                      </Text>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {entries.length > PROFILE_WATCHLIST_LIMIT && (
              <Text size="sm" c="dimmed">
                and {entries.length - PROFILE_WATCHLIST_LIMIT} more
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
