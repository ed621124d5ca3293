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
import type { MessageDescriptor } from '@releasebell/contract/i18n';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { type Translate, useLanguage, useT } from '../../../lib/i18n';
import {
  useAddChannel,
  useChannelDeliveries,
  useChannels,
  useRemoveChannel,
  useTestChannel,
} from '../api/channels';

const MESSAGES = {
  title: /*i18n*/ { id: 'profile.chatChannels.title', message: 'Chat and webhooks' },
  intro: /*i18n*/ {
    id: 'profile.chatChannels.intro',
    message: 'Get your release notifications in Discord, on ntfy, or at your own webhook.',
  },
  limit: /*i18n*/ {
    id: 'profile.chatChannels.limit',
    message: 'You can add up to {max, plural, one {# channel} other {# channels}}.',
  },
  addAChannel: /*i18n*/ { id: 'profile.chatChannels.addAChannel', message: 'Add a channel' },
  loadFailed: /*i18n*/ {
    id: 'profile.chatChannels.loadFailed',
    message: 'Your channels could not be loaded.',
  },
  tryAgain: /*i18n*/ { id: 'profile.chatChannels.tryAgain', message: 'Try again' },
  loading: /*i18n*/ { id: 'profile.chatChannels.loading', message: 'Loading your channels…' },
  discordUrl: /*i18n*/ { id: 'profile.chatChannels.discordUrl', message: 'Discord webhook URL' },
  discordHelp: /*i18n*/ {
    id: 'profile.chatChannels.discordHelp',
    message: 'Server Settings → Integrations → Webhooks → Copy Webhook URL.',
  },
  ntfyUrl: /*i18n*/ { id: 'profile.chatChannels.ntfyUrl', message: 'ntfy topic URL' },
  ntfyHelp: /*i18n*/ {
    id: 'profile.chatChannels.ntfyHelp',
    message: 'Any ntfy server. Subscribe to the same topic in the ntfy app.',
  },
  webhookUrl: /*i18n*/ { id: 'profile.chatChannels.webhookUrl', message: 'Webhook URL' },
  webhookHelp: /*i18n*/ {
    id: 'profile.chatChannels.webhookHelp',
    message: 'We POST a JSON event signed with your secret (X-Releasebell-Signature: t=…,v1=…).',
  },
  kindReleased: /*i18n*/ { id: 'profile.chatChannels.kindReleased', message: 'Released' },
  kindDateAnnounced: /*i18n*/ { id: 'profile.chatChannels.kindDateAnnounced', message: 'Date announced' },
  kindDateChanged: /*i18n*/ { id: 'profile.chatChannels.kindDateChanged', message: 'Date changed' },
  kindReminder: /*i18n*/ { id: 'profile.chatChannels.kindReminder', message: 'Reminder' },
  kindRequestResolved: /*i18n*/ { id: 'profile.chatChannels.kindRequestResolved', message: 'Request added' },
  kindNewTitle: /*i18n*/ { id: 'profile.chatChannels.kindNewTitle', message: 'New title' },
  kindTest: /*i18n*/ { id: 'profile.chatChannels.kindTest', message: 'Test' },
  statusSent: /*i18n*/ { id: 'profile.chatChannels.statusSent', message: 'Sent' },
  statusRetry: /*i18n*/ { id: 'profile.chatChannels.statusRetry', message: 'Retrying' },
  statusFailed: /*i18n*/ { id: 'profile.chatChannels.statusFailed', message: 'Failed' },
  when: /*i18n*/ { id: 'profile.chatChannels.when', message: '{date}, {time}' },
  noDeliveries: /*i18n*/ { id: 'profile.chatChannels.noDeliveries', message: 'No deliveries yet' },
  lastDelivered: /*i18n*/ { id: 'profile.chatChannels.lastDelivered', message: 'Last delivered {when}' },
  lastFailed: /*i18n*/ { id: 'profile.chatChannels.lastFailed', message: 'Last attempt failed' },
  problemWithError: /*i18n*/ { id: 'profile.chatChannels.problemWithError', message: '{what}: {error}' },
  problemAt: /*i18n*/ { id: 'profile.chatChannels.problemAt', message: '{what} ({when})' },
  channel: /*i18n*/ { id: 'profile.chatChannels.channel', message: '{title} channel' },
  testChannel: /*i18n*/ { id: 'profile.chatChannels.testChannel', message: 'Test {title} channel' },
  deliveriesOf: /*i18n*/ {
    id: 'profile.chatChannels.deliveriesOf',
    message: 'Recent deliveries of {title} channel',
  },
  removeChannel: /*i18n*/ { id: 'profile.chatChannels.removeChannel', message: 'Remove {title} channel' },
  test: /*i18n*/ { id: 'profile.chatChannels.test', message: 'Test' },
  recentDeliveries: /*i18n*/ { id: 'profile.chatChannels.recentDeliveries', message: 'Recent deliveries' },
  remove: /*i18n*/ { id: 'profile.chatChannels.remove', message: 'Remove' },
  testSent: /*i18n*/ { id: 'profile.chatChannels.testSent', message: 'Test message sent.' },
  testNotDelivered: /*i18n*/ {
    id: 'profile.chatChannels.testNotDelivered',
    message: 'Test message not delivered: {reason}',
  },
  testNotSent: /*i18n*/ { id: 'profile.chatChannels.testNotSent', message: 'Test message not sent' },
  notRemoved: /*i18n*/ { id: 'profile.chatChannels.notRemoved', message: 'Channel not removed' },
  tryLater: /*i18n*/ { id: 'profile.chatChannels.tryLater', message: 'Please try again in a moment.' },
  turnedOff: /*i18n*/ {
    id: 'profile.chatChannels.turnedOff',
    message: 'Turned off: {reason}. Fix it, then press Test to turn it back on.',
  },
  removeQuestion: /*i18n*/ { id: 'profile.chatChannels.removeQuestion', message: 'Remove this channel?' },
  cancel: /*i18n*/ { id: 'profile.chatChannels.cancel', message: 'Cancel' },
  noDeliveriesYet: /*i18n*/ { id: 'profile.chatChannels.noDeliveriesYet', message: 'No deliveries yet.' },
  logFailed: /*i18n*/ {
    id: 'profile.chatChannels.logFailed',
    message: 'Recent deliveries could not be loaded.',
  },
  logLoading: /*i18n*/ { id: 'profile.chatChannels.logLoading', message: 'Loading recent deliveries…' },
  enterUrl: /*i18n*/ { id: 'profile.chatChannels.enterUrl', message: 'Enter the URL.' },
  added: /*i18n*/ { id: 'profile.chatChannels.added', message: 'Channel added.' },
  notAdded: /*i18n*/ { id: 'profile.chatChannels.notAdded', message: 'Channel not added' },
  kindOfChannel: /*i18n*/ { id: 'profile.chatChannels.kindOfChannel', message: 'Kind of channel' },
  signingSecret: /*i18n*/ { id: 'profile.chatChannels.signingSecret', message: 'Signing secret' },
  accessToken: /*i18n*/ { id: 'profile.chatChannels.accessToken', message: 'Access token (optional)' },
  secretHelp: /*i18n*/ {
    id: 'profile.chatChannels.secretHelp',
    message: '{min} to {max} characters. Keep a copy for your server: it is not shown again.',
  },
  tokenHelp: /*i18n*/ { id: 'profile.chatChannels.tokenHelp', message: 'Only for a protected topic.' },
  generateSecret: /*i18n*/ {
    id: 'profile.chatChannels.generateSecret',
    message: 'Generate a signing secret',
  },
  generate: /*i18n*/ { id: 'profile.chatChannels.generate', message: 'Generate' },
  addChannel: /*i18n*/ { id: 'profile.chatChannels.addChannel', message: 'Add channel' },
};

