import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import type { AppliedImport, Import, ImportEntry, MediaItem, SuggestedFollow } from '@releasebell/contract';
import { formatDateIn, type Locale } from '@releasebell/contract/constants';
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { IconAlertCircle } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { MediaImage } from '../../../components/media-image';
import { ApiError } from '../../../lib/api-client';
import { releaseYear } from '../../../lib/dates';
import { type Translate, useLanguage, useT } from '../../../lib/i18n';
import { useApplyImport } from '../api/imports';
import {
  applyBody,
  applyLabel,
  fileHeading,
  groupEntries,
  type ImportSelection,
  lineHeading,
  lineText,
  titlesToAdd,
  titleWithYear,
} from '../import-rules';
import classes from './import-page.module.css';
import { SectionHeading } from './section-heading';

const MESSAGES = {
  tv: /*i18n*/ { id: 'imports.preview.tv', message: 'TV' },
  movie: /*i18n*/ { id: 'imports.preview.movie', message: 'Movie' },
  book: /*i18n*/ { id: 'imports.preview.book', message: 'Book' },
  dateTba: /*i18n*/ { id: 'imports.preview.dateTba', message: 'Date to be announced' },
  candidateWithLabel: /*i18n*/ {
    id: 'imports.preview.candidateWithLabel',
    message: '{title}, {label}: {creator}',
  },
  candidateBy: /*i18n*/ { id: 'imports.preview.candidateBy', message: '{title}, by {creator}' },
  matchedCount: /*i18n*/ {
    id: 'imports.preview.matchedCount',
    message: '{count, plural, one {# matched} other {# matched}}',
  },
  toChooseCount: /*i18n*/ {
    id: 'imports.preview.toChooseCount',
    message: '{count, plural, one {# to choose} other {# to choose}}',
  },
  notFoundCount: /*i18n*/ {
    id: 'imports.preview.notFoundCount',
    message: '{count, plural, one {# not found} other {# not found}}',
  },
  alreadyTrackedCount: /*i18n*/ {
    id: 'imports.preview.alreadyTrackedCount',
    message: '{count, plural, one {# already tracked} other {# already tracked}}',
  },
  skippedCount: /*i18n*/ {
    id: 'imports.preview.skippedCount',
    message: '{count, plural, one {# skipped} other {# skipped}}',
  },
  nothingAddable: /*i18n*/ {
    id: 'imports.preview.nothingAddable',
    message: 'Nothing in this file can be added to your watchlist: see below for why.',
  },
  matchedHeading: /*i18n*/ { id: 'imports.preview.matchedHeading', message: 'Matched ({count})' },
  untickAll: /*i18n*/ { id: 'imports.preview.untickAll', message: 'Untick all' },
  tickAll: /*i18n*/ { id: 'imports.preview.tickAll', message: 'Tick all' },
  matchedNote: /*i18n*/ {
    id: 'imports.preview.matchedNote',
    message: 'Titles still to come. Untick any you do not want on your watchlist.',
  },
  matchedTitles: /*i18n*/ { id: 'imports.preview.matchedTitles', message: 'Matched titles' },
  addTitle: /*i18n*/ { id: 'imports.preview.addTitle', message: 'Add {title}' },
  ambiguousHeading: /*i18n*/ {
    id: 'imports.preview.ambiguousHeading',
    message: 'Choose the right title ({count})',
  },
  ambiguousNote: /*i18n*/ {
    id: 'imports.preview.ambiguousNote',
    message: 'These rows match more than one title. Pick the one you mean, or none of them.',
  },
  followsHeading: /*i18n*/ { id: 'imports.preview.followsHeading', message: 'Suggested follows' },
  followsNote: /*i18n*/ {
    id: 'imports.preview.followsNote',
    message: 'Follow them and each new title of theirs joins your watchlist as soon as it is announced.',
  },
  followName: /*i18n*/ { id: 'imports.preview.followName', message: 'Follow {name}' },
  notAdded: /*i18n*/ { id: 'imports.preview.notAdded', message: 'Not added' },
  notFound: /*i18n*/ { id: 'imports.preview.notFound', message: 'Not found ({count})' },
  alreadyOnWatchlist: /*i18n*/ {
    id: 'imports.preview.alreadyOnWatchlist',
    message: 'Already on your watchlist ({count})',
  },
  skipped: /*i18n*/ { id: 'imports.preview.skipped', message: 'Skipped ({count})' },
  applyFailed: /*i18n*/ {
    id: 'imports.preview.applyFailed',
    message: 'Your titles could not be added. Please try again.',
  },
  startOver: /*i18n*/ { id: 'imports.preview.startOver', message: 'Start over' },
  noneOfThese: /*i18n*/ { id: 'imports.preview.noneOfThese', message: 'None of these' },
};

const KIND: Record<MediaItem['media_type'], MessageDescriptor> = {
  tv_seasons: MESSAGES.tv,
  movies: MESSAGES.movie,
  books: MESSAGES.book,
};

