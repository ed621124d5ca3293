import { Anchor, Button, Center, Container, Group, Loader, Progress, Text, Title } from '@mantine/core';
import type { AppliedImport, Import } from '@releasebell/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MembersOnly } from '../../../components/members-only';
import { ApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useImport } from '../api/imports';
import { plural, progressPercent, SOURCE_LABEL } from '../import-rules';
import { DropZone } from './drop-zone';
import classes from './import-page.module.css';
import { ImportPreview } from './import-preview';
import { SectionHeading } from './section-heading';

const TITLE = 'Import your lists';

export function ImportListsPage() {
  usePageTitle(TITLE);
  return (
    <MembersOnly
      title={TITLE}
      prompt="Sign in to bring the titles you are waiting for from Goodreads, StoryGraph, Letterboxd or IMDb."
    >
      {() => <ImportLists />}
    </MembersOnly>
  );
}

/** The import being looked at is in the address (`?id=`), so a reload or Back keeps the step. */
function ImportLists() {
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
        {TITLE}
      </Title>
      <Text c="dimmed" mb="lg">
        Bring the books, films and series you are waiting for from Goodreads, StoryGraph, Letterboxd or IMDb:
        export your list there, then give us the file. You choose what joins your watchlist.
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

function HowToExport() {
  return (
    <section aria-labelledby="import-how-heading" className={classes.section}>
      <Title order={2} size="h3" id="import-how-heading" mb="xs">
        Get your export
      </Title>
      <ul className={classes.how}>
        <li>
          <strong>Goodreads:</strong> My Books → Import and export → Export library
        </li>
        <li>
          <strong>StoryGraph:</strong> Manage Account → Export StoryGraph Library
        </li>
        <li>
          <strong>Letterboxd:</strong> Settings → Import &amp; Export → Export your data (the ZIP as it is, or
          its watchlist.csv)
        </li>
        <li>
          <strong>IMDb:</strong> your Watchlist → ⋯ → Export
        </li>
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
  const imported = useImport(id);
  // What applying answered: kept here, so a later read of the import (now `applied`) keeps it.
  const [applied, setApplied] = useState<AppliedImport | null>(null);

  if (applied) return <Done applied={applied} onStartOver={onStartOver} />;
  if (imported.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading your import" />
      </Center>
    );
  }
  if (imported.isError) {
    const gone = imported.error instanceof ApiError && [400, 404].includes(imported.error.status);
    return (
      <Ended
        heading={gone ? 'This import was not found' : 'This import could not be loaded'}
        text={gone ? 'Start again with your export file.' : 'Please try again in a moment.'}
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
          heading="Something went wrong"
          text="We could not match this file. Please try again."
          focusOnShow={focusOnShow}
          onStartOver={onStartOver}
        />
      );
    case 'applied':
      return (
        <Ended
          heading="This list is imported"
          text="Its titles were added to your watchlist already."
          focusOnShow={focusOnShow}
          onStartOver={onStartOver}
          links
        />
      );
  }
}

function Matching({ imported, focusOnShow }: { imported: Import; focusOnShow: boolean }) {
  const percent = progressPercent(imported);
  return (
    <section aria-labelledby="import-matching-heading" className={classes.section}>
      <SectionHeading id="import-matching-heading" focusOnShow={focusOnShow}>
        {SOURCE_LABEL[imported.source]}, {plural(imported.rows, 'row', 'rows')}
      </SectionHeading>
      <Progress value={percent} aria-label="Matching your titles" size="lg" radius="xl" my="sm" />
      <Text role="status" aria-live="polite" aria-atomic>
        {`Matching… ${percent}%`}
      </Text>
      <Text size="sm" c="dimmed" mt="xs">
        We are looking for each title in our catalog. A long list takes a minute or two.
      </Text>
    </section>
  );
}

function Done({ applied, onStartOver }: { applied: AppliedImport; onStartOver: () => void }) {
  return (
    <section aria-labelledby="import-done-heading" className={classes.done}>
      <IconCircleCheck size={36} aria-hidden className={classes.doneIcon} />
      <SectionHeading id="import-done-heading" focusOnShow>
        {applied.added > 0
          ? `Added ${plural(applied.added, 'title', 'titles')} to your watchlist`
          : 'Nothing new was added to your watchlist'}
      </SectionHeading>
      {applied.already_tracked > 0 && (
        <Text>
          {applied.already_tracked === 1
            ? '1 was already there.'
            : `${applied.already_tracked} were already there.`}
        </Text>
      )}
      {applied.followed > 0 && <Text>Following {applied.followed} more.</Text>}
      <DoneLinks onStartOver={onStartOver} />
    </section>
  );
}

function DoneLinks({ onStartOver }: { onStartOver: () => void }) {
  return (
    <Group gap="sm" mt="md">
      <Button component={Link} to="/watchlist">
        Go to your watchlist
      </Button>
      <Button component={Link} to="/following" variant="light">
        See what you follow
      </Button>
      <Anchor component="button" type="button" onClick={onStartOver}>
        Import another file
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
  return (
    <section aria-labelledby="import-ended-heading" className={classes.section}>
      <SectionHeading id="import-ended-heading" focusOnShow={focusOnShow}>
        {heading}
      </SectionHeading>
      <Text mb="md">{text}</Text>
      {links ? (
        <DoneLinks onStartOver={onStartOver} />
      ) : (
        <Button onClick={onStartOver}>Choose another file</Button>
      )}
    </section>
  );
}
