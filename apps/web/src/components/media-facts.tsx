import { Progress, Tooltip, VisuallyHidden } from '@mantine/core';
import type { ReleaseDatePrecision } from '@releasebell/contract';
import { creatorCredit, DEFAULT_HYPE_PERCENTAGE } from '@releasebell/contract/constants';
import { type Icon, IconCalendar, IconFlame, IconUser } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { formatReleaseDate } from '../lib/dates';
import { hypeTier } from '../lib/media';
import { Countdown } from './countdown';
import classes from './media-facts.module.css';

// The pieces an item's page and its quick view share: fact tags (creator, release date, ...), the
// Hype Meter and the description with See More / See Less.

/** Descriptions longer than this are cut (plus "...") until the reader asks for the rest. */
export const DESCRIPTION_LIMIT = 300;

export const TBD_TOOLTIP =
  "No release date yet. Add to your watchlist & we'll notify you the second it's announced!";

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
export function FactTags({ children, label = 'Details' }: { children: ReactNode; label?: string }) {
  return (
    <ul className={classes.tags} aria-label={label}>
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
  return (
    <li className={classes.tag}>
      <TagIcon size={14} aria-hidden />
      {labelHidden ? (
        <>
          <VisuallyHidden component="span">{label}: </VisuallyHidden>
          {children}
        </>
      ) : (
        <>
          <span className={classes.tagLabel}>{label}:</span>
          <span>{children}</span>
        </>
      )}
    </li>
  );
}

/** "Director: Priya Halvorsen" (the item's own label, "Creator" without one); nothing without a creator. */
export function CreatorTag({ item }: { item: { creator: string | null; creator_label: string | null } }) {
  const credit = creatorCredit(item);
  if (!credit) return null;
  return (
    <FactTag icon={IconUser} label={credit.label}>
      {credit.name}
    </FactTag>
  );
}

/** The release date as the page shows it; without one, "TBD" explains itself in a tooltip. */
export function ReleaseDateTag({ item }: { item: Dated }) {
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
  return (
    <FactTag icon={IconCalendar} label="Release date" labelHidden>
      {formatReleaseDate(item.release_date, item.release_date_precision)}
    </FactTag>
  );
}

/** The Hype Meter: the percentage as a bar, and its tier ("Trending", ...) below. */
export function HypeMeter({ value }: { value: number | null | undefined }) {
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

/** The description, cut at DESCRIPTION_LIMIT characters with See More / See Less; nothing when empty. */
export function Description({ text }: { text: string }) {
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

/** A title's buttons (the watchlist button first): a row that wraps, one row each on narrow phones. */
export function FactActions({ children }: { children: ReactNode }) {
  return <div className={classes.actions}>{children}</div>;
}
