import { Notifications, notifications } from '@mantine/notifications';
import type { ChannelAttempt, ChannelTestResult, MemberChannel } from '@releasebell/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { ChatChannels } from './chat-channels';

function makeMemberChannel(overrides: Partial<MemberChannel> = {}): MemberChannel {
  return {
    id: 'c-1',
    type: 'discord',
    target: 'https://discord.com/api/webhooks/1234/••••••',
    created_at: '2026-03-01T10:00:00.000Z',
    disabled: null,
    last_delivery: null,
    ...overrides,
  };
}

type Routes = Parameters<typeof stubApiRoutes>[0];

/** The channels API over a stored list: POST adds (unless a route overrides it), DELETE removes. */
function stubChannelsApi(initial: MemberChannel[], overrides: Routes = {}) {
  let stored = [...initial];
  const routes: Routes = {
    'GET /api/channels': () => ({ status: 200, body: { channels: stored } }),
    'POST /api/channels': (body) => {
      const { type } = body as { type: MemberChannel['type'] };
      const hook = makeMemberChannel({
        id: `c-${stored.length + 1}`,
        type,
        target: 'https://example.com/••••',
      });
      stored = [...stored, hook];
      return { status: 201, body: hook };
    },
    ...Object.fromEntries(
      initial.map((h) => [
        `DELETE /api/channels/${h.id}`,
        () => {
          stored = stored.filter((s) => s.id !== h.id);
          return { status: 204 };
        },
      ]),
    ),
    ...overrides,
  };
  return stubApiRoutes(routes);
}

async function renderChannels() {
  const view = renderWithProviders(
    <>
      <Notifications />
      <ChatChannels />
    </>,
    { user: MEMBER, route: '/profile' },
  );
  await waitFor(() => expect(screen.queryByText('Loading your channels…')).not.toBeInTheDocument());
  return view;
}

