import { Button, VisuallyHidden } from '@mantine/core';
import type { MediaDetail as MediaDetailItem, MediaItem } from '@releasebell/contract';
import { IconBrandAmazon, IconWorld } from '@tabler/icons-react';
import { useEffect } from 'react';
import { GenreList } from '../../../components/genre-list';
import { MediaCarousel } from '../../../components/media-carousel';
import {
  CreatorTag,
  Description,
  DetailCountdown,
  FactActions,
  FactTag,
  FactTags,
  HypeMeter,
  ReleaseDateTag,
} from '../../../components/media-facts';
import { MediaImage } from '../../../components/media-image';
import { WatchlistButton } from '../../../components/watchlist-button';
import { WhereToWatch } from '../../../components/where-to-watch';
import { amazonSearchUrl } from '../../../lib/amazon';
import { usePublicConfig } from '../../../lib/config';
import { useLanguage, useT } from '../../../lib/i18n';
import { languageName } from '../../../lib/media';
import { useViewer } from '../../../lib/viewer';
import { useRecommendations } from '../api/get-recommendations';
import { FollowButtons } from './follow-buttons';
import classes from './media-detail.module.css';
import { RegionalReleaseDates } from './regional-release-dates';

const MESSAGES = {
  buyOnAmazon: /*i18n*/ { id: 'media.mediaDetail.buyOnAmazon', message: 'Buy on Amazon' },
  newTab: /*i18n*/ { id: 'media.mediaDetail.newTab', message: '(opens in a new tab)' },
  peopleAlsoHave: /*i18n*/ { id: 'media.mediaDetail.peopleAlsoHave', message: 'People Also Have' },
  byline: /*i18n*/ { id: 'media.mediaDetail.byline', message: 'by {name}' },
  language: /*i18n*/ { id: 'media.mediaDetail.language', message: 'Language' },
};

/** Where a message's `{name}` stands: the text before and after it, to wrap the name in markup. */
const SPLIT = '\u0000';

export interface MediaDetailProps {
  /** The item; from its own address, with the visitor's region's dates (`regional_dates`). */
  item: MediaItem | MediaDetailItem;
}

function isEnglish(language: string | null | undefined): boolean {
  return !language || language.toLowerCase().split(/[-_]/)[0] === 'en';
}

function BuyOnAmazon({ item }: { item: MediaItem }) {
  const t = useT();
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
      {t(MESSAGES.buyOnAmazon)}
      <VisuallyHidden component="span"> {t(MESSAGES.newTab)}</VisuallyHidden>
    </Button>
  );
}

/** "People Also Have": hidden while there is nothing to show, and when the call fails (that is only logged). */
function Recommendations({ item }: { item: MediaItem }) {
  const t = useT();
  const { data, isPending, error } = useRecommendations(item.media_type, item._id);
  useEffect(() => {
    if (error) console.warn('Failed to fetch recommendations', error);
  }, [error]);
  const items = data?.filter((other) => other._id !== item._id);
  if (error || (items && items.length === 0)) return null;
  return (
    <div className={classes.recommendations}>
      <MediaCarousel title={t(MESSAGES.peopleAlsoHave)} items={items} loading={isPending} />
    </div>
  );
}

/**
 * Everything about one item: poster, title, creator, countdown, tags, hype, description and actions,
 * then similar titles.
 */
export function MediaDetail({ item }: MediaDetailProps) {
  const t = useT();
  const { language } = useLanguage();
  const isBook = item.media_type === 'books';
  const byline = item.author ?? item.director ?? item.creator;
  const showLanguage = !isEnglish(item.language);
  const [byBefore, byAfter] = t(MESSAGES.byline, { name: SPLIT }).split(SPLIT);

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
                  {byBefore}
                  <strong className={classes.bylineName}>{byline}</strong>
                  {byAfter}
                </span>
              )}
              {item.network_name && <span className={classes.network}>{item.network_name}</span>}
            </p>
          )}
          <DetailCountdown item={item} />
        </div>

        <div className={classes.body}>
          <FactTags>
            <CreatorTag item={item} />
            <ReleaseDateTag item={item} />
            {showLanguage && (
              <FactTag icon={IconWorld} label={t(MESSAGES.language)} labelHidden>
                {languageName(item.language, language)}
              </FactTag>
            )}
          </FactTags>

          {'regional_dates' in item && <RegionalReleaseDates dates={item.regional_dates} />}

          {'watch' in item && <WhereToWatch item={item} />}

          {!isBook && <GenreList genres={item.genres} />}

          <HypeMeter value={item.hype_meter_percentage} />

          <Description key={item._id} text={item.description} />

          <FactActions>
            <WatchlistButton item={item} size="md" />
            {'follow' in item && <FollowButtons options={item.follow} />}
            {isBook && <BuyOnAmazon item={item} />}
          </FactActions>
        </div>
      </article>

      <Recommendations key={item._id} item={item} />
    </>
  );
}
