import { Button, Loader, Text } from '@mantine/core';
import { IMPORT_MAX_BYTES } from '@releasebell/contract/constants';
import { IconAlertCircle, IconFileUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { uploadProblem, useUploadImport } from '../api/imports';
import { ACCEPTED_FILES, TOO_LARGE_MESSAGE } from '../import-rules';
import classes from './import-page.module.css';
import { SectionHeading } from './section-heading';

const MESSAGES = {
  heading: /*i18n*/ { id: 'imports.dropZone.heading', message: 'Upload your export' },
  sending: /*i18n*/ { id: 'imports.dropZone.sending', message: 'Sending {file}…' },
  dropHere: /*i18n*/ { id: 'imports.dropZone.dropHere', message: 'Drop your export here' },
  hint: /*i18n*/ { id: 'imports.dropZone.hint', message: 'A CSV, JSON or ZIP file, up to 10 MB.' },
  choose: /*i18n*/ { id: 'imports.dropZone.choose', message: 'Choose a file' },
};

const hasFiles = (event: DragEvent) => event.dataTransfer?.types?.includes('Files') ?? false;

/**
 * Where the member gives the export: dropped on the zone, or chosen with its file input (a real,
 * labelled input, reached with the keyboard; its label looks like a button). A file over the limit
 * is refused here, without sending it.
 */
export function DropZone({
  onUploaded,
  focusOnShow,
}: {
  onUploaded: (id: string) => void;
  focusOnShow: boolean;
}) {
  const t = useT();
  const upload = useUploadImport();
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState<string | null>(null);

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setProblem(t(TOO_LARGE_MESSAGE));
      return;
    }
    setProblem(null);
    setSending(file.name);
    upload.mutate(file, {
      onSuccess: (created) => onUploaded(created.id),
      onError: (error) => {
        console.warn(new Error('Import upload failed', { cause: error }));
        setProblem(uploadProblem(error));
        setSending(null);
      },
    });
  };

  const over = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  return (
    <section aria-labelledby="import-upload-heading" className={classes.section}>
      <SectionHeading id="import-upload-heading" focusOnShow={focusOnShow}>
        {t(MESSAGES.heading)}
      </SectionHeading>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is for the pointer only; the file input inside is the keyboard's way, and a screen reader's. */}
      <div
        className={classes.zone}
        data-dragging={dragging || undefined}
        onDragEnter={over}
        onDragOver={over}
        onDragLeave={(event) => {
          // Leaving for one of the zone's own children is not leaving the zone.
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          send(event.dataTransfer?.files?.[0]);
        }}
      >
        {sending ? (
          <>
            <Loader size="md" aria-hidden />
            <Text fw={600} role="status" className={classes.fileName}>
              {t(MESSAGES.sending, { file: sending })}
            </Text>
          </>
        ) : (
          <>
            <IconFileUpload size={40} stroke={1.5} aria-hidden className={classes.zoneIcon} />
            <Text fw={600}>{t(MESSAGES.dropHere)}</Text>
            <Text size="sm" c="dimmed" id="import-file-hint">
              {t(MESSAGES.hint)}
            </Text>
          </>
        )}
        <input
          id="import-file"
          type="file"
          accept={ACCEPTED_FILES}
          className={classes.fileInput}
          aria-describedby="import-file-hint import-file-problem"
          disabled={upload.isPending}
          onChange={(event) => {
            const input = event.currentTarget;
            send(input.files?.[0]);
            // The same file may be chosen again after a problem.
            input.value = '';
          }}
        />
        <Button
          component="label"
          htmlFor="import-file"
          variant="light"
          className={classes.chooseButton}
          data-disabled={upload.isPending || undefined}
        >
          {t(MESSAGES.choose)}
        </Button>
      </div>
      <div role="alert" id="import-file-problem" className={classes.problem}>
        {problem && (
          <>
            <IconAlertCircle size={18} aria-hidden />
            <span>{problem}</span>
          </>
        )}
      </div>
    </section>
  );
}
