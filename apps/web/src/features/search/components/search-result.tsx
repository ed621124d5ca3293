import type { SearchItem } from '@releasebell/contract';
import { creditText, MEDIA_TYPE_SINGULAR } from '@releasebell/contract/constants';
import { Link } from 'react-router';
import { Countdown } from '../../../components/countdown';
import { logMissingSlug, mediaPath } from '../../../components/media-card';
import { MediaImage } from '../../../components/media-image';
import { WatchlistButton } from '../../../components/watchlist-button';
import { formatReleaseDate } from '../../../lib/dates';
import { useLanguage, useT } from '../../../lib/i18n';
import classes from './search-page.module.css';

const _MESSAGES = {};

/**
 * One search result: poster, title, kind, creator, release date and countdown, with Notify Me. The title
 * link stretches over the whole row, so a click anywhere but the button opens the item.
 */
export function SearchResult({ item }: { item: SearchItem }) {
  const t = useT();
  const { language } = useLanguage();
  const path = mediaPath(item);
  const creator = creditText(t, item);
  return (
    <article className={classes.result}>
      <div className={classes.poster} aria-hidden>
        <MediaImage item={item} width={88} height={132} />
      </div>
      <div className={classes.resultBody}>
        <p className={classes.kind}>{t(MEDIA_TYPE_SINGULAR[item.media_type])}</p>
        <h2 className={classes.resultTitle}>
          {path ? (
            <Link to={path} className={classes.link}>
              {item.title}
            </Link>
          ) : (
            <button type="button" className={classes.link} onClick={() => logMissingSlug(item)}>
              {item.title}
            </button>
          )}
        </h2>
        {creator && <p className={classes.creator}>{creator}</p>}
        <p className={classes.date}>
          <span>{formatReleaseDate(item.release_date, item.release_date_precision, language)}</span>
          <Countdown
            releaseDate={item.release_date}
            precision={item.release_date_precision}
            variant="card"
            className={classes.countdown}
          />
        </p>
      </div>
      <div className={classes.actions}>
        <WatchlistButton item={item} size="sm" />
      </div>
    </article>
  );
}
