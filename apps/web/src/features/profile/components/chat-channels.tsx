import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ChannelAttempt, CreateChannelBody, MemberChannel } from '@releasebell/contract';
import {
  CHANNEL_TYPES,
  type ChannelType,
  MAX_CHANNELS,
  CHANNEL_SECRET_MESSAGE as SECRET_LENGTH_MESSAGE,
  CHANNEL_SECRET_MAX as SECRET_MAX,
  CHANNEL_SECRET_MIN as SECRET_MIN,
  WATCH_TEXTS,
} from '@releasebell/contract/constants';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import {
  useAddChannel,
  useChannelDeliveries,
  useChannels,
  useRemoveChannel,
  useTestChannel,
} from '../api/channels';

const TYPE_LABELS: Record<ChannelType, string> = { discord: 'Discord', ntfy: 'ntfy', webhook: 'Webhook' };

const URL_FIELDS: Record<ChannelType, { label: string; placeholder: string; help: string }> = {
  discord: {
    label: 'Discord webhook URL',
    placeholder: 'https://discord.com/api/webhooks/…',
    help: 'Server Settings → Integrations → Webhooks → Copy Webhook URL.',
  },
  ntfy: {
    label: 'ntfy topic URL',
    placeholder: 'https://ntfy.sh/your-topic',
    help: 'Any ntfy server. Subscribe to the same topic in the ntfy app.',
  },
  webhook: {
    label: 'Webhook URL',
    placeholder: 'https://example.com/releasebell',
    help: 'We POST a JSON event signed with your secret (X-Releasebell-Signature: t=…,v1=…).',
  },
};

const ATTEMPT_KIND_LABELS: Record<ChannelAttempt['kind'], string> = {
  released: 'Released',
  date_announced: 'Date announced',
  date_changed: 'Date changed',
  reminder: 'Reminder',
  request_resolved: 'Request added',
  new_title: 'New title',
  // Not in the contract yet (WATCH_TEXTS has no short label for the kind).
  available: WATCH_TEXTS.channelLogLabel,
  test: 'Test',
};

const STATUS_LABELS: Record<ChannelAttempt['status'], string> = {
  sent: 'Sent',
  retry: 'Retrying',
  failed: 'Failed',
};
const STATUS_COLORS: Record<ChannelAttempt['status'], string> = {
  sent: 'teal.4',
  retry: 'yellow.4',
  failed: 'red.4',
};

/** "Mar 14, 9:00" in the viewer's time zone; the year only when it is not this one. */
function formatWhen(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const date = at.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return `${date}, ${at.getHours()}:${String(at.getMinutes()).padStart(2, '0')}`;
}

function lastDeliveryText(last: MemberChannel['last_delivery']): string {
  if (!last) return 'No deliveries yet';
  if (last.status === 'sent') return `Last delivered ${formatWhen(last.at)}`;
  const what = last.status === 'retry' ? 'Retrying' : 'Last attempt failed';
  return last.error ? `${what}: ${last.error}` : `${what} (${formatWhen(last.at)})`;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** 32 base64url characters (192 bits): 256 byte values map evenly onto 64 characters. */
function generateSecret(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => BASE64URL[b & 63]).join('');
}

/**
 * The member's Discord, ntfy and webhook channels: each with its masked URL, last delivery, a test and
 * its recent attempts; and a form to add one, up to MAX_CHANNELS.
 */
export function ChatChannels() {
  const titleId = useId();
  const channels = useChannels();
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusAddButton, setFocusAddButton] = useState(false);

  // Once the form closes, focus goes back to the button that opened it rather than to the page.
  useEffect(() => {
    if (focusAddButton && addButton.current) {
      addButton.current.focus();
      setFocusAddButton(false);
    }
  });

  const close = () => {
    setAdding(false);
    setFocusAddButton(true);
  };

  const list = channels.data?.channels;

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        Chat and webhooks
      </Title>
      <Text size="sm" c="dimmed">
        Get your release notifications in Discord, on ntfy, or at your own webhook.
      </Text>
      {list ? (
        <>
          {list.length > 0 && <ChannelList channels={list} />}
          {list.length >= MAX_CHANNELS ? (
            <Text size="sm" c="dimmed">
              You can add up to {MAX_CHANNELS} channels.
            </Text>
          ) : list.length === 0 ? (
            <AddChannelForm onAdded={close} />
          ) : adding ? (
            <AddChannelForm onAdded={close} onCancel={close} autoFocus />
          ) : (
            <Group>
              <Button ref={addButton} variant="light" onClick={() => setAdding(true)}>
                Add a channel
              </Button>
            </Group>
          )}
        </>
      ) : channels.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red.4">
            Your channels could not be loaded.
          </Text>
          <Button size="xs" variant="subtle" loading={channels.isFetching} onClick={() => channels.refetch()}>
            Try again
          </Button>
        </Group>
      ) : (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            Loading your channels…
          </Text>
        </Group>
      )}
    </Stack>
  );
}

