import { Anchor, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { itemPath } from '@releasebell/contract/constants';
import { Link } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import { formatReleaseDate } from '../../../lib/dates';
import { useLanguage, useT } from '../../../lib/i18n';
import { useWatchlist } from '../../../lib/watchlist';
import classes from './profile-page.module.css';

const MESSAGES = {
  title: /*i18n*/ { id: 'profile.yourWatchlist.title', message: 'Your Watchlist' },
  goTo: /*i18n*/ { id: 'profile.yourWatchlist.goTo', message: 'Go to My Tracking List' },
  loading: /*i18n*/ { id: 'profile.yourWatchlist.loading', message: 'Loading your watchlist' },
  loadFailed: /*i18n*/ {
    id: 'profile.yourWatchlist.loadFailed',
    message: 'Your watchlist could not be loaded right now.',
  },
  empty: /*i18n*/ { id: 'profile.yourWatchlist.empty', message: 'Your watchlist is currently empty.' },
  more: /*i18n*/ { id: 'profile.yourWatchlist.more', message: 'and {count} more' },
};

/** How many tracked titles the profile shows; the rest are on the Watchlist screen. */
const PROFILE_WATCHLIST_LIMIT = 8;

/** "Your Watchlist": the first tracked titles, each linking to its page. */
export function YourWatchlist() {
  const watchlist = useWatchlist();
  const entries = watchlist.data ?? [];
  const t = useT();
  const { language } = useLanguage();
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
            {t(MESSAGES.title)}
          </Title>
          <Anchor component={Link} to="/watchlist">
            {t(MESSAGES.goTo)}
          </Anchor>
        </Group>
        {watchlist.isPending ? (
          <Loader size="sm" aria-label={t(MESSAGES.loading)} />
        ) : watchlist.isError ? (
          <Text c="dimmed">{t(MESSAGES.loadFailed)}</Text>
        ) : entries.length === 0 ? (
          <Text c="dimmed">{t(MESSAGES.empty)}</Text>
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
                        {formatReleaseDate(entry.release_date, entry.release_date_precision, language)}
                      </Text>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            {entries.length > PROFILE_WATCHLIST_LIMIT && (
              <Text size="sm" c="dimmed">
                {t(MESSAGES.more, { count: entries.length - PROFILE_WATCHLIST_LIMIT })}
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
