import { VisuallyHidden } from '@mantine/core';
import type { MediaDetail } from '@releasebell/contract';
import { IconDeviceTv } from '@tabler/icons-react';
import { useId } from 'react';
import { formatReleaseDate } from '../lib/dates';
import { useLanguage, useT } from '../lib/i18n';
import { regionName } from '../lib/region';
import { groupOffers, isStreaming, offerName, WATCH_TEXTS } from '../lib/watch';
import { ProviderLogo } from './provider-logo';
import classes from './where-to-watch.module.css';

export interface WhereToWatchProps {
  /** The title as GET /media/slug answers it: its offers (`watch`) and, for a movie, its typed dates. */
  item: Pick<MediaDetail, 'media_type' | 'watch' | 'regional_dates'>;
  /** The quick view's smaller version: a level-3 heading (the modal's title is the level 2) and smaller logos. */
  compact?: boolean;
  /**
   * How the surface writes a day (the item page "Mar 14, 2027", the quick view "March 14, 2027"); by
   * default the short date in the page's language.
   */
  formatDate?: (day: string) => string;
}

/**
 * "Where to watch in United Kingdom": the title's offers in the contract's groups (Stream, Free, Rent,
 * Buy), each as logo and name, the member's own services first and marked; "Not streaming in ... yet"
 * (with a movie's digital date there, when known) when nothing streams it; and JustWatch's attribution,
 * linking to TMDB's page of offers. Nothing while the catalog has not looked (`watch` null, and books).
 */
export function WhereToWatch({ item, compact = false, formatDate }: WhereToWatchProps) {
  const headingId = useId();
  const { language } = useLanguage();
  const t = useT();
  const writeDay = formatDate ?? ((day: string) => formatReleaseDate(day, 'day', language));
  const watch = item.watch;
  if (!watch) return null;
  const country = regionName(watch.region, language);
  const groups = groupOffers(watch.offers);
  const streaming = isStreaming(watch);
  const dates = item.regional_dates;
  const digital =
    !streaming && item.media_type === 'movies' && dates?.region === watch.region ? dates.digital : null;
  const Heading = compact ? 'h3' : 'h2';
  const logoSize = compact ? 20 : 28;

  return (
    <section
      className={compact ? `${classes.section} ${classes.compact}` : classes.section}
      aria-labelledby={headingId}
    >
      <Heading id={headingId} className={classes.heading}>
        <IconDeviceTv size={16} aria-hidden />
        <span>{t(WATCH_TEXTS.heading, { country })}</span>
      </Heading>

      {groups.map((group) => (
        <OfferGroupList
          key={group.label.id}
          label={t(group.label)}
          logoSize={logoSize}
          offers={group.offers}
        />
      ))}

      {!streaming && (
        <p className={classes.notYet}>
          <span>{t(WATCH_TEXTS.notYet, { country })}</span>
          {digital && (
            <span className={classes.digital}>{t(WATCH_TEXTS.digitalOn, { date: writeDay(digital) })}</span>
          )}
        </p>
      )}

      <a className={classes.attribution} href={watch.link} target="_blank" rel="noopener noreferrer">
        {t(WATCH_TEXTS.attribution)}
        {/* Said to screen readers after the link (as the item page's Amazon link says it). */}
        <VisuallyHidden component="span">{` ${t(WATCH_TEXTS.newTab)}`}</VisuallyHidden>
      </a>
    </section>
  );
}

function OfferGroupList({
  label,
  offers,
  logoSize,
}: {
  label: string;
  offers: ReturnType<typeof groupOffers>[number]['offers'];
  logoSize: number;
}) {
  const t = useT();
  const labelId = useId();
  return (
    <div className={classes.group}>
      <p id={labelId} className={classes.groupLabel}>
        {label}
      </p>
      <ul className={classes.offers} aria-labelledby={labelId}>
        {offers.map((offer) => (
          <li
            key={`${offer.type}-${offer.provider.id}`}
            className={offer.on_my_services ? `${classes.offer} ${classes.mine}` : classes.offer}
          >
            <ProviderLogo provider={offer.provider} size={logoSize} />
            <span className={classes.name}>{offerName(t, offer)}</span>
            {offer.on_my_services && <span className={classes.badge}>{t(WATCH_TEXTS.yourService)}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