/** Two channels of one kind get numbers, so each button's name says which one it acts on. */
function ChannelList({ channels }: { channels: MemberChannel[] }) {
  const seen: Partial<Record<ChannelType, number>> = {};
  const named = channels.map((channel) => {
    const label = TYPE_LABELS[channel.type];
    const count = channels.filter((c) => c.type === channel.type).length;
    const n = (seen[channel.type] ?? 0) + 1;
    seen[channel.type] = n;
    return { channel, title: count > 1 ? `${label} ${n}` : label };
  });
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {named.map(({ channel, title }) => (
        <ChannelRow key={channel.id} channel={channel} title={title} />
      ))}
    </Stack>
  );
}

function ChannelRow({ channel, title }: { channel: MemberChannel; title: string }) {
  const name = `${title} channel`;
  const logId = useId();
  const [showLog, setShowLog] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const test = useTestChannel();
  const remove = useRemoveChannel();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const removeButton = useRef<HTMLButtonElement>(null);
  const askedOnce = useRef(false);

  // The question replaces the Remove button: focus moves to its safe answer, and back when it closes.
  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
    else if (askedOnce.current) removeButton.current?.focus();
    askedOnce.current ||= confirming;
  }, [confirming]);

  const sendTest = () =>
    test.mutate(channel.id, {
      onSuccess: (result) =>
        result.status === 'sent'
          ? notifications.show({ message: 'Test message sent.', color: 'teal', autoClose: 4000 })
          : notifications.show({
              message: `Test message not delivered: ${result.error ?? `HTTP ${result.http_status ?? 'error'}`}`,
              color: 'red',
              autoClose: 6000,
            }),
      onError: (error) =>
        notifications.show({
          title: 'Test message not sent',
          message: error instanceof ApiError ? error.message : 'Please try again in a moment.',
          color: 'red',
          autoClose: 5000,
        }),
    });

  const confirmRemove = () =>
    remove.mutate(channel.id, {
      onError: (error) => {
        setConfirming(false);
        notifications.show({
          title: 'Channel not removed',
          message: error instanceof ApiError ? error.message : 'Please try again in a moment.',
          color: 'red',
          autoClose: 5000,
        });
      },
    });

  const lastStatus = channel.last_delivery?.status;

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={name}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{title}</Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              aria-label={`Test ${name}`}
              loading={test.isPending}
              onClick={sendTest}
            >
              Test
            </Button>
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Recent deliveries of ${name}`}
              aria-expanded={showLog}
              aria-controls={showLog ? logId : undefined}
              onClick={() => setShowLog((open) => !open)}
            >
              Recent deliveries
            </Button>
            {!confirming && (
              <Button
                ref={removeButton}
                size="xs"
                variant="subtle"
                color="red"
                aria-label={`Remove ${name}`}
                onClick={() => setConfirming(true)}
              >
                Remove
              </Button>
            )}
          </Group>
        </Group>
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {channel.target}
        </Text>
        {/* An off channel says why below; its last failure would say the same again. */}
        {!channel.disabled && (
          <Text size="xs" c={lastStatus && lastStatus !== 'sent' ? STATUS_COLORS[lastStatus] : 'dimmed'}>
            {lastDeliveryText(channel.last_delivery)}
          </Text>
        )}
        {channel.disabled && (
          <Text size="sm" c="red.4">
            Turned off: {channel.disabled.reason}. Fix it, then press Test to turn it back on.
          </Text>
        )}
        {confirming && (
          <ConfirmRemove
            cancelRef={cancelButton}
            removing={remove.isPending}
            onRemove={confirmRemove}
            onCancel={() => setConfirming(false)}
          />
        )}
        {showLog && <DeliveryLog id={channel.id} logId={logId} />}
      </Stack>
    </Paper>
  );
}

function ConfirmRemove({
  cancelRef,
  removing,
  onRemove,
  onCancel,
}: {
  cancelRef: RefObject<HTMLButtonElement | null>;
  removing: boolean;
  onRemove: () => void;
  onCancel: () => void;
}) {
  const promptId = useId();
  return (
    <Group gap="xs" role="group" aria-labelledby={promptId}>
      <Text size="sm" id={promptId}>
        Remove this channel?
      </Text>
      <Button size="xs" color="red" loading={removing} onClick={onRemove}>
        Remove
      </Button>
      <Button ref={cancelRef} size="xs" variant="default" disabled={removing} onClick={onCancel}>
        Cancel
      </Button>
    </Group>
  );
}

function DeliveryLog({ id, logId }: { id: string; logId: string }) {
  const log = useChannelDeliveries(id, true);
  const body = log.data ? (
    log.data.deliveries.length === 0 ? (
      <Text size="xs" c="dimmed">
        No deliveries yet.
      </Text>
    ) : (
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {log.data.deliveries.map((a, i) => (
          // Attempts have no id; the log is newest first and read whole, so the position is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Text component="li" size="xs" key={i}>
            <Text span c="dimmed" size="xs">
              {formatWhen(a.at)}
            </Text>
            {' · '}
            {ATTEMPT_KIND_LABELS[a.kind]}
            {a.title && ` · ${a.title}`}
            {' · '}
            <Text span size="xs" c={STATUS_COLORS[a.status]}>
              {STATUS_LABELS[a.status]}
            </Text>
            {a.http_status !== null && ` · HTTP ${a.http_status}`}
            {a.error && ` · ${a.error}`}
          </Text>
        ))}
      </Stack>
    )
  ) : log.isError ? (
    <Text size="xs" c="red.4">
      Recent deliveries could not be loaded.
    </Text>
  ) : (
    <Text size="xs" c="dimmed">
      Loading recent deliveries…
    </Text>
  );
  return (
    <Stack gap={4} id={logId} mt={4}>
      <Text size="xs" fw={600}>
        Recent deliveries
      </Text>
      {body}
    </Stack>
  );
}

interface FieldErrors {
  url?: string;
  secret?: string;
  form?: string;
}

function AddChannelForm({
  onAdded,
  onCancel,
  autoFocus = false,
}: {
  onAdded: () => void;
  onCancel?: () => void;
  /** Opened by its button: focus goes to the URL (not when the form is simply there on load). */
  autoFocus?: boolean;
}) {
  const kindLabelId = useId();
  const [type, setType] = useState<ChannelType>('discord');
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const add = useAddChannel();
  const urlInput = useRef<HTMLInputElement>(null);
  const field = URL_FIELDS[type];

  useEffect(() => {
    if (autoFocus) urlInput.current?.focus();
  }, [autoFocus]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedSecret = secret.trim();
    const problems: FieldErrors = {};
    if (url.trim() === '') problems.url = 'Enter the URL.';
    // The server's checks too, so a short secret is refused before it is sent; ntfy's token is optional.
    const secretRequired = type === 'webhook';
    if (
      type !== 'discord' &&
      (secretRequired || trimmedSecret !== '') &&
      (trimmedSecret.length < SECRET_MIN || trimmedSecret.length > SECRET_MAX)
    )
      problems.secret = SECRET_LENGTH_MESSAGE;
    setErrors(problems);
    if (problems.url || problems.secret) return;

    const body: CreateChannelBody = {
      type,
      url: url.trim(),
      ...(type !== 'discord' && trimmedSecret !== '' ? { secret: trimmedSecret } : {}),
    };
    // Awaited rather than given callbacks: the first channel replaces the form with the list, and a
    // mutate callback would not run once the form is gone.
    add.mutateAsync(body).then(
      () => {
        setUrl('');
        setSecret('');
        setType('discord');
        setErrors({});
        notifications.show({ message: 'Channel added.', color: 'teal', autoClose: 3000 });
        onAdded();
      },
      (error: unknown) => {
        if (!(error instanceof ApiError)) {
          setErrors({ form: 'Please try again in a moment.' });
          return;
        }
        // The server names the field; a message for a field this form does not show goes on top.
        const next: FieldErrors = {};
        for (const d of error.details) {
          if (d.field === 'url' || d.field === 'secret') next[d.field] = d.message;
          else next.form = `${d.field} ${d.message}`;
        }
        if (error.details.length === 0) next.form = error.message;
        setErrors(next);
      },
    );
  };

  return (
    <Paper
      component="form"
      withBorder
      radius="md"
      p="sm"
      noValidate
      onSubmit={submit}
      aria-label="Add a channel"
    >
      <Stack gap="sm">
        {errors.form && (
          <Alert color="red" title="Channel not added">
            {errors.form}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id={kindLabelId}>
            Kind of channel
          </Text>
          <SegmentedControl
            aria-labelledby={kindLabelId}
            value={type}
            onChange={(value) => {
              const next = CHANNEL_TYPES.find((t) => t === value);
              if (next) setType(next);
              setErrors({});
            }}
            data={CHANNEL_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            disabled={add.isPending}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
        <TextInput
          ref={urlInput}
          label={field.label}
          placeholder={field.placeholder}
          description={field.help}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          value={url}
          error={errors.url}
          disabled={add.isPending}
          onChange={(e) => setUrl(e.currentTarget.value)}
        />
        {type !== 'discord' && (
          <TextInput
            label={type === 'webhook' ? 'Signing secret' : 'Access token (optional)'}
            description={
              type === 'webhook'
                ? `${SECRET_MIN} to ${SECRET_MAX} characters. Keep a copy for your server: it is not shown again.`
                : 'Only for a protected topic.'
            }
            required={type === 'webhook'}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            value={secret}
            error={errors.secret}
            disabled={add.isPending}
            onChange={(e) => setSecret(e.currentTarget.value)}
            rightSectionWidth={96}
            rightSectionPointerEvents="all"
            rightSection={
              type === 'webhook' && (
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label="Generate a signing secret"
                  disabled={add.isPending}
                  onClick={() => {
                    setSecret(generateSecret());
                    setErrors((e) => ({ ...e, secret: undefined }));
                  }}
                >
                  Generate
                </Button>
              )
            }
          />
        )}
        <Group gap="xs">
          <Button type="submit" loading={add.isPending}>
            Add channel
          </Button>
          {onCancel && (
            <Button variant="subtle" disabled={add.isPending} onClick={onCancel}>
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
