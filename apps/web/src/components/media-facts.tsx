import { Progress, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReleaseDatePrecision } from '@releasebell/contract';
import { creatorCredit, DEFAULT_HYPE_PERCENTAGE } from '@releasebell/contract/constants';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { type Icon, IconCalendar, IconFlame, IconUser } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { formatReleaseDate } from '../lib/dates';
import { useLanguage, useT } from '../lib/i18n';
import { type HypeTier, hypeTier } from '../lib/media';
import { Countdown } from './countdown';
import classes from './media-facts.module.css';

// The pieces an item's page and its quick view share: fact tags (creator, release date, ...), the
// Hype Meter and the description with See More / See Less.

const MESSAGES = {
  details: /*i18n*/ { id: 'components.mediaFacts.details', message: 'Details' },
  factLabel: /*i18n*/ { id: 'components.mediaFacts.factLabel', message: '{label}:' },
  releaseDate: /*i18n*/ { id: 'components.mediaFacts.releaseDate', message: 'Release date' },
  tbd: /*i18n*/ { id: 'components.mediaFacts.tbd', message: 'TBD' },
  tbdTooltip: /*i18n*/ {
    id: 'components.mediaFacts.tbdTooltip',
    message: "No release date yet. Add to your watchlist & we'll notify you the second it's announced!",
  },
  hypeMeter: /*i18n*/ { id: 'components.mediaFacts.hypeMeter', message: 'Hype Meter' },
  percentage: /*i18n*/ { id: 'components.mediaFacts.percentage', message: '{percentage}%' },
  hiddenGem: /*i18n*/ { id: 'components.mediaFacts.tierHiddenGem', message: 'Hidden Gem' },
  startingToBuzz: /*i18n*/ { id: 'components.mediaFacts.tierStartingToBuzz', message: 'Starting to Buzz' },
  trending: /*i18n*/ { id: 'components.mediaFacts.tierTrending', message: 'Trending' },
  highlyAnticipated: /*i18n*/ {
    id: 'components.mediaFacts.tierHighlyAnticipated',
    message: 'Highly Anticipated',
  },
  breakoutHit: /*i18n*/ { id: 'components.mediaFacts.tierBreakoutHit', message: 'Breakout Hit' },
  seeMore: /*i18n*/ { id: 'components.mediaFacts.seeMore', message: 'See More' },
  seeLess: /*i18n*/ { id: 'components.mediaFacts.seeLess', message: 'See Less' },
};

/** Each hype tier's name in the page's language. */
const TIER_MESSAGES: Record<HypeTier, MessageDescriptor> = {
  'Hidden Gem': MESSAGES.hiddenGem,
  'Starting to Buzz': MESSAGES.startingToBuzz,
  Trending: MESSAGES.trending,
  'Highly Anticipated': MESSAGES.highlyAnticipated,
  'Breakout Hit': MESSAGES.breakoutHit,
};

/** Descriptions longer than this are cut (plus "...") until the reader asks for the rest. */
export const DESCRIPTION_LIMIT = 300;

/** The "TBD" tag's explanation in US English (what a page in en-US shows). */
export const TBD_TOOLTIP = MESSAGES.tbdTooltip.message;

/** The item's hype as a whole percentage; items from elsewhere may lack one, and then it is the default. */
export function hypePercentage(value: number | null | undefined): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return DEFAULT_HYPE_PERCENTAGE;
  return Math.round(Math.min(100, Math.max(0, value)));
}

type Dated = { release_date: string | null; release_date_precision: ReleaseDatePrecision | null };

/** "Releases in 12d 4h 3m" (or the month or year, or "Now Available!") as a pill; nothing without a date. */
export function DetailCountdown({ item }: { item: Dated }) {
  return (
    <Countdown
      releaseDate={item.release_date}
      precision={item.release_date_precision}
      variant="detail"
      className={classes.countdown}
    />
  );
}

