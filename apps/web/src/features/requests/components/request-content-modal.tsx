import { Button, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  MEDIA_TYPE_LABELS,
  MEDIA_TYPE_ORDER,
  type MediaType,
  REQUEST_EXTRA_INFO_MAX,
  REQUEST_MESSAGES,
  REQUEST_TITLE_MAX,
} from '@releasebell/contract/constants';
import { IconSend } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useCreateRequest } from '../api/create-request';
import classes from './request-content-modal.module.css';

const MESSAGES = {
  error: /*i18n*/ { id: 'requests.modal.error', message: 'Error' },
  submitted: /*i18n*/ { id: 'requests.modal.submitted', message: 'Request Submitted' },
  sent: /*i18n*/ { id: 'requests.modal.sent', message: 'Your request has been sent!' },
  failed: /*i18n*/ { id: 'requests.modal.failed', message: 'Could not submit request. Try again.' },
  title: /*i18n*/ { id: 'requests.modal.title', message: 'Request Missing Content' },
  close: /*i18n*/ { id: 'requests.modal.close', message: 'Close' },
  mediaType: /*i18n*/ { id: 'requests.modal.mediaType', message: 'Media Type' },
  titleField: /*i18n*/ { id: 'requests.modal.titleField', message: 'Title' },
  extraInfo: /*i18n*/ { id: 'requests.modal.extraInfo', message: 'Optional Extra Info' },
  extraInfoHint: /*i18n*/ {
    id: 'requests.modal.extraInfoHint',
    message: 'Author, director, network, release year or a link',
  },
  submit: /*i18n*/ { id: 'requests.modal.submit', message: 'Submit Request' },
};

/** The spec's duration for the request toasts. */
const REQUEST_TOAST_MS = 3000;

/** The select's order, as the spec lists it. */
const MEDIA_OPTIONS: readonly MediaType[] = MEDIA_TYPE_ORDER.lists;

function isRequestMediaType(value: string | null): value is MediaType {
  return MEDIA_OPTIONS.some((option) => option === value);
}

export interface RequestContentModalProps {
  opened: boolean;
  onClose: () => void;
  /** Filled into the title field each time the modal opens (e.g. the search query). */
  initialTitle?: string;
  initialMediaType?: MediaType;
}

/** "Request Missing Content": asks the team to add a title the catalog lacks. Visitors may send it too. */
export function RequestContentModal({
  opened,
  onClose,
  initialTitle = '',
  initialMediaType = 'books',
}: RequestContentModalProps) {
  const t = useT();
  const { currentUser } = useSession();
  const request = useCreateRequest();
  const [mediaType, setMediaType] = useState<MediaType>(initialMediaType);
  const [title, setTitle] = useState(initialTitle);
  const [extraInfo, setExtraInfo] = useState('');

  // Each opening starts from the given values.
  useEffect(() => {
    if (!opened) return;
    setMediaType(initialMediaType);
    setTitle(initialTitle);
    setExtraInfo('');
  }, [opened, initialMediaType, initialTitle]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const trimmed = title.trim();
    if (!trimmed) {
      notifications.show({
        title: t(MESSAGES.error),
        message: t(REQUEST_MESSAGES.titleRequired),
        color: 'red',
        autoClose: REQUEST_TOAST_MS,
      });
      return;
    }
    request.mutate(
      {
        mediaType,
        title: trimmed,
        extraInfo,
        userId: currentUser?.id ?? null,
        createdAt: new Date().toISOString(),
      },
      {
        onSuccess: () => {
          notifications.show({
            title: t(MESSAGES.submitted),
            message: t(MESSAGES.sent),
            color: 'teal',
            autoClose: REQUEST_TOAST_MS,
          });
          setMediaType(initialMediaType);
          setTitle('');
          setExtraInfo('');
          onClose();
        },
        onError: (error) => {
          console.warn('Content request failed', error);
          notifications.show({
            title: t(MESSAGES.error),
            message: t(MESSAGES.failed),
            color: 'red',
            autoClose: REQUEST_TOAST_MS,
          });
        },
      },
    );
  };

  return (
    // Composed by hand so the title bar is a plain div: Mantine's <header> there reads as a second banner.
    <Modal.Root opened={opened} onClose={onClose} centered size="md">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title className={classes.title}>{t(MESSAGES.title)}</Modal.Title>
          <Modal.CloseButton aria-label={t(MESSAGES.close)} />
        </Modal.Header>
        <Modal.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Select
                label={t(MESSAGES.mediaType)}
                required
                data={MEDIA_OPTIONS.map((value) => ({ value, label: t(MEDIA_TYPE_LABELS[value]) }))}
                value={mediaType}
                onChange={(value) => {
                  if (isRequestMediaType(value)) setMediaType(value);
                }}
                allowDeselect={false}
                comboboxProps={{ hideDetached: false }}
              />
              <TextInput
                label={t(MESSAGES.titleField)}
                required
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                maxLength={REQUEST_TITLE_MAX}
                data-autofocus
              />
              <Textarea
                label={t(MESSAGES.extraInfo)}
                placeholder={t(MESSAGES.extraInfoHint)}
                value={extraInfo}
                onChange={(event) => setExtraInfo(event.currentTarget.value)}
                maxLength={REQUEST_EXTRA_INFO_MAX}
                rows={4}
              />
              <Button
                type="submit"
                fullWidth
                mt="xs"
                loading={request.isPending}
                leftSection={<IconSend size={16} aria-hidden />}
              >
                {t(MESSAGES.submit)}
              </Button>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