const chooseKind = (name: string) => fireEvent.click(screen.getByRole('radio', { name }));
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add channel' }));

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ChatChannels', () => {
  it('shows the form straight away when the member has no channel', async () => {
    stubChannelsApi([]);
    await renderChannels();
    expect(screen.getByRole('heading', { level: 2, name: 'Chat and webhooks' })).toBeInTheDocument();
    expect(
      screen.getByText('Get your release notifications in Discord, on ntfy, or at your own webhook.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Kind of channel' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Discord' })).toBeChecked();
    const url = screen.getByLabelText(/^Discord webhook URL/);
    expect(url).toHaveAttribute('placeholder', 'https://discord.com/api/webhooks/…');
    expect(url).toHaveAccessibleDescription('Server Settings → Integrations → Webhooks → Copy Webhook URL.');
    expect(screen.queryByLabelText(/secret|token/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a channel' })).not.toBeInTheDocument();

    chooseKind('ntfy');
    expect(screen.getByLabelText(/^ntfy topic URL/)).toHaveAttribute(
      'placeholder',
      'https://ntfy.sh/your-topic',
    );
    expect(screen.getByLabelText(/^Access token \(optional\)/)).not.toBeRequired();
  });

  it('refuses an empty URL and a webhook without a secret before sending anything', async () => {
    const api = stubChannelsApi([]);
    await renderChannels();
    chooseKind('Webhook');
    expect(screen.getByLabelText(/^Signing secret/)).toBeRequired();
    submit();
    expect(await screen.findByText('Enter the URL.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Signing secret/)).toHaveAccessibleDescription(
      /must be 16 to 200 characters/,
    );

    type(/^Webhook URL/, 'https://example.com/releasebell');
    type(/^Signing secret/, 'too-short');
    submit();
    expect(await screen.findByText('must be 16 to 200 characters')).toBeInTheDocument();
    expect(screen.queryByText('Enter the URL.')).not.toBeInTheDocument();
    expect(api.called('POST', '/api/channels')).toHaveLength(0);
  });

  it('generates a signing secret and sends it with the webhook', async () => {
    const api = stubChannelsApi([]);
    await renderChannels();
    chooseKind('Webhook');
    type(/^Webhook URL/, ' https://example.com/releasebell ');
    fireEvent.click(screen.getByRole('button', { name: 'Generate a signing secret' }));
    const secret = (screen.getByLabelText(/^Signing secret/) as HTMLInputElement).value;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{32}$/);

    submit();
    expect(await screen.findByText('Channel added.')).toBeInTheDocument();
    expect(api.called('POST', '/api/channels')[0]?.body).toEqual({
      type: 'webhook',
      url: 'https://example.com/releasebell',
      secret,
    });
    // The form closes behind its button, and the list shows the new channel.
    expect(await screen.findByRole('button', { name: 'Add a channel' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Signing secret/)).not.toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Webhook channel' })).toBeInTheDocument();
  });

  it("shows the server's answer under the field it names, and other refusals above the form", async () => {
    let answer = {
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Invalid request.',
          details: [{ field: 'url', message: 'must be a public address' }],
        },
      },
    };
    const api = stubChannelsApi([], { 'POST /api/channels': () => answer });
    await renderChannels();
    type(/^Discord webhook URL/, 'https://10.0.0.1/api/webhooks/1/abc');
    submit();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Discord webhook URL/)).toHaveAccessibleDescription(
        /must be a public address/,
      ),
    );
    expect(api.called('POST', '/api/channels')[0]?.body).toEqual({
      type: 'discord',
      url: 'https://10.0.0.1/api/webhooks/1/abc',
    });

    answer = {
      status: 409,
      body: { error: { code: 'TOO_MANY_CHANNELS', message: 'You can add at most 5 channels.', details: [] } },
    };
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Channel not added');
    expect(alert).toHaveTextContent('You can add at most 5 channels.');
    expect(screen.getByLabelText(/^Discord webhook URL/)).toHaveValue('https://10.0.0.1/api/webhooks/1/abc');
  });

  it("lists each channel's kind, masked target and last delivery, and why a channel was turned off", async () => {
    stubChannelsApi([
      makeMemberChannel({ last_delivery: { status: 'sent', at: '2026-03-14T09:00:00-04:00', error: null } }),
      makeMemberChannel({
        id: 'c-2',
        type: 'webhook',
        target: 'https://example.com/hook',
        disabled: { at: '2026-03-15T10:00:00.000Z', reason: 'the server answered 410 Gone' },
        last_delivery: { status: 'failed', at: '2026-03-15T10:00:00.000Z', error: '410 Gone' },
      }),
      makeMemberChannel({ id: 'c-3', type: 'ntfy', target: 'https://ntfy.sh/my-topic' }),
    ]);
    await renderChannels();
    const discord = screen.getByRole('listitem', { name: 'Discord channel' });
    expect(within(discord).getByText('https://discord.com/api/webhooks/1234/••••••')).toBeInTheDocument();
    expect(within(discord).getByText(/^Last delivered Mar 14(, 2026)?, 9:00$/)).toBeInTheDocument();

    const webhook = screen.getByRole('listitem', { name: 'Webhook channel' });
    expect(within(webhook).queryByText(/Last attempt failed/)).not.toBeInTheDocument();
    expect(
      within(webhook).getByText(
        'Turned off: the server answered 410 Gone. Fix it, then press Test to turn it back on.',
      ),
    ).toBeInTheDocument();
    expect(within(discord).queryByText(/Turned off/)).not.toBeInTheDocument();

    const ntfy = screen.getByRole('listitem', { name: 'ntfy channel' });
    expect(within(ntfy).getByText('No deliveries yet')).toBeInTheDocument();
    // With channels listed, the form waits behind its button.
    expect(screen.queryByLabelText(/webhook URL/i)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a channel' }));
    expect(screen.getByLabelText(/^Discord webhook URL/)).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Add a channel' })).toHaveFocus();
  });

  it('asks before removing a channel, then removes it', async () => {
    const api = stubChannelsApi([makeMemberChannel(), makeMemberChannel({ id: 'c-2' })]);
    await renderChannels();
    // Two of one kind: each button says which one.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Discord 2 channel' }));
    const question = screen.getByRole('group', { name: 'Remove this channel?' });
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    fireEvent.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Remove this channel?')).not.toBeInTheDocument();
    expect(api.called('DELETE', '/api/channels/c-2')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Discord 2 channel' }));
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Remove this channel?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(api.called('DELETE', '/api/channels/c-2')).toHaveLength(1);
    expect(api.called('DELETE', '/api/channels/c-1')).toHaveLength(0);
    expect(screen.getByRole('listitem', { name: 'Discord channel' })).toBeInTheDocument();
  });

  it('tests a channel and shows what happened', async () => {
    let result: ChannelTestResult = { status: 'sent', http_status: 204, error: null };
    const api = stubChannelsApi([makeMemberChannel()], {
      'POST /api/channels/c-1/test': () => ({ status: 200, body: result }),
    });
    await renderChannels();
    fireEvent.click(screen.getByRole('button', { name: 'Test Discord channel' }));
    expect(await screen.findByText('Test message sent.')).toBeInTheDocument();
    // The list is read again: a channel that was off is on again once its test works.
    await waitFor(() => expect(api.called('GET', '/api/channels')).toHaveLength(2));

    act(() => notifications.clean());
    result = { status: 'failed', http_status: 404, error: '404 Unknown Webhook' };
    fireEvent.click(screen.getByRole('button', { name: 'Test Discord channel' }));
    expect(await screen.findByText('Test message not delivered: 404 Unknown Webhook')).toBeInTheDocument();
  });

  it("shows a channel's recent deliveries on demand", async () => {
    const deliveries: ChannelAttempt[] = [
      {
        kind: 'released',
        title: 'Halcyon Relay',
        status: 'failed',
        http_status: 404,
        error: 'Unknown Webhook',
        at: '2026-03-14T09:00:00-04:00',
      },
      {
        kind: 'test',
        title: null,
        status: 'sent',
        http_status: 204,
        error: null,
        at: '2026-03-13T08:05:00-05:00',
      },
    ];
    const api = stubChannelsApi([makeMemberChannel()], {
      'GET /api/channels/c-1/deliveries': () => ({ status: 200, body: { deliveries } }),
    });
    await renderChannels();
    const toggle = screen.getByRole('button', { name: 'Recent deliveries of Discord channel' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(api.called('GET', '/api/channels/c-1/deliveries')).toHaveLength(0);

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const first = await screen.findByText(/Halcyon Relay/);
    expect(first).toHaveTextContent(
      /Mar 14(, 2026)?, 9:00 · Released · Halcyon Relay · Failed · HTTP 404 · Unknown Webhook/,
    );
    expect(screen.getByText(/· Test ·/)).toHaveTextContent(/Mar 13(, 2026)?, 9:05 · Test · Sent · HTTP 204$/);

    fireEvent.click(toggle);
    expect(screen.queryByText(/Halcyon Relay/)).not.toBeInTheDocument();
  });

  it('offers no form once the member has the most channels', async () => {
    stubChannelsApi(Array.from({ length: 5 }, (_, i) => makeMemberChannel({ id: `c-${i + 1}` })));
    await renderChannels();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('You can add up to 5 channels.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a channel' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add a channel' })).not.toBeInTheDocument();
  });

  it('says when the channels could not be loaded', async () => {
    stubChannelsApi([], {
      'GET /api/channels': () => ({
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'Something went wrong.' } },
      }),
    });
    await renderChannels();
    expect(await screen.findByText('Your channels could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Chat and webhooks' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add channel' })).not.toBeInTheDocument();
  });
});
