import type { RegionalDates } from '@releasebell/contract';
import {
  formatDateIn,
  MOVIE_RELEASE_KIND_LABELS,
  MOVIE_RELEASE_KINDS,
} from '@releasebell/contract/constants';
import { IconTicket } from '@tabler/icons-react';
import { useId } from 'react';
import { useLanguage, useT } from '../../../lib/i18n';
import { regionName } from '../../../lib/region';
import classes from './regional-release-dates.module.css';

const MESSAGES = {
  heading: /*i18n*/ { id: 'media.regionalReleaseDates.heading', message: 'Release dates' },
  tbd: /*i18n*/ { id: 'media.regionalReleaseDates.tbd', message: 'TBD' },
};

/**
 * "Release dates (GB)": a movie's theatrical, digital and physical dates in the visitor's region, "TBD"
 * where there is none yet. Nothing when the region has none of them (or the title is not a movie).
 */
export function RegionalReleaseDates({ dates }: { dates: RegionalDates | null | undefined }) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  if (!dates) return null;
  return (
    <section className={classes.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={classes.heading}>
        <IconTicket size={16} aria-hidden />
        <span>
          {t(MESSAGES.heading)} (<abbr title={regionName(dates.region, language)}>{dates.region}</abbr>)
        </span>
      </h2>
      <dl className={classes.list}>
        {MOVIE_RELEASE_KINDS.map((kind) => {
          const date = dates[kind];
          return (
            <div key={kind} className={classes.entry}>
              <dt className={classes.kind}>{t(MOVIE_RELEASE_KIND_LABELS[kind])}</dt>
              <dd className={date ? classes.date : `${classes.date} ${classes.tbd}`}>
                {/* TMDB's typed dates are days. */}
                {date ? (
                  <time dateTime={date}>{formatDateIn(language, date, 'day') ?? t(MESSAGES.tbd)}</time>
                ) : (
                  t(MESSAGES.tbd)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
