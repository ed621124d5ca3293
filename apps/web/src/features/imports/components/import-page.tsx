import { Anchor, Button, Center, Container, Group, Loader, Progress, Text, Title } from '@mantine/core';
import type { AppliedImport, Import } from '@releasebell/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MembersOnly } from '../../../components/members-only';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { useImport } from '../api/imports';
import { fileHeading, progressPercent } from '../import-rules';
import { DropZone } from './drop-zone';
import classes from './import-page.module.css';
import { ImportPreview } from './import-preview';
import { SectionHeading } from './section-heading';

const MESSAGES = {
  title: /*i18n*/ { id: 'imports.page.title', message: 'Import your lists' },
  signInPrompt: /*i18n*/ {
    id: 'imports.page.signInPrompt',
    message:
      'Sign in to bring the titles you are waiting for from Goodreads, StoryGraph, Letterboxd, IMDb, Trakt, Simkl or another Releasebell.',
  },
  intro: /*i18n*/ {
    id: 'imports.page.intro',
    message:
      'Bring the books, films and series you are waiting for from Goodreads, StoryGraph, Letterboxd, IMDb, Trakt or Simkl, or everything you had on another Releasebell: export your list there, then give us the file. You choose what joins your watchlist.',
  },
  howHeading: /*i18n*/ { id: 'imports.page.howHeading', message: 'Get your export' },
  site: /*i18n*/ { id: 'imports.page.site', message: '{site}:' },
  goodreadsSteps: /*i18n*/ {
    id: 'imports.page.goodreadsSteps',
    message: 'My Books → Import and export → Export library',
  },
  storygraphSteps: /*i18n*/ {
    id: 'imports.page.storygraphSteps',
    message: 'Manage Account → Export StoryGraph Library',
  },
  letterboxdSteps: /*i18n*/ {
    id: 'imports.page.letterboxdSteps',
    message: 'Settings → Import & Export → Export your data (the ZIP as it is, or its watchlist.csv)',
  },
  imdbSteps: /*i18n*/ { id: 'imports.page.imdbSteps', message: 'your Watchlist → ⋯ → Export' },
  traktSteps: /*i18n*/ {
    id: 'imports.page.traktSteps',
    message: 'the export of your data (the ZIP as it is, or a watchlist JSON file from it)',
  },
  simklSteps: /*i18n*/ {
    id: 'imports.page.simklSteps',
    message: 'a backup of your lists (the JSON file)',
  },
  releasebellSteps: /*i18n*/ {
    id: 'imports.page.releasebellSteps',
    message:
      'the data export of your account there (the ZIP as it is, or its releasebell.json): your watchlist and the series, people and authors you follow',
  },
  loading: /*i18n*/ { id: 'imports.page.loading', message: 'Loading your import' },
  notFound: /*i18n*/ { id: 'imports.page.notFound', message: 'This import was not found' },
  loadFailed: /*i18n*/ { id: 'imports.page.loadFailed', message: 'This import could not be loaded' },
  startAgain: /*i18n*/ { id: 'imports.page.startAgain', message: 'Start again with your export file.' },
  tryLater: /*i18n*/ { id: 'imports.page.tryLater', message: 'Please try again in a moment.' },
  failedHeading: /*i18n*/ { id: 'imports.page.failedHeading', message: 'Something went wrong' },
  failedText: /*i18n*/ {
    id: 'imports.page.failedText',
    message: 'We could not match this file. Please try again.',
  },
  appliedHeading: /*i18n*/ { id: 'imports.page.appliedHeading', message: 'This list is imported' },
  appliedText: /*i18n*/ {
    id: 'imports.page.appliedText',
    message: 'Its titles were added to your watchlist already.',
  },
  matchingLabel: /*i18n*/ { id: 'imports.page.matchingLabel', message: 'Matching your titles' },
  matchingStatus: /*i18n*/ { id: 'imports.page.matchingStatus', message: 'Matching… {percent}%' },
  matchingNote: /*i18n*/ {
    id: 'imports.page.matchingNote',
    message: 'We are looking for each title in our catalog. A long list takes a minute or two.',
  },
  added: /*i18n*/ {
    id: 'imports.page.added',
    message: 'Added {count, plural, one {# title} other {# titles}} to your watchlist',
  },
  nothingAdded: /*i18n*/ {
    id: 'imports.page.nothingAdded',
    message: 'Nothing new was added to your watchlist',
  },
  alreadyThere: /*i18n*/ {
    id: 'imports.page.alreadyThere',
    message: '{count, plural, one {# was already there.} other {# were already there.}}',
  },
  followingMore: /*i18n*/ { id: 'imports.page.followingMore', message: 'Following {count} more.' },
  goToWatchlist: /*i18n*/ { id: 'imports.page.goToWatchlist', message: 'Go to your watchlist' },
  seeFollows: /*i18n*/ { id: 'imports.page.seeFollows', message: 'See what you follow' },
  importAnother: /*i18n*/ { id: 'imports.page.importAnother', message: 'Import another file' },
  chooseAnother: /*i18n*/ { id: 'imports.page.chooseAnother', message: 'Choose another file' },
};

