import type { Locale, MediaType, WatchlistEntry } from '@releasebell/contract';
import { MEDIA_TYPES, WATCHLIST_TOASTS } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { api } from './api-client';
import { translateNow, useCatalogLang } from './i18n';
import { type PendingItem, useSession, useSignedInNow } from './session';
import { showToast } from './toast';

const MESSAGES = {
  addedTitle: /*i18n*/ { id: 'lib.watchlist.addedTitle', message: 'Added to Watchlist' },
  addedMessage: /*i18n*/ {
    id: 'lib.watchlist.addedMessage',
    message: "{title} is on your tracking list. We'll let you know when it's out.",
  },
};

/**
 * The member's watchlist, shared by every screen: the watchlist button, the home panel, the
 * Watchlist screen and the profile all read the one cached list under `watchlistKey(uid)`.
 */
export const watchlistKey = (uid: string) => ['watchlist', uid] as const;

const getWatchlist = (uid: string, lang: Locale | undefined, signal?: AbortSignal) =>
  api.get<WatchlistEntry[]>(pathTo(ROUTES.getWatchlist, { uid }, { lang }), signal);

export const addToWatchlist = (uid: string, item: { item_id: string; media_type: MediaType }) =>
  api.post<WatchlistEntry>(pathTo(ROUTES.addToWatchlist, { uid }), {
    item_id: item.item_id,
    media_type: item.media_type,
  });

export const removeFromWatchlist = (uid: string, itemId: string) =>
  api.delete<{ item_id: string; removed: boolean }>(pathTo(ROUTES.removeFromWatchlist, { uid }), {
    item_id: itemId,
  });

/** The signed-in member's watchlist (nothing is fetched for a visitor). */
export function useWatchlist() {
  const { currentUser } = useSession();
  const signedInNow = useSignedInNow();
  const uid = currentUser?.id ?? '';
  // One list under one key, which every screen updates in place: a new language reads it again
  // (useMemberLanguage), with the titles in that language.
  const lang = useCatalogLang();
  return useQuery({
    queryKey: watchlistKey(uid),
    queryFn: ({ signal }) => getWatchlist(uid, lang, signal),
    // Not for a member who has just signed out, whose screens may still be drawn with them.
    enabled: uid !== '' && signedInNow?.id === uid,
    staleTime: 60_000,
  });
}

/** Whether the item is on the signed-in member's list (false for visitors and while loading). */
export function useIsInWatchlist(itemId: string): boolean {
  const { data } = useWatchlist();
  return data?.some((entry) => entry.item_id === itemId) ?? false;
}

/**
 * Adds an item for a member and says so in a toast; on failure shows the spec's error toast.
 * Returns the add function and whether an add is under way.
 */
export function useAddToWatchlist() {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);
  const add = useCallback(
    async (uid: string, item: PendingItem) => {
      setPending(item.item_id);
      try {
        const entry = await addToWatchlist(uid, item);
        queryClient.setQueryData<WatchlistEntry[]>(watchlistKey(uid), (list) =>
          list ? [entry, ...list.filter((e) => e.item_id !== entry.item_id)] : list,
        );
        void queryClient.invalidateQueries({ queryKey: watchlistKey(uid) });
        void showToast({
          title: translateNow(MESSAGES.addedTitle),
          message: translateNow(MESSAGES.addedMessage, { title: item.title }),
          color: 'teal',
          autoClose: 3000,
        });
        return true;
      } catch (error) {
        console.warn(new Error('Failed to add to watchlist', { cause: error }));
        void showToast({
          title: translateNow(WATCHLIST_TOASTS.addFailedTitle),
          message: translateNow(WATCHLIST_TOASTS.addFailedMessage),
          color: 'red',
          autoClose: 5000,
        });
        return false;
      } finally {
        setPending(null);
      }
    },
    [queryClient],
  );
  return { add, pendingItemId: pending };
}

/** The item a visitor chose before leaving for Google, kept for the page Google returns to. */
const PENDING_ITEM_KEY = 'releasebell.pendingItem';

export function rememberPendingItem(item: PendingItem | null) {
  try {
    if (item) sessionStorage.setItem(PENDING_ITEM_KEY, JSON.stringify(item));
    else sessionStorage.removeItem(PENDING_ITEM_KEY);
  } catch {
    // Storage off: the item is simply not added after the round trip.
  }
}

/** Reads and forgets the remembered item; null when there is none or it is not an item. */
export function takePendingItem(): PendingItem | null {
  try {
    const raw = sessionStorage.getItem(PENDING_ITEM_KEY);
    sessionStorage.removeItem(PENDING_ITEM_KEY);
    const value = JSON.parse(raw ?? 'null') as Partial<PendingItem> | null;
    if (
      value &&
      typeof value.item_id === 'string' &&
      typeof value.title === 'string' &&
      (MEDIA_TYPES as readonly string[]).includes(String(value.media_type))
    ) {
      return { item_id: value.item_id, title: value.title, media_type: value.media_type as MediaType };
    }
  } catch {
    // Unreadable: nothing pending.
  }
  return null;
}

/**
 * App-wide: adds the pending item once someone signs in from the modal, or comes back from Google
 * signed in with one remembered.
 */
export function useAddPendingAfterSignIn() {
  const { currentUser, isLoading, onSignedIn } = useSession();
  const { add } = useAddToWatchlist();
  useEffect(() => onSignedIn((user, item) => void add(user.id, item)), [onSignedIn, add]);
  useEffect(() => {
    if (isLoading || !currentUser) return;
    const item = takePendingItem();
    if (item) void add(currentUser.id, item);
  }, [currentUser, isLoading, add]);
}