// Brand names and the technical term, written the same in every language.
const TYPE_LABELS: Record<ChannelType, string> = { discord: 'Discord', ntfy: 'ntfy', webhook: 'Webhook' };

const URL_FIELDS: Record<
  ChannelType,
  { label: MessageDescriptor; placeholder: string; help: MessageDescriptor }
> = {
  discord: {
    label: MESSAGES.discordUrl,
    placeholder: 'https://discord.com/api/webhooks/…',
    help: MESSAGES.discordHelp,
  },
  ntfy: {
    label: MESSAGES.ntfyUrl,
    placeholder: 'https://ntfy.sh/your-topic',
    help: MESSAGES.ntfyHelp,
  },
  webhook: {
    label: MESSAGES.webhookUrl,
    placeholder: 'https://example.com/releasebell',
    help: MESSAGES.webhookHelp,
  },
};

const ATTEMPT_KIND_LABELS: Record<ChannelAttempt['kind'], MessageDescriptor> = {
  released: MESSAGES.kindReleased,
  date_announced: MESSAGES.kindDateAnnounced,
  date_changed: MESSAGES.kindDateChanged,
  reminder: MESSAGES.kindReminder,
  request_resolved: MESSAGES.kindRequestResolved,
  new_title: MESSAGES.kindNewTitle,
  available: WATCH_TEXTS.channelLogLabel,
  test: MESSAGES.kindTest,
};