/** "Book · Orla Penhallow · Mar 14, 2027": what tells one title from another. */
function itemFacts(item: MediaItem, t: Translate, language: Locale): string {
  // An unreadable date keeps the US formatter's own words for it.
  const when = formatDateIn(language, item.release_date, item.release_date_precision) ?? t(MESSAGES.dateTba);
  return [t(KIND[item.media_type]), item.creator, when].filter(Boolean).join(' · ');
}

/** "Dune (2026), Director: Denis Villeneuve": a candidate as a screen reader names it. */
function candidateName(item: MediaItem, t: Translate): string {
  const title = titleWithYear(item.title, releaseYear(item.release_date));
  if (!item.creator) return title;
  return item.creator_label
    ? t(MESSAGES.candidateWithLabel, { title, label: item.creator_label, creator: item.creator })
    : t(MESSAGES.candidateBy, { title, creator: item.creator });
}

/** A title with its small poster, inside a checkbox's or radio's label. */
function TitleWithPoster({ item, fallback }: { item: MediaItem | undefined; fallback: string }) {
  const t = useT();
  const { language } = useLanguage();
  return (
    <span className={classes.titleRow}>
      {item && (
        // The control's own name says which title it is: the poster is decoration here.
        <span aria-hidden className={classes.posterBox}>
          <MediaImage item={item} width={40} height={60} className={classes.poster} />
        </span>
      )}
      <span className={classes.titleText}>
        <Text component="span" fw={600} size="sm" display="block" className={classes.wrap}>
          {item?.title ?? fallback}
        </Text>
        {item && (
          <Text component="span" size="xs" c="dimmed" display="block" className={classes.wrap}>
            {itemFacts(item, t, language)}
          </Text>
        )}
      </span>
    </span>
  );
}

/** The preview of a matched import: what will be added, what to choose, what was left out. */
export function ImportPreview({
  imported,
  onApplied,
  onStartOver,
  focusOnShow,
}: {
  imported: Import;
  onApplied: (applied: AppliedImport) => void;
  onStartOver: () => void;
  focusOnShow: boolean;
}) {
  const t = useT();
  const apply = useApplyImport(imported.id);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [chosen, setChosen] = useState<Readonly<Record<number, string | null>>>({});
  // A Releasebell export's own follows come ticked: the member chose them there.
  const [follow, setFollow] = useState<ReadonlySet<string>>(
    () => new Set(imported.suggested_follows.filter((f) => f.checked).map((f) => f.ref)),
  );
  const selection: ImportSelection = { unticked, chosen, follow };

  const groups = groupEntries(imported.entries);
  const titles = titlesToAdd(imported.entries, selection);
  const nothing = titles === 0 && follow.size === 0;
  const leftOut = groups.unmatched.length + groups.alreadyTracked.length + groups.skipped.length;

  const counts = [
    t(MESSAGES.matchedCount, { count: imported.matched }),
    t(MESSAGES.toChooseCount, { count: imported.ambiguous }),
    t(MESSAGES.notFoundCount, { count: imported.unmatched }),
    t(MESSAGES.alreadyTrackedCount, { count: imported.already_tracked }),
    ...(groups.skipped.length > 0 ? [t(MESSAGES.skippedCount, { count: groups.skipped.length })] : []),
  ];

  const toggle = <T,>(set: ReadonlySet<T>, value: T): ReadonlySet<T> => {
    const next = new Set(set);
    if (!next.delete(value)) next.add(value);
    return next;
  };
  const allTicked = unticked.size === 0;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (nothing || apply.isPending) return;
        apply.mutate(applyBody(imported.entries, selection), { onSuccess: onApplied });
      }}
    >
      <Stack gap="xl">
        <section aria-labelledby="import-preview-heading">
          <SectionHeading id="import-preview-heading" focusOnShow={focusOnShow}>
            {fileHeading(imported)}
          </SectionHeading>
          <Text>
            {counts.map((count, i) => (
              <Fragment key={count}>
                {i > 0 && ' · '}
                <span className={classes.count}>{count}</span>
              </Fragment>
            ))}
          </Text>
          {groups.matched.length === 0 && groups.ambiguous.length === 0 && (
            <Text c="dimmed" mt="xs">
              {t(MESSAGES.nothingAddable)}
            </Text>
          )}
        </section>

        {groups.matched.length > 0 && (
          <section aria-labelledby="import-matched-heading">
            <Group justify="space-between" align="baseline" gap="xs" mb="xs">
              <Title order={2} size="h3" id="import-matched-heading">
                {t(MESSAGES.matchedHeading, { count: groups.matched.length })}
              </Title>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  setUnticked(allTicked ? new Set(groups.matched.map((e) => e.line)) : new Set())
                }
              >
                {t(allTicked ? MESSAGES.untickAll : MESSAGES.tickAll)}
              </Button>
            </Group>
            <Text size="sm" c="dimmed" mb="sm">
              {t(MESSAGES.matchedNote)}
            </Text>
            <ul className={classes.list} aria-label={t(MESSAGES.matchedTitles)}>
              {groups.matched.map((entry) => (
                <li key={entry.line} className={classes.row}>
                  <Checkbox
                    checked={!unticked.has(entry.line)}
                    onChange={() => setUnticked((current) => toggle(current, entry.line))}
                    aria-label={t(MESSAGES.addTitle, { title: entry.item?.title ?? entry.title })}
                    label={<TitleWithPoster item={entry.item} fallback={entry.title} />}
                    classNames={{ body: classes.controlBody, labelWrapper: classes.controlLabel }}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}

        {groups.ambiguous.length > 0 && (
          <section aria-labelledby="import-ambiguous-heading">
            <Title order={2} size="h3" id="import-ambiguous-heading" mb="xs">
              {t(MESSAGES.ambiguousHeading, { count: groups.ambiguous.length })}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t(MESSAGES.ambiguousNote)}
            </Text>
            <Stack gap="md">
              {groups.ambiguous.map((entry) => (
                <Ambiguous
                  key={entry.line}
                  entry={entry}
                  value={chosen[entry.line] ?? null}
                  onChange={(itemId) => setChosen((current) => ({ ...current, [entry.line]: itemId }))}
                />
              ))}
            </Stack>
          </section>
        )}

        {imported.suggested_follows.length > 0 && (
          <section aria-labelledby="import-follows-heading">
            <Title order={2} size="h3" id="import-follows-heading" mb="xs">
              {t(MESSAGES.followsHeading)}
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              {t(MESSAGES.followsNote)}
            </Text>
            <Stack gap="sm">
              {imported.suggested_follows.map((suggestion: SuggestedFollow) => (
                <Checkbox
                  key={suggestion.ref}
                  checked={follow.has(suggestion.ref)}
                  onChange={() => setFollow((current) => toggle(current, suggestion.ref))}
                  label={t(MESSAGES.followName, { name: suggestion.name })}
                  description={suggestion.because}
                />
              ))}
            </Stack>
          </section>
        )}

        {leftOut > 0 && (
          <section aria-labelledby="import-left-out-heading">
            <Title order={2} size="h3" id="import-left-out-heading" mb="xs">
              {t(MESSAGES.notAdded)}
            </Title>
            <Stack gap="xs">
              <LeftOut summary={MESSAGES.notFound} entries={groups.unmatched} />
              <LeftOut summary={MESSAGES.alreadyOnWatchlist} entries={groups.alreadyTracked} />
              <LeftOut summary={MESSAGES.skipped} entries={groups.skipped} />
            </Stack>
          </section>
        )}

        <div className={classes.actions}>
          <div role="alert" className={classes.problem}>
            {apply.isError && (
              <>
                <IconAlertCircle size={18} aria-hidden />
                <span>
                  {/* Past the follow limits the server says which, and what to do. */}
                  {apply.error instanceof ApiError && [409, 429].includes(apply.error.status)
                    ? apply.error.message
                    : t(MESSAGES.applyFailed)}
                </span>
              </>
            )}
          </div>
          <Group gap="sm" justify="space-between">
            <Button variant="default" onClick={onStartOver} disabled={apply.isPending}>
              {t(MESSAGES.startOver)}
            </Button>
            <Button type="submit" disabled={nothing} loading={apply.isPending}>
              {applyLabel(titles, follow.size)}
            </Button>
          </Group>
        </div>
      </Stack>
    </form>
  );
}

