import { Button, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { MediaType } from '@releasebell/contract/constants';
import { MEDIA_TYPE_LABELS } from '@releasebell/contract/constants';
import { IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { MediaImage } from '../../../components/media-image';
import { formatReleaseDate } from '../../../lib/dates';
import { useLanguage, useT } from '../../../lib/i18n';
import { useWatchlist } from '../../../lib/watchlist';
import classes from './watchlist-panel.module.css';

const MESSAGES = {
  title: /*i18n*/ { id: 'home.watchlistPanel.title', message: 'My {type} Tracking List' },
  viewMore: /*i18n*/ { id: 'home.watchlistPanel.viewMore', message: 'View More' },
  loading: /*i18n*/ { id: 'home.watchlistPanel.loading', message: 'Loading your tracking list' },
  failed: /*i18n*/ {
    id: 'home.watchlistPanel.failed',
    message: 'Your tracking list could not be loaded right now.',
  },
  empty: /*i18n*/ { id: 'home.watchlistPanel.empty', message: 'No items in your {type} watchlist yet!' },
};

/** How many tracked titles the home panel shows; the rest are one click away on /watchlist. */
const PANEL_LIMIT = 6;

/** "My {Books|Movies|TV Shows} Tracking List": the member's tracked titles of the chosen type. */
export function WatchlistPanel({ mediaType }: { mediaType: MediaType }) {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const watchlist = useWatchlist();
  const label = t(MEDIA_TYPE_LABELS[mediaType]);
  const entries = (watchlist.data ?? []).filter((e) => e.media_type === mediaType);
  const headingId = `watchlist-panel-${mediaType}`;

  return (
    <Paper component="section" aria-labelledby={headingId} className={classes.panel} radius="md" withBorder>
      <Group justify="space-between" wrap="nowrap" mb="sm" align="flex-start">
        <Title order={2} id={headingId} className={classes.title}>
          {t(MESSAGES.title, { type: label })}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          className={classes.viewMore}
          rightSection={<IconArrowRight size={14} aria-hidden />}
          onClick={() => navigate('/watchlist')}
        >
          {t(MESSAGES.viewMore)}
        </Button>
      </Group>
      {watchlist.isPending ? (
        <Loader size="sm" aria-label={t(MESSAGES.loading)} />
      ) : watchlist.isError ? (
        <Text c="dimmed">{t(MESSAGES.failed)}</Text>
      ) : entries.length === 0 ? (
        <Text c="dimmed">{t(MESSAGES.empty, { type: label })}</Text>
      ) : (
        <ul className={classes.list}>
          {entries.slice(0, PANEL_LIMIT).map((entry) => (
            <li key={entry.item_id}>
              <UnstyledButton
                className={classes.entry}
                onClick={() => navigate(`/media/${entry.media_type}/${encodeURIComponent(entry.slug)}`)}
              >
                <MediaImage item={entry} width={48} height={72} className={classes.poster} />
                <Stack gap={2} className={classes.text}>
                  <Text fw={600} lineClamp={2} size="sm">
                    {entry.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatReleaseDate(entry.release_date, entry.release_date_precision, language)}
                  </Text>
                </Stack>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}
