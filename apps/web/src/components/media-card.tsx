import { Button } from '@mantine/core';
import type { MediaItem } from '@releasebell/contract';
import { itemPath } from '@releasebell/contract/constants';
import { type MouseEvent, memo } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatReleaseDate } from '../lib/dates';
import { useLanguage, useT } from '../lib/i18n';
import { Countdown } from './countdown';
import classes from './media-card.module.css';
import { MediaImage } from './media-image';
import { WatchlistButton } from './watchlist-button';

const MESSAGES = {
  viewMore: /*i18n*/ { id: 'components.mediaCard.viewMore', message: 'View More' },
};

type Linkable = Pick<MediaItem, 'media_type' | 'slug' | 'title'>;

/** The item page's address, or null for an item without a slug (it cannot be opened). */
export function mediaPath(item: Linkable): string | null {
  return item.slug ? itemPath(item) : null;
}

/** What a click on an item without a slug does: nothing but an error in the console. */
export function logMissingSlug(item: Linkable): void {
  console.error(`Cannot open "${item.title}": the item has no slug`);
}

export interface MediaCardProps {
  item: MediaItem;
}

/**
 * A 220x500 poster card: image, title, date, countdown, Notify Me and View More. The title is a link
 * stretched over the whole card, so a click anywhere (or Enter on the focused card) opens the item.
 * Memoised: a row's cards are drawn again when their item changes, not each time the page renders.
 */
export const MediaCard = memo(function MediaCard({ item }: MediaCardProps) {
  const navigate = useNavigate();
  const t = useT();
  const { language } = useLanguage();
  const path = mediaPath(item);

  const open = (e: MouseEvent) => {
    e.stopPropagation();
    if (path) navigate(path);
    else logMissingSlug(item);
  };

  return (
    <article className={classes.card}>
      <div className={classes.poster}>
        <MediaImage item={item} width={220} height={330} className={classes.image} />
        <div className={classes.badge}>
          <Countdown releaseDate={item.release_date} precision={item.release_date_precision} variant="card" />
        </div>
      </div>
      <div className={classes.body}>
        <h3 className={classes.title} title={item.title}>
          {path ? (
            <Link to={path} className={classes.link} onClick={(e) => e.stopPropagation()}>
              {item.title}
            </Link>
          ) : (
            <button type="button" className={classes.link} onClick={open}>
              {item.title}
            </button>
          )}
        </h3>
        <p className={classes.date}>
          {formatReleaseDate(item.release_date, item.release_date_precision, language)}
        </p>
        <div className={classes.actions}>
          <WatchlistButton item={item} size="xs" fullWidth />
          <Button size="xs" fullWidth variant="default" className={classes.more} onClick={open}>
            {t(MESSAGES.viewMore)}
          </Button>
        </div>
      </div>
    </article>
  );
});
