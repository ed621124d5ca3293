import { Loader } from '@mantine/core';
import type { MediaItem } from '@releasebell/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { startTransition, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n';
import { whenIdle } from '../lib/idle';
import { MediaCard } from './media-card';
import classes from './media-carousel.module.css';

const MESSAGES = {
  viewMore: /*i18n*/ { id: 'components.mediaCarousel.viewMore', message: 'View More' },
  loading: /*i18n*/ { id: 'components.mediaCarousel.loading', message: 'Loading {title}' },
  empty: /*i18n*/ { id: 'components.mediaCarousel.empty', message: 'Nothing to show here yet.' },
  scrollLeft: /*i18n*/ { id: 'components.mediaCarousel.scrollLeft', message: 'Scroll left' },
  scrollRight: /*i18n*/ { id: 'components.mediaCarousel.scrollRight', message: 'Scroll right' },
};

/** One card (220 px) plus the gap (16 px): each arrow click moves the row by exactly one card. */
const CAROUSEL_STEP = 236;

const SKELETONS = [1, 2, 3, 4, 5, 6, 7];

/**
 * Cards drawn at first: more than the widest screen shows. The rest follow once the browser is idle,
 * a few at a time so that no one step keeps a slow phone busy (or all at once as soon as the row is
 * scrolled or focused): a long row costs the first screen nothing.
 */
const FIRST_CARDS = 7;
const CARDS_PER_IDLE_STEP = 3;

export interface MediaCarouselProps {
  title: string;
  items: MediaItem[] | undefined;
  loading: boolean;
  viewMoreTo?: string;
  headingId?: string;
  /** What an empty row says ("Nothing to show here yet." by default). */
  emptyText?: string;
}

/** A titled, horizontally scrolling row of cards with arrow buttons that hide at either end. */
export function MediaCarousel({
  title,
  items,
  loading,
  viewMoreTo,
  headingId,
  emptyText,
}: MediaCarouselProps) {
  const t = useT();
  const generatedId = useId();
  const titleId = headingId ?? generatedId;
  const rowRef = useRef<HTMLDivElement>(null);
  const leftRef = useRef<HTMLButtonElement>(null);
  const rightRef = useRef<HTMLButtonElement>(null);
  const [canLeft, setCanLeft] = useState(false);
  const [canRight, setCanRight] = useState(false);
  const [drawn, setDrawn] = useState(FIRST_CARDS);

  const update = useCallback(() => {
    const row = rowRef.current;
    if (!row) return;
    // A pixel of slack: fractional widths leave scrollLeft a hair short of the end.
    setCanLeft(row.scrollLeft > 1);
    setCanRight(row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
  }, []);

  const showRow = !loading && items !== undefined && items.length > 0;
  const more = showRow && items.length > drawn;
  const showAll = useCallback(() => startTransition(() => setDrawn(Number.POSITIVE_INFINITY)), []);

  // One step per idle moment: each drawn step schedules the next.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again after each step.
  useEffect(
    () =>
      more ? whenIdle(() => startTransition(() => setDrawn((n) => n + CARDS_PER_IDLE_STEP))) : undefined,
    [more, drawn],
  );

  // A keyboard user tabbing into the row gets every card at once.
  useEffect(() => {
    const row = rowRef.current;
    if (!row || !more) return;
    row.addEventListener('focusin', showAll);
    return () => row.removeEventListener('focusin', showAll);
  }, [more, showAll]);

  // Measured when the browser reports the row laid out (a ResizeObserver's first report comes after
  // layout, and again whenever the row's size changes): measuring in an effect would force a layout of
  // the whole page in the middle of hydrating it. A new observer per drawn step reports the new extent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row's extent changes with the cards drawn.
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return;
    const observer = new ResizeObserver(update);
    observer.observe(row);
    return () => observer.disconnect();
  }, [update, showRow, items, drawn]);

  const scroll = (direction: -1 | 1) => {
    rowRef.current?.scrollBy({ left: direction * CAROUSEL_STEP, behavior: 'smooth' });
  };

  // An arrow that disappears while focused would drop focus on the page: hand it to the other arrow.
  useEffect(() => {
    const active = document.activeElement;
    if (!canLeft && active === leftRef.current) rightRef.current?.focus();
    if (!canRight && active === rightRef.current) leftRef.current?.focus();
  });

  return (
    <section className={classes.section} aria-labelledby={titleId}>
      <div className={classes.header}>
        <h2 id={titleId} className={classes.title}>
          {title}
        </h2>
        {viewMoreTo && (
          <Link to={viewMoreTo} className={classes.viewMore}>
            {t(MESSAGES.viewMore)}
            <IconChevronRight size={16} aria-hidden />
          </Link>
        )}
      </div>

      {loading ? (
        <div className={classes.loading}>
          {SKELETONS.map((n) => (
            <div key={n} className={classes.skeleton} />
          ))}
          <Loader role="status" aria-label={t(MESSAGES.loading, { title })} className={classes.spinner} />
        </div>
      ) : !items || items.length === 0 ? (
        <p className={classes.empty}>{emptyText ?? t(MESSAGES.empty)}</p>
      ) : (
        <div className={classes.viewport}>
          {canLeft && (
            <button
              ref={leftRef}
              type="button"
              className={`${classes.arrow} ${classes.left}`}
              aria-label={t(MESSAGES.scrollLeft)}
              onClick={() => scroll(-1)}
            >
              <IconChevronLeft size={22} aria-hidden />
            </button>
          )}
          <div
            ref={rowRef}
            className={classes.row}
            onScroll={() => {
              if (more) showAll();
              update();
            }}
          >
            {(more ? items.slice(0, drawn) : items).map((item) => (
              <MediaCard key={item._id} item={item} />
            ))}
          </div>
          {canRight && (
            <button
              ref={rightRef}
              type="button"
              className={`${classes.arrow} ${classes.right}`}
              aria-label={t(MESSAGES.scrollRight)}
              onClick={() => {
                if (more) showAll();
                scroll(1);
              }}
            >
              <IconChevronRight size={22} aria-hidden />
            </button>
          )}
        </div>
      )}
    </section>
  );
}
