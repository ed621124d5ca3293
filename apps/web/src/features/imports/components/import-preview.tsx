import { Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import type { AppliedImport, Import, ImportEntry, MediaItem, SuggestedFollow } from '@releasebell/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { MediaImage } from '../../../components/media-image';
import { formatReleaseDate, releaseYear } from '../../../lib/dates';
import { useApplyImport } from '../api/imports';
import {
  applyBody,
  applyLabel,
  groupEntries,
  type ImportSelection,
  lineText,
  plural,
  SOURCE_LABEL,
  titlesToAdd,
  titleWithYear,
} from '../import-rules';
import classes from './import-page.module.css';
import { SectionHeading } from './section-heading';

const KIND: Record<MediaItem['media_type'], string> = { tv_seasons: 'TV', movies: 'Movie', books: 'Book' };

/** "Book · Orla Penhallow · Mar 14, 2027": what tells one title from another. */
function itemFacts(item: MediaItem): string {
  const when = item.release_date
    ? formatReleaseDate(item.release_date, item.release_date_precision)
    : 'Date to be announced';
  return [KIND[item.media_type], item.creator, when].filter(Boolean).join(' · ');
}

/** "Dune (2026), Director: Denis Villeneuve": a candidate as a screen reader names it. */
function candidateName(item: MediaItem): string {
  const title = titleWithYear(item.title, releaseYear(item.release_date));
  if (!item.creator) return title;
  return `${title}, ${item.creator_label ? `${item.creator_label}: ` : 'by '}${item.creator}`;
}

/** A title with its small poster, inside a checkbox's or radio's label. */
function TitleWithPoster({ item, fallback }: { item: MediaItem | undefined; fallback: string }) {
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
            {itemFacts(item)}
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
  const apply = useApplyImport(imported.id);
  const [unticked, setUnticked] = useState<ReadonlySet<number>>(new Set());
  const [chosen, setChosen] = useState<Readonly<Record<number, string | null>>>({});
  const [follow, setFollow] = useState<ReadonlySet<string>>(new Set());
  const selection: ImportSelection = { unticked, chosen, follow };

  const groups = groupEntries(imported.entries);
  const titles = titlesToAdd(imported.entries, selection);
  const nothing = titles === 0 && follow.size === 0;
  const leftOut = groups.unmatched.length + groups.alreadyTracked.length + groups.skipped.length;

  const counts = [
    `${imported.matched} matched`,
    `${imported.ambiguous} to choose`,
    `${imported.unmatched} not found`,
    `${imported.already_tracked} already tracked`,
    ...(groups.skipped.length > 0 ? [`${groups.skipped.length} skipped`] : []),
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
            {SOURCE_LABEL[imported.source]}, {plural(imported.rows, 'row', 'rows')}
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
              Nothing in this file can be added to your watchlist: see below for why.
            </Text>
          )}
        </section>

        {groups.matched.length > 0 && (
          <section aria-labelledby="import-matched-heading">
            <Group justify="space-between" align="baseline" gap="xs" mb="xs">
              <Title order={2} size="h3" id="import-matched-heading">
                Matched ({groups.matched.length})
              </Title>
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() =>
                  setUnticked(allTicked ? new Set(groups.matched.map((e) => e.line)) : new Set())
                }
              >
                {allTicked ? 'Untick all' : 'Tick all'}
              </Button>
            </Group>
            <Text size="sm" c="dimmed" mb="sm">
              Titles still to come. Untick any you do not want on your watchlist.
            </Text>
            <ul className={classes.list} aria-label="Matched titles">
              {groups.matched.map((entry) => (
                <li key={entry.line} className={classes.row}>
                  <Checkbox
                    checked={!unticked.has(entry.line)}
                    onChange={() => setUnticked((current) => toggle(current, entry.line))}
                    aria-label={`Add ${entry.item?.title ?? entry.title}`}
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
              Choose the right title ({groups.ambiguous.length})
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              These rows match more than one title. Pick the one you mean, or none of them.
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
              Suggested follows
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Follow them and each new title of theirs joins your watchlist as soon as it is announced.
            </Text>
            <Stack gap="sm">
              {imported.suggested_follows.map((suggestion: SuggestedFollow) => (
                <Checkbox
                  key={suggestion.ref}
                  checked={follow.has(suggestion.ref)}
                  onChange={() => setFollow((current) => toggle(current, suggestion.ref))}
                  label={`Follow ${suggestion.name}`}
                  description={suggestion.because}
                />
              ))}
            </Stack>
          </section>
        )}

        {leftOut > 0 && (
          <section aria-labelledby="import-left-out-heading">
            <Title order={2} size="h3" id="import-left-out-heading" mb="xs">
              Not added
            </Title>
            <Stack gap="xs">
              <LeftOut summary="Not found" entries={groups.unmatched} />
              <LeftOut summary="Already on your watchlist" entries={groups.alreadyTracked} />
              <LeftOut summary="Skipped" entries={groups.skipped} />
            </Stack>
          </section>
        )}

        <div className={classes.actions}>
          <div role="alert" className={classes.problem}>
            {apply.isError && (
              <>
                <IconAlertCircle size={18} aria-hidden />
                <span>Your titles could not be added. Please try again.</span>
              </>
            )}
          </div>
          <Group gap="sm" justify="space-between">
            <Button variant="default" onClick={onStartOver} disabled={apply.isPending}>
              Start over
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
  const name = `import-line-${entry.line}`;
  return (
    <fieldset className={classes.ambiguous}>
      <legend
        className={classes.legend}
      >{`Line ${entry.line}: ${titleWithYear(entry.title, entry.year)}`}</legend>
      <Stack gap={6}>
        {(entry.candidates ?? []).map((item) => (
          <label key={item.item_id} className={classes.radioRow}>
            <input
              type="radio"
              name={name}
              value={item.item_id}
              checked={value === item.item_id}
              onChange={() => onChange(item.item_id)}
              aria-label={candidateName(item)}
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
            None of these
          </Text>
        </label>
      </Stack>
    </fieldset>
  );
}

function LeftOut({ summary, entries }: { summary: string; entries: ImportEntry[] }): ReactNode {
  if (entries.length === 0) return null;
  return (
    <details className={classes.details}>
      <summary>
        {summary} ({entries.length})
      </summary>
      <ul className={classes.lines}>
        {entries.map((entry) => (
          <li key={entry.line}>{lineText(entry)}</li>
        ))}
      </ul>
    </details>
  );
}