export function ImportListsPage() {
  const t = useT();
  const title = t(MESSAGES.title);
  usePageTitle(title);
  return (
    <MembersOnly title={title} prompt={t(MESSAGES.signInPrompt)}>
      {() => <ImportLists />}
    </MembersOnly>
  );
}

/** The import being looked at is in the address (`?id=`), so a reload or Back keeps the step. */
function ImportLists() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  // Steps shown after the page's first paint take focus when the old step's control went away.
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
  }, []);
  return (
    <Container size="md" py="xl">
      <Title order={1} mb="xs">
        {t(MESSAGES.title)}
      </Title>
      <Text c="dimmed" mb="lg">
        {t(MESSAGES.intro)}
      </Text>
      {id ? (
        <ImportStep id={id} focusOnShow={shown.current} onStartOver={() => setParams({})} />
      ) : (
        <>
          <HowToExport />
          <DropZone focusOnShow={shown.current} onUploaded={(created) => setParams({ id: created })} />
        </>
      )}
    </Container>
  );
}

/** Where each site keeps its export: its menus' own names, then our notes. */
const HOW_TO = [
  ['Goodreads', MESSAGES.goodreadsSteps],
  ['StoryGraph', MESSAGES.storygraphSteps],
  ['Letterboxd', MESSAGES.letterboxdSteps],
  ['IMDb', MESSAGES.imdbSteps],
  ['Trakt', MESSAGES.traktSteps],
  ['Simkl', MESSAGES.simklSteps],
  ['Releasebell', MESSAGES.releasebellSteps],
] as const;