/** A row of fact tags, named for screen readers ("Details"). */
export function FactTags({ children, label }: { children: ReactNode; label?: string }) {
  const t = useT();
  return (
    <ul className={classes.tags} aria-label={label ?? t(MESSAGES.details)}>
      {children}
    </ul>
  );
}

export interface FactTagProps {
  icon: Icon;
  /** What the fact is ("Director", "Release date"); shown before it, or only told to screen readers. */
  label: string;
  labelHidden?: boolean;
  children: ReactNode;
}

/** One fact in a FactTags row: an icon, its label and the value. */
export function FactTag({ icon: TagIcon, label, labelHidden = false, children }: FactTagProps) {
  const t = useT();
  const labelled = t(MESSAGES.factLabel, { label });
  return (
    <li className={classes.tag}>
      <TagIcon size={14} aria-hidden />
      {labelHidden ? (
        <>
          <VisuallyHidden component="span">{`${labelled} `}</VisuallyHidden>
          {children}
        </>
      ) : (
        <>
          <span className={classes.tagLabel}>{labelled}</span>
          <span>{children}</span>
        </>
      )}
    </li>
  );
}

/** "Director: Priya Halvorsen" (the item's own label, "Creator" without one); nothing without a creator. */
export function CreatorTag({ item }: { item: { creator: string | null; creator_label: string | null } }) {
  const t = useT();
  const credit = creatorCredit(t, item);
  if (!credit) return null;
  return (
    <FactTag icon={IconUser} label={credit.label}>
      {credit.name}
    </FactTag>
  );
}

/** The release date as the page shows it; without one, "TBD" explains itself in a tooltip. */
export function ReleaseDateTag({ item }: { item: Dated }) {
  const t = useT();
  const { language } = useLanguage();
  if (!item.release_date) {
    return (
      <li>
        <Tooltip
          label={t(MESSAGES.tbdTooltip)}
          multiline
          w={260}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          {/* A button, so keyboard and touch users can reach the explanation too (a toggletip). */}
          <button type="button" className={`${classes.tag} ${classes.tbd}`}>
            <IconCalendar size={14} aria-hidden />
            {t(MESSAGES.tbd)}
          </button>
        </Tooltip>
      </li>
    );
  }
  return (
    <FactTag icon={IconCalendar} label={t(MESSAGES.releaseDate)} labelHidden>
      {formatReleaseDate(item.release_date, item.release_date_precision, language)}
    </FactTag>
  );
}

/** The Hype Meter: the percentage as a bar, and its tier ("Trending", ...) below. */
export function HypeMeter({ value }: { value: number | null | undefined }) {
  const t = useT();
  const percentage = hypePercentage(value);
  const tier = t(TIER_MESSAGES[hypeTier(percentage)]);
  return (
    <div className={classes.hype}>
      <div className={classes.hypeHead}>
        <span className={classes.hypeLabel}>
          <IconFlame size={16} aria-hidden />
          {t(MESSAGES.hypeMeter)}
        </span>
        <span className={classes.hypeValue}>{t(MESSAGES.percentage, { percentage })}</span>
      </div>
      <Progress.Root size="md" radius="xl" className={classes.hypeTrack}>
        <Progress.Section value={percentage} aria-label={t(MESSAGES.hypeMeter)} className={classes.hypeBar} />
      </Progress.Root>
      <span className={classes.hypeTier}>{tier}</span>
    </div>
  );
}

/** The description, cut at DESCRIPTION_LIMIT characters with See More / See Less; nothing when empty. */
export function Description({ text }: { text: string }) {
  const t = useT();
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
          {expanded ? t(MESSAGES.seeLess) : t(MESSAGES.seeMore)}
        </button>
      )}
    </div>
  );
}

/** A title's buttons (the watchlist button first): a row that wraps, one row each on narrow phones. */
export function FactActions({ children }: { children: ReactNode }) {
  return <div className={classes.actions}>{children}</div>;
}