const STATUS_LABELS: Record<ChannelAttempt['status'], MessageDescriptor> = {
  sent: MESSAGES.statusSent,
  retry: MESSAGES.statusRetry,
  failed: MESSAGES.statusFailed,
};
const STATUS_COLORS: Record<ChannelAttempt['status'], string> = {
  sent: 'teal.4',
  retry: 'yellow.4',
  failed: 'red.4',
};

/** "Mar 14, 9:00" in the viewer's time zone and language; the year only when it is not this one. */
function formatWhen(t: Translate, language: string, iso: string, now = new Date()): string {
  const at = new Date(iso);
  const date = at.toLocaleDateString(language, {
    month: 'short',
    day: 'numeric',
    ...(at.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  });
  return t(MESSAGES.when, { date, time: `${at.getHours()}:${String(at.getMinutes()).padStart(2, '0')}` });
}

function lastDeliveryText(t: Translate, language: string, last: MemberChannel['last_delivery']): string {
  if (!last) return t(MESSAGES.noDeliveries);
  if (last.status === 'sent') return t(MESSAGES.lastDelivered, { when: formatWhen(t, language, last.at) });
  const what = t(last.status === 'retry' ? MESSAGES.statusRetry : MESSAGES.lastFailed);
  return last.error
    ? t(MESSAGES.problemWithError, { what, error: last.error })
    : t(MESSAGES.problemAt, { what, when: formatWhen(t, language, last.at) });
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
  const t = useT();

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
        {t(MESSAGES.title)}
      </Title>
      <Text size="sm" c="dimmed">
        {t(MESSAGES.intro)}
      </Text>
      {list ? (
        <>
          {list.length > 0 && <ChannelList channels={list} />}
          {list.length >= MAX_CHANNELS ? (
            <Text size="sm" c="dimmed">
              {t(MESSAGES.limit, { max: MAX_CHANNELS })}
            </Text>
          ) : list.length === 0 ? (
            <AddChannelForm onAdded={close} />
          ) : adding ? (
            <AddChannelForm onAdded={close} onCancel={close} autoFocus />
          ) : (
            <Group>
              <Button ref={addButton} variant="light" onClick={() => setAdding(true)}>
                {t(MESSAGES.addAChannel)}
              </Button>
            </Group>
          )}
        </>
      ) : channels.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red.4">
            {t(MESSAGES.loadFailed)}
          </Text>
          <Button size="xs" variant="subtle" loading={channels.isFetching} onClick={() => channels.refetch()}>
            {t(MESSAGES.tryAgain)}
          </Button>
        </Group>
      ) : (
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {t(MESSAGES.loading)}
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
  const t = useT();
  const { language } = useLanguage();
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
          ? notifications.show({ message: t(MESSAGES.testSent), color: 'teal', autoClose: 4000 })
          : notifications.show({
              message: t(MESSAGES.testNotDelivered, {
                reason: result.error ?? `HTTP ${result.http_status ?? 'error'}`,
              }),
              color: 'red',
              autoClose: 6000,
            }),
      onError: (error) =>
        notifications.show({
          title: t(MESSAGES.testNotSent),
          message: error instanceof ApiError ? error.message : t(MESSAGES.tryLater),
          color: 'red',
          autoClose: 5000,
        }),
    });

  const confirmRemove = () =>
    remove.mutate(channel.id, {
      onError: (error) => {
        setConfirming(false);
        notifications.show({
          title: t(MESSAGES.notRemoved),
          message: error instanceof ApiError ? error.message : t(MESSAGES.tryLater),
          color: 'red',
          autoClose: 5000,
        });
      },
    });

  const lastStatus = channel.last_delivery?.status;

  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={t(MESSAGES.channel, { title })}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{title}</Text>
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              aria-label={t(MESSAGES.testChannel, { title })}
              loading={test.isPending}
              onClick={sendTest}
            >
              {t(MESSAGES.test)}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              aria-label={t(MESSAGES.deliveriesOf, { title })}
              aria-expanded={showLog}
              aria-controls={showLog ? logId : undefined}
              onClick={() => setShowLog((open) => !open)}
            >
              {t(MESSAGES.recentDeliveries)}
            </Button>
            {!confirming && (
              <Button
                ref={removeButton}
                size="xs"
                variant="subtle"
                color="red"
                aria-label={t(MESSAGES.removeChannel, { title })}
                onClick={() => setConfirming(true)}
              >
                {t(MESSAGES.remove)}
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
            {lastDeliveryText(t, language, channel.last_delivery)}
          </Text>
        )}
        {channel.disabled && (
          <Text size="sm" c="red.4">
            {t(MESSAGES.turnedOff, { reason: channel.disabled.reason })}
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
  const t = useT();
  return (
    <Group gap="xs" role="group" aria-labelledby={promptId}>
      <Text size="sm" id={promptId}>
        {t(MESSAGES.removeQuestion)}
      </Text>
      <Button size="xs" color="red" loading={removing} onClick={onRemove}>
        {t(MESSAGES.remove)}
      </Button>
      <Button ref={cancelRef} size="xs" variant="default" disabled={removing} onClick={onCancel}>
        {t(MESSAGES.cancel)}
      </Button>
    </Group>
  );
}

function DeliveryLog({ id, logId }: { id: string; logId: string }) {
  const log = useChannelDeliveries(id, true);
  const t = useT();
  const { language } = useLanguage();
  const kindLabel = (kind: ChannelAttempt['kind']) => t(ATTEMPT_KIND_LABELS[kind]);
  const body = log.data ? (
    log.data.deliveries.length === 0 ? (
      <Text size="xs" c="dimmed">
        {t(MESSAGES.noDeliveriesYet)}
      </Text>
    ) : (
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {log.data.deliveries.map((a, i) => (
          // Attempts have no id; the log is newest first and read whole, so the position is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <Text component="li" size="xs" key={i}>
            <Text span c="dimmed" size="xs">
              {formatWhen(t, language, a.at)}
            </Text>
            {' · '}
            {kindLabel(a.kind)}
            {a.title && ` · ${a.title}`}
            {' · '}
            <Text span size="xs" c={STATUS_COLORS[a.status]}>
              {t(STATUS_LABELS[a.status])}
            </Text>
            {a.http_status !== null && ` · HTTP ${a.http_status}`}
            {a.error && ` · ${a.error}`}
          </Text>
        ))}
      </Stack>
    )
  ) : log.isError ? (
    <Text size="xs" c="red.4">
      {t(MESSAGES.logFailed)}
    </Text>
  ) : (
    <Text size="xs" c="dimmed">
      {t(MESSAGES.logLoading)}
    </Text>
  );
  return (
    <Stack gap={4} id={logId} mt={4}>
      <Text size="xs" fw={600}>
        {t(MESSAGES.recentDeliveries)}
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
  const t = useT();

  useEffect(() => {
    if (autoFocus) urlInput.current?.focus();
  }, [autoFocus]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedSecret = secret.trim();
    const problems: FieldErrors = {};
    if (url.trim() === '') problems.url = t(MESSAGES.enterUrl);
    // The server's checks too, so a short secret is refused before it is sent; ntfy's token is optional.
    const secretRequired = type === 'webhook';
    if (
      type !== 'discord' &&
      (secretRequired || trimmedSecret !== '') &&
      (trimmedSecret.length < SECRET_MIN || trimmedSecret.length > SECRET_MAX)
    )
      problems.secret = t(SECRET_LENGTH_MESSAGE);
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
        notifications.show({ message: t(MESSAGES.added), color: 'teal', autoClose: 3000 });
        onAdded();
      },
      (error: unknown) => {
        if (!(error instanceof ApiError)) {
          setErrors({ form: t(MESSAGES.tryLater) });
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
      aria-label={t(MESSAGES.addAChannel)}
    >
      <Stack gap="sm">
        {errors.form && (
          <Alert color="red" title={t(MESSAGES.notAdded)}>
            {errors.form}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id={kindLabelId}>
            {t(MESSAGES.kindOfChannel)}
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
          label={t(field.label)}
          placeholder={field.placeholder}
          description={t(field.help)}
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
            label={t(type === 'webhook' ? MESSAGES.signingSecret : MESSAGES.accessToken)}
            description={
              type === 'webhook'
                ? t(MESSAGES.secretHelp, { min: SECRET_MIN, max: SECRET_MAX })
                : t(MESSAGES.tokenHelp)
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
                  aria-label={t(MESSAGES.generateSecret)}
                  disabled={add.isPending}
                  onClick={() => {
                    setSecret(generateSecret());
                    setErrors((e) => ({ ...e, secret: undefined }));
                  }}
                >
                  {t(MESSAGES.generate)}
                </Button>
              )
            }
          />
        )}
        <Group gap="xs">
          <Button type="submit" loading={add.isPending}>
            {t(MESSAGES.addChannel)}
          </Button>
          {onCancel && (
            <Button variant="subtle" disabled={add.isPending} onClick={onCancel}>
              {t(MESSAGES.cancel)}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
