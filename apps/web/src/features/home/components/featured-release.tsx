import { Button } from '@mantine/core';
import type { MediaItem } from '@releasebell/contract';
import { creatorCredit, posterUrl } from '@releasebell/contract/constants';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Countdown } from '../../../components/countdown';
import { GenreList } from '../../../components/genre-list';
import { mediaPath } from '../../../components/media-card';
import { MediaImage } from '../../../components/media-image';
import { WatchlistButton } from '../../../components/watchlist-button';
import { formatReleaseDate } from '../../../lib/dates';
import { placeholderImage } from '../../../lib/media';
import classes from './home-page.module.css';

const FEATURED_LABEL: Record<MediaItem['media_type'], string> = {
  tv_seasons: 'Featured TV Season',
  movies: 'Featured Movie',
  books: 'Featured Book',
};

/** The hero: the featured release of the chosen type over a blurred copy of its poster. */
export function FeaturedRelease({ item }: { item: MediaItem }) {
  const titleId = useId();
  const path = mediaPath(item);
  const credit = creatorCredit(item);
  // The blurred backdrop is the hero poster's own file, so it costs no second download.
  const backdrop = posterUrl(item.image, 'detail') ?? placeholderImage(item.media_type);
  return (
    <section className={classes.hero} aria-labelledby={titleId}>
      <div className={classes.backdrop} style={{ backgroundImage: `url("${backdrop}")` }} aria-hidden />
      <div className={classes.heroInner}>
        <div className={classes.heroPoster}>
          <MediaImage item={item} width={260} height={390} loading="eager" size="detail" />
        </div>
        <div className={classes.heroHead}>
          <p className={classes.eyebrow}>
            <IconSparkles size={14} aria-hidden />
            {FEATURED_LABEL[item.media_type]}
          </p>
          <h2 id={titleId} className={classes.heroTitle}>
            {item.title}
          </h2>
          <p className={classes.heroMeta}>
            {credit && (
              <span>
                {credit.label}: <strong>{credit.name}</strong>
              </span>
            )}
            <span>{formatReleaseDate(item.release_date, item.release_date_precision)}</span>
          </p>
        </div>
        <div className={classes.heroBody}>
          <Countdown
            releaseDate={item.release_date}
            precision={item.release_date_precision}
            variant="detail"
            className={classes.heroCountdown}
          />
          <GenreList genres={item.genres.slice(0, 3)} />
          <p className={classes.description}>{item.description}</p>
          <div className={classes.heroActions}>
            <WatchlistButton item={item} size="md" />
            {path && (
              <Button
                component={Link}
                to={path}
                size="md"
                variant="white"
                c="dark.9"
                rightSection={<IconArrowRight size={18} aria-hidden />}
              >
                View Details
              </Button>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

/** Holds the hero's place while it loads, so the carousels below do not jump. */
export function FeaturedReleaseSkeleton() {
  return <div className={`${classes.hero} ${classes.heroSkeleton}`} aria-hidden />;
}
