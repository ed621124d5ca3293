import { Button } from '@mantine/core';
import type { MediaItem } from '@releasebell/contract';
import { CREDIT_LINE, creatorCredit, posterUrl } from '@releasebell/contract/constants';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Countdown } from '../../../components/countdown';
import { GenreList } from '../../../components/genre-list';
import { mediaPath } from '../../../components/media-card';
import { MediaImage } from '../../../components/media-image';
import { WatchlistButton } from '../../../components/watchlist-button';
import { formatReleaseDate } from '../../../lib/dates';
import { Message, useLanguage, useT } from '../../../lib/i18n';
import { placeholderImage } from '../../../lib/media';
import classes from './home-page.module.css';

const MESSAGES = {
  tv_seasons: /*i18n*/ { id: 'home.featuredRelease.tvSeason', message: 'Featured TV Season' },
  movies: /*i18n*/ { id: 'home.featuredRelease.movie', message: 'Featured Movie' },
  books: /*i18n*/ { id: 'home.featuredRelease.book', message: 'Featured Book' },
  viewDetails: /*i18n*/ { id: 'home.featuredRelease.viewDetails', message: 'View Details' },
};

/** The hero: the featured release of the chosen type over a blurred copy of its poster. */
export function FeaturedRelease({ item }: { item: MediaItem }) {
  const t = useT();
  const { language } = useLanguage();
  const titleId = useId();
  const path = mediaPath(item);
  const credit = creatorCredit(t, item);
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
            {t(MESSAGES[item.media_type])}
          </p>
          <h2 id={titleId} className={classes.heroTitle}>
            {item.title}
          </h2>
          <p className={classes.heroMeta}>
            {credit && (
              <span>
                <Message
                  message={CREDIT_LINE}
                  values={{ label: credit.label }}
                  parts={{ name: <strong>{credit.name}</strong> }}
                />
              </span>
            )}
            <span>{formatReleaseDate(item.release_date, item.release_date_precision, language)}</span>
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
                {t(MESSAGES.viewDetails)}
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
