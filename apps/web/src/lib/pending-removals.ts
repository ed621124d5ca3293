import type { WatchlistEntry } from '@releasebell/contract';
import { REMOVE_DELAY_MS, REMOVE_FADE_MS } from '@releasebell/contract/constants';
import { pathTo, ROUTES } from '@releasebell/contract/routes';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { removeFromWatchlist, watchlistKey } from './watchlist';

/**
 * Removals waiting for their UNDO window to pass. They live here, outside any component, so leaving
 * the Watchlist screen neither loses a removal (its timer still fires) nor removes something the
 * member undid (the UNDO in the toast, which outlives the screen, cancels it). When the page itself
 * goes away, what is still waiting is sent at once with `keepalive`.
 */
export type RemovalPhase = 'fading' | 'hidden';

interface Pending {
  uid: string;
  entry: WatchlistEntry;
  phase: RemovalPhase;
  /** The delete is on its way: too late to cancel it. */
  sending: boolean;
  fadeTimer: ReturnType<typeof setTimeout>;
  deleteTimer: ReturnType<typeof setTimeout>;
}

export interface RemovalCallbacks {
  /** The delete went through. */
  onRemoved?: (entry: WatchlistEntry) => void;
  /** The delete failed; the card is back. */
  onFailed?: (entry: WatchlistEntry, error: unknown) => void;
}

const pending = new Map<string, Pending>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, RemovalPhase> = new Map();

function changed() {
  snapshot = new Map([...pending].map(([id, p]) => [id, p.phase]));
  for (const listener of listeners) listener();
}

function dropFromCache(queryClient: QueryClient, uid: string, itemId: string) {
  queryClient.setQueryData<WatchlistEntry[]>(watchlistKey(uid), (list) =>
    list?.filter((e) => e.item_id !== itemId),
  );
}

/** Starts removing: the card fades now, the delete is sent after the UNDO window. */
export function scheduleRemoval(
  queryClient: QueryClient,
  uid: string,
  entry: WatchlistEntry,
  callbacks: RemovalCallbacks = {},
) {
  const itemId = entry.item_id;
  if (pending.has(itemId)) return;
  const fadeTimer = setTimeout(() => {
    const p = pending.get(itemId);
    if (p) {
      p.phase = 'hidden';
      changed();
    }
  }, REMOVE_FADE_MS);
  const deleteTimer = setTimeout(async () => {
    const p = pending.get(itemId);
    if (p) p.sending = true;
    try {
      await removeFromWatchlist(uid, itemId);
      pending.delete(itemId);
      dropFromCache(queryClient, uid, itemId);
      changed();
      callbacks.onRemoved?.(entry);
    } catch (error) {
      pending.delete(itemId);
      changed();
      callbacks.onFailed?.(entry, error);
    }
  }, REMOVE_DELAY_MS);
  pending.set(itemId, { uid, entry, phase: 'fading', sending: false, fadeTimer, deleteTimer });
  changed();
}

/**
 * UNDO: cancels a removal that has not been sent and returns true; false when there is none waiting
 * (the delete already went: the caller adds the item back instead).
 */
export function undoRemoval(itemId: string): boolean {
  const p = pending.get(itemId);
  if (!p || p.sending) return false;
  clearTimeout(p.fadeTimer);
  clearTimeout(p.deleteTimer);
  pending.delete(itemId);
  changed();
  return true;
}

/** Sends every waiting removal now (the page is going away); fetch with keepalive outlives the page. */
function flushRemovals() {
  for (const [itemId, p] of pending) {
    if (p.sending) continue;
    clearTimeout(p.fadeTimer);
    clearTimeout(p.deleteTimer);
    const route = ROUTES.removeFromWatchlist;
    void fetch(pathTo(route, { uid: p.uid }), {
      method: route.method,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ item_id: itemId }),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => {});
  }
  for (const [itemId, p] of pending) if (!p.sending) pending.delete(itemId);
  changed();
}

if (typeof window !== 'undefined') window.addEventListener('pagehide', flushRemovals);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Which items are on their way out, and how far (fading, then hidden). */
export function usePendingRemovals(): ReadonlyMap<string, RemovalPhase> {
  return useSyncExternalStore(subscribe, () => snapshot);
}
