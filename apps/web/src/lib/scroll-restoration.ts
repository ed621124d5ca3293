import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the reader was on each history entry, kept for the tab's session (a reload keeps them). */
const STORAGE_KEY = 'releasebell:scroll-positions';
/** Entries remembered: the oldest are forgotten past this. */
const MAX_POSITIONS = 100;

function readPositions(): Map<string, number> {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-MAX_POSITIONS)));
  } catch {
    // Storage blocked or full: Back still restores within this page's life.
  }
}

/** Last in the map: the most recent, kept when the oldest are forgotten. */
function remember(positions: Map<string, number>, key: string, y: number) {
  positions.delete(key);
  positions.set(key, y);
}

function scrollToHash(hash: string): boolean {
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // Not percent-encoded: the id as written.
  }
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}

/**
 * A new page starts at the top (or at its #anchor); Back and Forward return to where the reader was
 * on that page. The page the app takes over keeps the scroll the browser gave it.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  // Read from the session once the page is taken over (React runs that effect before any navigation).
  const positions = useRef(new Map<string, number>());
  // The entry shown and its last scroll position, read as the reader scrolls: by the time a new
  // location renders, the old page's content is already gone and the position with it.
  const shown = useRef({ key: location.key, y: 0 });

  useEffect(() => {
    positions.current = readPositions();
    const previous = window.history.scrollRestoration;
    // Back in the page from the browser's cache, as on its first load: the app restores.
    const manual = () => {
      window.history.scrollRestoration = 'manual';
    };
    manual();
    const onScroll = () => {
      shown.current.y = window.scrollY;
    };
    // Leaving the document (a reload, another site): the browser keeps this entry's scroll itself,
    // and Back into the app's earlier entries later finds theirs in the session.
    const save = () => {
      window.history.scrollRestoration = 'auto';
      remember(positions.current, shown.current.key, window.scrollY);
      writePositions(positions.current);
    };
    shown.current.y = window.scrollY;
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', save);
    window.addEventListener('pageshow', manual);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', save);
      window.removeEventListener('pageshow', manual);
      window.history.scrollRestoration = previous;
    };
  }, []);

  useLayoutEffect(() => {
    const left = shown.current;
    if (left.key === location.key) return;
    remember(positions.current, left.key, left.y);
    shown.current = { key: location.key, y: 0 };
    const saved = positions.current.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (!(location.hash && scrollToHash(location.hash))) window.scrollTo(0, 0);
    shown.current.y = window.scrollY;
  }, [location.key, location.hash, navigationType]);
}
