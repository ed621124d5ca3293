import { Button, Progress, Tooltip } from '@mantine/core';
import type { MediaDetail as MediaDetailItem, MediaItem } from '@releasebell/contract';
import { creatorCredit, DEFAULT_HYPE_PERCENTAGE } from '@releasebell/contract/constants';
import { IconBrandAmazon, IconCalendar, IconFlame, IconUser, IconWorld } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { Countdown } from '../../../components/countdown';
import { MediaCarousel } from '../../../components/media-carousel';
import { MediaImage } from '../../../components/media-image';
import { WatchlistButton } from '../../../components/watchlist-button';
import { amazonSearchUrl } from '../../../lib/amazon';
import { usePublicConfig } from '../../../lib/config';
import { formatReleaseDate } from '../../../lib/dates';
import { hypeTier, languageName } from '../../../lib/media';
import { useViewer } from '../../../lib/viewer';
import { useRecommendations } from '../api/get-recommendations';
import classes from './media-detail.module.css';
import { RegionalReleaseDates } from './regional-release-dates';

/** Descriptions longer than this are cut (plus "...") until the reader asks for the rest. */
export const DESCRIPTION_LIMIT = 300;

export const TBD_TOOLTIP =
  "No release date yet. Add to your watchlist & we'll notify you the second it's announced!";

export interface MediaDetailProps {
  /** The item; from its own address, with the visitor's region's dates (`regional_dates`). */
  item: MediaItem | MediaDetailItem;
}

/** The item's hype as a whole percentage; items from elsewhere may lack one, and then it is the default. */
export function hypePercentage(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_HYPE_PERCENTAGE;
  return Math.round(Math.min(100, Math.max(0, value)));
}

function isEnglish(language: string | null | undefined): boolean {
  return !language || language.toLowerCase().split(/[-_]/)[0] === 'en';
}

/** The release date; without one, "TBD" explains itself in a tooltip. */
function ReleaseDateTag({ item }: MediaDetailProps) {
  if (!item.release_date) {
    return (
      <li>
        <Tooltip
          label={TBD_TOOLTIP}
          multiline
          w={260}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          {/* A button, so keyboard and touch users can reach the explanation too (a toggletip). */}
          <button type="button" className={`${classes.tag} ${classes.tbd}`}>
            <IconCalendar size={14} aria-hidden />
            TBD
          </button>
        </Tooltip>
      </li>
    );
  }
  const text = formatReleaseDate(item.release_date, item.release_date_precision);
  return (
    <li className={classes.tag}>
      <IconCalendar size={14} aria-hidden />
      <span className={classes.visuallyHidden}>Release date: </span>
      {text}
    </li>
  );
}

function HypeMeter({ value }: { value: number | null | undefined }) {
  const percentage = hypePercentage(value);
  const tier = hypeTier(percentage);
  return (
    <div className={classes.hype}>
      <div className={classes.hypeHead}>
        <span className={classes.hypeLabel}>
          <IconFlame size={16} aria-hidden />
          Hype Meter
        </span>
        <span className={classes.hypeValue}>{percentage}%</span>
      </div>
      <Progress.Root size="md" radius="xl" className={classes.hypeTrack}>
        <Progress.Section value={percentage} aria-label="Hype Meter" className={classes.hypeBar} />
      </Progress.Root>
      <span className={classes.hypeTier}>{tier}</span>
    </div>
  );
}

function Description({ text }: { text: string }) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!text) return null;
  const long = text.length > DESCRIPTION_LIMIT;
  const shown = long && !expanded ? `${text.slice(0, DESCRIPTION_LIMIT)}...` : text;
  return (
    <div className={classes.descriptionBlock}>
      <p id={id} className={classes.description}>
        {shown}
      </p>
      {long && (
        <button
          type="button"
          className={classes.seeMore}
          aria-expanded={expanded}
          aria-controls={id}
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'See Less' : 'See More'}
        </button>
      )}
    </div>
  );
}

function BuyOnAmazon({ item }: { item: MediaItem }) {
  const { amazonAffiliateTag } = usePublicConfig();
  const { locale } = useViewer();
  const href = amazonSearchUrl(
    { title: item.title, author: item.author ?? item.creator },
    locale,
    amazonAffiliateTag,
  );
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer sponsored"
      size="md"
      variant="default"
      leftSection={<IconBrandAmazon size={18} aria-hidden />}
      className={classes.amazon}
    >
      Buy on Amazon
      <span className={classes.visuallyHidden}> (opens in a new tab)</span>
    </Button>
  );
}

/** "People Also Have": hidden while there is nothing to show, and when the call fails (that is only logged). */
function Recommendations({ item }: { item: MediaItem }) {
  const { data, isPending, error } = useRecommendations(item.media_type, item._id);
  useEffect(() => {
    if (error) console.warn('Failed to fetch recommendations', error);
  }, [error]);
  const items = data?.filter((other) => other._id !== item._id);
  if (error || (items && items.length === 0)) return null;
  return (
    <div className={classes.recommendations}>
      <MediaCarousel title="People Also Have" items={items} loading={isPending} />
    </div>
  );
}

/**
 * Everything about one item: poster, title, creator, countdown, tags, hype, description and actions,
 * then similar titles.
 */
export function MediaDetail({ item }: MediaDetailProps) {
  const isBook = item.media_type === 'books';
  const credit = creatorCredit(item);
  const byline = item.author ?? item.director ?? item.creator;
  const showLanguage = !isEnglish(item.language);

  return (
    <>
      <article className={classes.detail}>
        <div className={classes.poster}>
          <MediaImage item={item} width={320} height={480} loading="eager" size="detail" />
        </div>

        <div className={classes.head}>
          <h1 className={classes.title}>{item.title}</h1>
          {(byline || item.network_name) && (
            <p className={classes.byline}>
              {byline && (
                <span>
                  by <strong className={classes.bylineName}>{byline}</strong>
                </span>
              )}
              {item.network_name && <span className={classes.network}>{item.network_name}</span>}
            </p>
          )}
          <Countdown
            releaseDate={item.release_date}
            precision={item.release_date_precision}
            variant="detail"
            className={classes.countdown}
          />
        </div>

        <div className={classes.body}>
          <ul className={classes.tags} aria-label="Details">
            {credit && (
              <li className={classes.tag}>
                <IconUser size={14} aria-hidden />
                <span className={classes.tagLabel}>{credit.label}:</span>
                <span>{credit.name}</span>
              </li>
            )}
            <ReleaseDateTag item={item} />
            {showLanguage && (
              <li className={classes.tag}>
                <IconWorld size={14} aria-hidden />
                <span className={classes.visuallyHidden}>Language: </span>
                {languageName(item.language, 'en')}
              </li>
            )}
          </ul>

          {'regional_dates' in item && <RegionalReleaseDates dates={item.regional_dates} />}

          {!isBook && item.genres.length > 0 && (
            <ul className={classes.genres} aria-label="Genres">
              {item.genres.map((genre) => (
                <li key={genre} className={classes.genre}>
                  {genre}
                </li>
              ))}
            </ul>
          )}

          <HypeMeter value={item.hype_meter_percentage} />

          <Description key={item._id} text={item.description} />

          <div className={classes.actions}>
            <WatchlistButton item={item} size="md" />
            {isBook && <BuyOnAmazon item={item} />}
          </div>
        </div>
      </article>

      <Recommendations key={item._id} item={item} />
    </>
  );
}
