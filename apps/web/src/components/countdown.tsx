import type { ReleaseDatePrecision } from '@releasebell/contract';
import { useSyncExternalStore } from 'react';
import { cardCountdownText, detailCountdownText, releaseMoment, releaseState } from '../lib/dates';
import { useLanguage } from '../lib/i18n';
import classes from './countdown.module.css';

const TICK_MS = 1000;

// One interval shared by every countdown on the page, stopped when none is left.
const clock: { now: Date; listeners: Set<() => void>; timer: ReturnType<typeof setInterval> | null } = {
  now: new Date(),
  listeners: new Set(),
  timer: null,
};

/** Module-level, so React subscribes each countdown once rather than again after every render. */
function subscribeToTick(listener: () => void): () => void {
  clock.listeners.add(listener);
  if (!clock.timer) {
    clock.timer = setInterval(() => {
      clock.now = new Date();
      for (const l of clock.listeners) l();
    }, TICK_MS);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0 && clock.timer) {
      clearInterval(clock.timer);
      clock.timer = null;
    }
  };
}

function currentTick(): Date {
  // While no interval runs the kept time goes stale: refresh it, but keep it stable within one tick.
  if (!clock.timer && Math.abs(Date.now() - clock.now.getTime()) >= TICK_MS) clock.now = new Date();
  return clock.now;
}

/**
 * What `read` makes of the current time, worked out on every tick (one shared timer for all callers);
 * the caller is drawn again only when that changes: a card reading "12d 4h 3m" ticks every second but
 * is redrawn once a minute. Null on the server and while the browser hydrates its page: the viewer's
 * clock and time zone are not the server's, so what depends on them is drawn right after.
 */
function useTickReading(read: (now: Date) => string): string | null {
  return useSyncExternalStore(
    subscribeToTick,
    () => read(currentTick()),
    () => null,
  );
}

export interface CountdownProps {
  releaseDate: string | null;
  /** A month or year date has no clock: it is upcoming until that month or year is over. */
  precision: ReleaseDatePrecision | null;
  variant: 'card' | 'detail';
  className?: string;
}

/**
 * Time left until a release: "12d 4h 3m" / "Released!" / "Coming Soon" (no date, or only a month or
 * year) on cards, "Releases in 12d 4h 3m" / "Releases in March 2027" / "Now Available!" on the detail
 * page (nothing there without a date). It ticks every second, so screen readers are not told about each
 * change.
 */
export function Countdown({ releaseDate, precision, variant, className }: CountdownProps) {
  const { language } = useLanguage();
  // Its state and text as one string ("" for nothing to show), so an unchanged reading is no redraw.
  const read = (now: Date) => {
    const text =
      variant === 'card'
        ? cardCountdownText(releaseDate, precision, now, language)
        : detailCountdownText(releaseDate, precision, now, language);
    return text === null ? '' : `${releaseState(releaseDate, precision, now)}:${text}`;
  };
  const live = useTickReading(read);
  // A title without a date reads the same at any time: drawn at once, on the server too.
  const reading = live ?? (releaseMoment(releaseDate, precision) === null ? read(new Date(0)) : null);
  if (reading === null)
    return (
      <span
        data-variant={variant}
        aria-hidden
        className={[classes.countdown, classes.pending, className].filter(Boolean).join(' ')}
      >
        {/* One line of text: the same height as the countdown it stands for. */}
        {'\u00a0'}
      </span>
    );
  if (reading === '') return null;
  const colon = reading.indexOf(':');
  const state = reading.slice(0, colon);
  const text = reading.slice(colon + 1);
  return (
    <span
      role="timer"
      aria-live="off"
      aria-atomic="true"
      data-state={state}
      data-variant={variant}
      className={[classes.countdown, className].filter(Boolean).join(' ')}
    >
      {text}
    </span>
  );
}