/**
 * An ambiguous row: its candidates and "None of these" as native radios in a fieldset named by the
 * row (Mantine's Radio would add its stylesheet to every page's for this one list).
 */
function Ambiguous({
  entry,
  value,
  onChange,
}: {
  entry: ImportEntry;
  value: string | null;
  onChange: (itemId: string | null) => void;
}) {
  const t = useT();
  const name = `import-line-${entry.line}`;
  return (
    <fieldset className={classes.ambiguous}>
      <legend className={classes.legend}>{lineHeading(entry)}</legend>
      <Stack gap={6}>
        {(entry.candidates ?? []).map((item) => (
          <label key={item.item_id} className={classes.radioRow}>
            <input
              type="radio"
              name={name}
              value={item.item_id}
              checked={value === item.item_id}
              onChange={() => onChange(item.item_id)}
              aria-label={candidateName(item, t)}
              className={classes.radio}
            />
            <TitleWithPoster item={item} fallback={item.title} />
          </label>
        ))}
        <label className={classes.radioRow}>
          <input
            type="radio"
            name={name}
            value=""
            checked={value === null}
            onChange={() => onChange(null)}
            className={classes.radio}
          />
          <Text component="span" size="sm">
            {t(MESSAGES.noneOfThese)}
          </Text>
        </label>
      </Stack>
    </fieldset>
  );
}

function LeftOut({ summary, entries }: { summary: MessageDescriptor; entries: ImportEntry[] }): ReactNode {
  const t = useT();
  if (entries.length === 0) return null;
  return (
    <details className={classes.details}>
      <summary>{t(summary, { count: entries.length })}</summary>
      <ul className={classes.lines}>
        {entries.map((entry) => (
          <li key={entry.line}>{lineText(entry)}</li>
        ))}
      </ul>
    </details>
  );
}
