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
import { useSession } from '../../../lib/session';
import { useCreateRequest } from '../api/create-request';
import classes from './request-content-modal.module.css';

/** The spec's duration for the request toasts. */
const REQUEST_TOAST_MS = 3000;

/** The select's order, as the spec lists it. */
const MEDIA_OPTIONS = MEDIA_TYPE_ORDER.lists.map((value) => ({
  value,
  label: MEDIA_TYPE_LABELS[value],
}));

function isRequestMediaType(value: string | null): value is MediaType {
  return MEDIA_OPTIONS.some((option) => option.value === value);
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
        title: 'Error',
        message: REQUEST_MESSAGES.titleRequired,
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
            title: 'Request Submitted',
            message: 'Your request has been sent!',
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
            title: 'Error',
            message: 'Could not submit request. Try again.',
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
          <Modal.Title className={classes.title}>Request Missing Content</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="md">
              <Select
                label="Media Type"
                required
                data={MEDIA_OPTIONS}
                value={mediaType}
                onChange={(value) => {
                  if (isRequestMediaType(value)) setMediaType(value);
                }}
                allowDeselect={false}
                comboboxProps={{ hideDetached: false }}
              />
              <TextInput
                label="Title"
                required
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                maxLength={REQUEST_TITLE_MAX}
                data-autofocus
              />
              <Textarea
                label="Optional Extra Info"
                placeholder="Author, director, network, release year or a link"
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
                Submit Request
              </Button>
            </Stack>
          </form>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
