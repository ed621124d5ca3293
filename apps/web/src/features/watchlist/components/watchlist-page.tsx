import {
  Anchor,
  Button,
  Center,
  Chip,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { WatchlistEntry } from '@releasebell/contract';
import { SHARE_MAX_ITEMS, UNDO_TOAST_MS } from '@releasebell/contract/constants';
import { IconShare } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { MediaQuickView, useQuickView } from '../../../components/media-quick-view';
import { MembersOnly } from '../../../components/members-only';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { scheduleRemoval, undoRemoval, usePendingRemovals } from '../../../lib/pending-removals';
import { WATCH_TEXTS } from '../../../lib/watch';
import { addToWatchlist, useWatchlist, watchlistKey } from '../../../lib/watchlist';
import {
  offersServicesFilter,
  type ReleaseFilter,
  SORT_OPTIONS,
  toggleSelection,
  visibleEntries,
  WATCHLIST_TABS,
  type WatchlistSort,
  type WatchlistTab,
} from '../watchlist-rules';
import { WatchlistCard } from './watchlist-card';
import classes from './watchlist-page.module.css';

const MESSAGES = {
  title: /*i18n*/ { id: 'watchlist.page.title', message: 'My Tracking List' },
  signInPrompt: /*i18n*/ {
    id: 'watchlist.page.signInPrompt',
    message: 'Sign in to see the titles you track.',
  },
  errorTitle: /*i18n*/ { id: 'watchlist.page.errorTitle', message: 'Error' },
  removeFailed: /*i18n*/ {
    id: 'watchlist.page.removeFailed',
    message: 'Could not remove {title}. Please try again.',
  },
  removed: /*i18n*/ { id: 'watchlist.page.removed', message: 'Removed from Watchlist' },
  undo: /*i18n*/ { id: 'watchlist.page.undo', message: 'UNDO' },
  empty: /*i18n*/ { id: 'watchlist.page.empty', message: 'Your watchlist is currently empty.' },
  noneUpcoming: /*i18n*/ {
    id: 'watchlist.page.noneUpcoming',
    message:
      '{type, select, tv_seasons {No upcoming TV Shows in your watchlist.} movies {No upcoming Movies in your watchlist.} books {No upcoming Books in your watchlist.} other {No upcoming titles in your watchlist.}}',
  },
  noneReleased: /*i18n*/ {
    id: 'watchlist.page.noneReleased',
    message:
      '{type, select, tv_seasons {No released TV Shows in your watchlist.} movies {No released Movies in your watchlist.} books {No released Books in your watchlist.} other {No released titles in your watchlist.}}',
  },
  share: /*i18n*/ { id: 'watchlist.page.share', message: 'Share Watchlist' },
  atCap: /*i18n*/ { id: 'watchlist.page.atCap', message: "That's the most one image holds ({max})." },
  choose: /*i18n*/ { id: 'watchlist.page.choose', message: 'Choose the titles for your image.' },
  cancel: /*i18n*/ { id: 'watchlist.page.cancel', message: 'Cancel' },
  generatePreview: /*i18n*/ { id: 'watchlist.page.generatePreview', message: 'Generate Preview' },
  releaseFilter: /*i18n*/ { id: 'watchlist.page.releaseFilter', message: 'Upcoming or released' },
  upcoming: /*i18n*/ { id: 'watchlist.page.upcoming', message: 'Upcoming' },
  released: /*i18n*/ { id: 'watchlist.page.released', message: 'Released' },
  sortBy: /*i18n*/ { id: 'watchlist.page.sortBy', message: 'Sort by' },
  loading: /*i18n*/ { id: 'watchlist.page.loading', message: 'Loading your tracking list' },
  loadFailed: /*i18n*/ {
    id: 'watchlist.page.loadFailed',
    message: 'Your tracking list could not be loaded. Please try again in a moment.',
  },
  importLists: /*i18n*/ { id: 'watchlist.page.importLists', message: 'Import your lists' },
  trackedTitles: /*i18n*/ { id: 'watchlist.page.trackedTitles', message: 'Tracked titles' },
};

// Only when the member asks for a preview: the modal and its PNG renderer stay out of the route's JS.
const ShareModal = lazy(() => import('./share-modal').then((m) => ({ default: m.ShareModal })));

export function WatchlistPage() {
  const t = useT();
  const title = t(MESSAGES.title);
  usePageTitle(title);
  return (
    <MembersOnly title={title} prompt={t(MESSAGES.signInPrompt)}>
      {(user) => <Watchlist uid={user.id} />}
    </MembersOnly>
  );
}

function Watchlist({ uid }: { uid: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const watchlist = useWatchlist();
  const removals = usePendingRemovals();
  const [tab, setTab] = useState<WatchlistTab>('all');
  const [filter, setFilter] = useState<ReleaseFilter>('upcoming');
  const [sort, setSort] = useState<WatchlistSort>('dateAdded');
  const [servicesOnly, setServicesOnly] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [previewOpen, setPreviewOpen] = useState(false);
  const quickView = useQuickView();

  const all = watchlist.data ?? [];
  // Offered while some tracked title streams on one of the member's services; it stops filtering once
  // none does (the last such title removed).
  const servicesFilter = offersServicesFilter(all);
  const onMyServices = servicesFilter && servicesOnly;
  const entries = useMemo(
    () =>
      visibleEntries(all, tab, filter, sort, new Date(), onMyServices).filter(
        (e) => removals.get(e.item_id) !== 'hidden',
      ),
    [all, tab, filter, sort, onMyServices, removals],
  );
  const listed = all.filter((e) => removals.get(e.item_id) !== 'hidden');

  const undo = async (entry: WatchlistEntry) => {
    notifications.hide(`remove-${entry.item_id}`);
    if (undoRemoval(entry.item_id)) return;
    // Too late to cancel: the delete went through, so track it again.
    try {
      await addToWatchlist(uid, entry);
      await queryClient.invalidateQueries({ queryKey: watchlistKey(uid) });
    } catch (error) {
      console.warn('Could not restore the removed item', error);
    }
  };

  const remove = (entry: WatchlistEntry) => {
    scheduleRemoval(queryClient, uid, entry, {
      onFailed: (failed, error) => {
        console.warn('Watchlist remove failed', error);
        notifications.hide(`remove-${failed.item_id}`);
        notifications.show({
          title: t(MESSAGES.errorTitle),
          message: t(MESSAGES.removeFailed, { title: failed.title }),
          color: 'red',
          autoClose: 5000,
        });
      },
    });
    notifications.show({
      id: `remove-${entry.item_id}`,
      title: t(MESSAGES.removed),
      message: (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" lineClamp={2}>
            {entry.title}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => void undo(entry)}>
            {t(MESSAGES.undo)}
          </Button>
        </Group>
      ),
      autoClose: UNDO_TOAST_MS,
    });
  };

  const startSharing = () => {
    setSelected([]);
    setSharing(true);
  };
  const toggle = (entry: WatchlistEntry) =>
    setSelected((current) => toggleSelection(current, entry.item_id, SHARE_MAX_ITEMS));
  const atCap = selected.length >= SHARE_MAX_ITEMS;
  const selectedEntries = selected
    .map((id) => all.find((e) => e.item_id === id))
    .filter((e): e is WatchlistEntry => !!e);

  const emptyText =
    listed.length === 0
      ? t(MESSAGES.empty)
      : onMyServices
        ? t(WATCH_TEXTS.noneOnMyServices, { kind: tab })
        : t(filter === 'upcoming' ? MESSAGES.noneUpcoming : MESSAGES.noneReleased, { type: tab });

  return (
    <Container size="xl" py="xl">
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={1}>{t(MESSAGES.title)}</Title>
        {!sharing && listed.length > 0 && (
          <Button variant="light" leftSection={<IconShare size={16} aria-hidden />} onClick={startSharing}>
            {t(MESSAGES.share)}
          </Button>
        )}
      </Group>

      {sharing && (
        <section className={classes.shareBar} aria-label={t(MESSAGES.share)}>
          <Text fw={600} aria-live="polite">
            {selected.length}/{SHARE_MAX_ITEMS}
          </Text>
          <Text size="sm" c="dimmed" id="share-cap-note" className={classes.shareNote}>
            {atCap ? t(MESSAGES.atCap, { max: SHARE_MAX_ITEMS }) : t(MESSAGES.choose)}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={() => setSharing(false)}>
              {t(MESSAGES.cancel)}
            </Button>
            <Button disabled={selected.length === 0} onClick={() => setPreviewOpen(true)}>
              {t(MESSAGES.generatePreview)}
            </Button>
          </Group>
        </section>
      )}

      <Tabs value={tab} onChange={(v) => v && setTab(v as WatchlistTab)} mb="md">
        <Tabs.List>
          {WATCHLIST_TABS.map((option) => (
            <Tabs.Tab key={option.value} value={option.value}>
              {t(option.label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group justify="space-between" mb="lg" gap="sm">
        <Group gap="sm">
          <SegmentedControl
            aria-label={t(MESSAGES.releaseFilter)}
            value={filter}
            onChange={(v) => setFilter(v as ReleaseFilter)}
            // "On my services" lists what streams now, upcoming or released.
            disabled={onMyServices}
            data={[
              { value: 'upcoming', label: t(MESSAGES.upcoming) },
              { value: 'released', label: t(MESSAGES.released) },
            ]}
          />
          {servicesFilter && (
            <Chip checked={servicesOnly} onChange={setServicesOnly} variant="outline">
              {t(WATCH_TEXTS.onMyServices)}
            </Chip>
          )}
        </Group>
        <Select
          label={t(MESSAGES.sortBy)}
          className={classes.sort}
          value={sort}
          onChange={(v) => v && setSort(v as WatchlistSort)}
          data={SORT_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>

      {watchlist.isPending ? (
        <Center py="xl">
          <Loader aria-label={t(MESSAGES.loading)} />
        </Center>
      ) : watchlist.isError ? (
        <Text c="dimmed" ta="center" py="xl">
          {t(MESSAGES.loadFailed)}
        </Text>
      ) : entries.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <Text c="dimmed" ta="center">
            {emptyText}
          </Text>
          {listed.length === 0 && (
            <Anchor component={Link} to="/import">
              {t(MESSAGES.importLists)}
            </Anchor>
          )}
        </Stack>
      ) : (
        <ul className={classes.grid} aria-label={t(MESSAGES.trackedTitles)}>
          {entries.map((entry) => (
            <WatchlistCard
              key={entry.item_id}
              entry={entry}
              removal={removals.get(entry.item_id)}
              onRemove={remove}
              onViewMore={quickView.open}
              share={
                sharing
                  ? {
                      selected: selected.includes(entry.item_id),
                      disabled: atCap && !selected.includes(entry.item_id),
                      onToggle: toggle,
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}

      <MediaQuickView quickView={quickView} />

      {previewOpen && (
        <Suspense fallback={null}>
          <ShareModal entries={selectedEntries} onClose={() => setPreviewOpen(false)} />
        </Suspense>
      )}
    </Container>
  );
}
