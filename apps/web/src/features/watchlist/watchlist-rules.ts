import type { WatchlistEntry } from '@releasebell/contract';
import { MEDIA_TYPE_ORDER, type MediaType, SEARCH_TYPE_LABELS } from '@releasebell/contract/constants';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { isReleased as isOut } from '../../lib/dates';

const MESSAGES = {
  sortReleaseDate: /*i18n*/ { id: 'watchlist.rules.sortReleaseDate', message: 'Release Date' },
  sortTitle: /*i18n*/ { id: 'watchlist.rules.sortTitle', message: 'Title' },
  sortDateAdded: /*i18n*/ { id: 'watchlist.rules.sortDateAdded', message: 'Date Added' },
};

export type WatchlistTab = 'all' | MediaType;
export type ReleaseFilter = 'upcoming' | 'released';
export type WatchlistSort = 'releaseDate' | 'title' | 'dateAdded';

/** The tabs; each label is rendered in the page's language (`t(option.label)`). */
export const WATCHLIST_TABS: { value: WatchlistTab; label: MessageDescriptor }[] = (
  ['all', ...MEDIA_TYPE_ORDER.lists] as const
).map((value) => ({ value, label: SEARCH_TYPE_LABELS[value] }));

/** The sort choices; each label is rendered in the page's language (`t(option.label)`). */
export const SORT_OPTIONS: { value: WatchlistSort; label: MessageDescriptor }[] = [
  { value: 'releaseDate', label: MESSAGES.sortReleaseDate },
  { value: 'title', label: MESSAGES.sortTitle },
  { value: 'dateAdded', label: MESSAGES.sortDateAdded },
];

/**
 * Released once its release moment has passed, as the countdowns say: a day date from the start of that
 * day, a month or year date once that month or year is over. No date counts as upcoming.
 */
export function isReleased(
  entry: Pick<WatchlistEntry, 'release_date' | 'release_date_precision'>,
  now: Date,
): boolean {
  return isOut(entry.release_date, entry.release_date_precision, now);
}

const byTitle = (a: WatchlistEntry, b: WatchlistEntry) =>
  a.title.localeCompare(b.title, undefined, { sensitivity: 'base', numeric: true });

const COMPARE: Record<WatchlistSort, (a: WatchlistEntry, b: WatchlistEntry) => number> = {
  // Soonest first; undated last, by title.
  releaseDate: (a, b) =>
    a.release_date && b.release_date
      ? a.release_date.localeCompare(b.release_date) || byTitle(a, b)
      : a.release_date
        ? -1
        : b.release_date
          ? 1
          : byTitle(a, b),
  title: byTitle,
  // Newest first.
  dateAdded: (a, b) => b.timestamp_added.localeCompare(a.timestamp_added) || byTitle(a, b),
};

/** Streaming now on one of the member's services in their country. */
export const isOnMyServices = (entry: Pick<WatchlistEntry, 'on_my_services'>) =>
  entry.on_my_services.length > 0;

/**
 * Whether the "On my services" filter is offered: some tracked title streams on one of the member's
 * services (a member without services, or whose titles stream nowhere they pay for, is not shown it).
 */
export const offersServicesFilter = (entries: readonly Pick<WatchlistEntry, 'on_my_services'>[]) =>
  entries.some(isOnMyServices);

/**
 * The entries a tab, the Upcoming/Released toggle and a sort leave, in order. "On my services" keeps
 * the titles that stream on one of the member's services, in place of the Upcoming/Released split: a
 * title streaming now is one the member can watch now, whatever its listed release date says.
 */
export function visibleEntries(
  entries: readonly WatchlistEntry[],
  tab: WatchlistTab,
  filter: ReleaseFilter,
  sort: WatchlistSort,
  now: Date,
  onMyServices = false,
): WatchlistEntry[] {
  return entries
    .filter((e) => tab === 'all' || e.media_type === tab)
    .filter((e) => (onMyServices ? isOnMyServices(e) : isReleased(e, now) === (filter === 'released')))
    .sort(COMPARE[sort]);
}

/** Adds a selection, ignoring it past the cap; removes an existing one. */
export function toggleSelection(selected: readonly string[], itemId: string, cap: number): string[] {
  if (selected.includes(itemId)) return selected.filter((id) => id !== itemId);
  if (selected.length >= cap) return [...selected];
  return [...selected, itemId];
}