function HowToExport() {
  const t = useT();
  return (
    <section aria-labelledby="import-how-heading" className={classes.section}>
      <Title order={2} size="h3" id="import-how-heading" mb="xs">
        {t(MESSAGES.howHeading)}
      </Title>
      <ul className={classes.how}>
        {HOW_TO.map(([site, steps]) => (
          <li key={site}>
            <strong>{t(MESSAGES.site, { site })}</strong> {t(steps)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ImportStep({
  id,
  focusOnShow,
  onStartOver,
}: {
  id: string;
  focusOnShow: boolean;
  onStartOver: () => void;
}) {
  const t = useT();
  const imported = useImport(id);
  // What applying answered: kept here, so a later read of the import (now `applied`) keeps it.
  const [applied, setApplied] = useState<AppliedImport | null>(null);

  if (applied) return <Done applied={applied} onStartOver={onStartOver} />;
  if (imported.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(MESSAGES.loading)} />
      </Center>
    );
  }
  if (imported.isError) {
    const gone = imported.error instanceof ApiError && [400, 404].includes(imported.error.status);
    return (
      <Ended
        heading={t(gone ? MESSAGES.notFound : MESSAGES.loadFailed)}
        text={t(gone ? MESSAGES.startAgain : MESSAGES.tryLater)}
        focusOnShow={focusOnShow}
        onStartOver={onStartOver}
      />
    );
  }
  const data = imported.data;
  switch (data.status) {
    case 'matching':
      return <Matching imported={data} focusOnShow={focusOnShow} />;
    case 'ready':
      return (
        <ImportPreview
          imported={data}
          onApplied={setApplied}
          onStartOver={onStartOver}
          focusOnShow={focusOnShow}
        />
      );
    case 'failed':
      return (
        <Ended
          heading={t(MESSAGES.failedHeading)}
          text={t(MESSAGES.failedText)}
          focusOnShow={focusOnShow}
          onStartOver={onStartOver}
        />
      );
    case 'applied':
      return (
        <Ended
          heading={t(MESSAGES.appliedHeading)}
          text={t(MESSAGES.appliedText)}
          focusOnShow={focusOnShow}
          onStartOver={onStartOver}
          links
        />
      );
  }
}

function Matching({ imported, focusOnShow }: { imported: Import; focusOnShow: boolean }) {
  const t = useT();
  const percent = progressPercent(imported);
  return (
    <section aria-labelledby="import-matching-heading" className={classes.section}>
      <SectionHeading id="import-matching-heading" focusOnShow={focusOnShow}>
        {fileHeading(imported)}
      </SectionHeading>
      <Progress value={percent} aria-label={t(MESSAGES.matchingLabel)} size="lg" radius="xl" my="sm" />
      <Text role="status" aria-live="polite" aria-atomic>
        {t(MESSAGES.matchingStatus, { percent })}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        {t(MESSAGES.matchingNote)}
      </Text>
    </section>
  );
}

function Done({ applied, onStartOver }: { applied: AppliedImport; onStartOver: () => void }) {
  const t = useT();
  return (
    <section aria-labelledby="import-done-heading" className={classes.done}>
      <IconCircleCheck size={36} aria-hidden className={classes.doneIcon} />
      <SectionHeading id="import-done-heading" focusOnShow>
        {applied.added > 0 ? t(MESSAGES.added, { count: applied.added }) : t(MESSAGES.nothingAdded)}
      </SectionHeading>
      {applied.already_tracked > 0 && (
        <Text>{t(MESSAGES.alreadyThere, { count: applied.already_tracked })}</Text>
      )}
      {applied.followed > 0 && <Text>{t(MESSAGES.followingMore, { count: applied.followed })}</Text>}
      <DoneLinks onStartOver={onStartOver} />
    </section>
  );
}

function DoneLinks({ onStartOver }: { onStartOver: () => void }) {
  const t = useT();
  return (
    <Group gap="sm" mt="md">
      <Button component={Link} to="/watchlist">
        {t(MESSAGES.goToWatchlist)}
      </Button>
      <Button component={Link} to="/following" variant="light">
        {t(MESSAGES.seeFollows)}
      </Button>
      <Anchor component="button" type="button" onClick={onStartOver}>
        {t(MESSAGES.importAnother)}
      </Anchor>
    </Group>
  );
}

/** A step with nothing more to do on this import: failed, gone, or applied before. */
function Ended({
  heading,
  text,
  focusOnShow,
  onStartOver,
  links = false,
}: {
  heading: string;
  text: string;
  focusOnShow: boolean;
  onStartOver: () => void;
  links?: boolean;
}) {
  const t = useT();
  return (
    <section aria-labelledby="import-ended-heading" className={classes.section}>
      <SectionHeading id="import-ended-heading" focusOnShow={focusOnShow}>
        {heading}
      </SectionHeading>
      <Text mb="md">{text}</Text>
      {links ? (
        <DoneLinks onStartOver={onStartOver} />
      ) : (
        <Button onClick={onStartOver}>{t(MESSAGES.chooseAnother)}</Button>
      )}
    </section>
  );
}
