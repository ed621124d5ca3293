import type { Notification, NotificationList } from '@releasebell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { NotificationBell } from './notification-bell';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function note(overrides: Partial<Notification> & Pick<Notification, 'id' | 'kind'>): Notification {
  return {
    item: {
      item_id: `item-${overrides.id}`,
      title: `Title ${overrides.id}`,
      media_type: 'movies',
      slug: `title-${overrides.id}`,
      image: null,
    },
    old_date: null,
    old_date_precision: null,
    new_date: '2027-03-14',
    new_date_precision: 'day',
    reminder_days: null,
    via: null,
    provider: null,
    offer_type: null,
    created_at: minutesAgo(5),
    read: false,
    ...overrides,
  };
}

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

/** The notifications API over a stored list; marking read changes it like the server does. */
function stubNotifications(initial: Notification[]) {
  let list = initial;
  const answer = (): NotificationList => ({
    notifications: list,
    unread_count: list.filter((n) => !n.read).length,
  });
  const api = stubApiRoutes({
    'GET /api/notifications': () => ({ status: 200, body: answer() }),
    'POST /api/notifications/read': (body) => {
      const { ids, all } = body as { ids?: string[]; all?: true };
      list = list.map((n) => (all || ids?.includes(n.id) ? { ...n, read: true } : n));
      return { status: 200, body: { unread_count: answer().unread_count } };
    },
  });
  return api;
}

const bell = () => screen.getByRole('button', { name: /^Notifications/ });

async function renderBell() {
  const view = renderWithProviders(<NotificationBell uid={MEMBER.id} />, {
    user: MEMBER,
    route: '/homepage',
  });
  await waitFor(() => expect(bell()).toHaveAccessibleName(/unread|^Notifications$/));
  return view;
}

async function openBell() {
  fireEvent.click(bell());
  // The list's code loads on the first open: on a busy machine its first import takes a while.
  return screen.findByRole('region', { name: 'Notifications' }, { timeout: 5_000 });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('NotificationBell', () => {
  it('names the unread count and shows it on the bell', async () => {
    stubNotifications([
      note({ id: ID(1), kind: 'released' }),
      note({ id: ID(2), kind: 'released' }),
      note({ id: ID(3), kind: 'released' }),
      note({ id: ID(4), kind: 'released', read: true }),
    ]);
    await renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toHaveTextContent('3');
  });

  it('shows "9+" above nine, and no badge at zero', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      note({ id: `00000000-0000-4000-8000-0000000000${10 + i}`, kind: 'released' }),
    );
    stubNotifications(many);
    const first = await renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications, 12 unread' })).toHaveTextContent('9+');
    first.unmount();

    stubNotifications([note({ id: ID(1), kind: 'released', read: true })]);
    await renderBell();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(bell()).toHaveTextContent('');
  });

  it('lists each kind in words, with its poster, when it happened, and unread ones marked', async () => {
    stubNotifications([
      note({
        id: ID(1),
        kind: 'released',
        item: {
          item_id: 'a',
          title: 'Amber Circuit',
          media_type: 'movies',
          slug: 'amber-circuit',
          image: '/proxy-image/tmdb/w500/a.jpg',
        },
      }),
      note({ id: ID(2), kind: 'date_announced', created_at: minutesAgo(26 * 60) }),
      note({
        id: ID(3),
        kind: 'date_changed',
        old_date: '2027-03-14',
        old_date_precision: 'day',
        new_date: '2027-03-21',
        read: true,
      }),
      note({ id: ID(4), kind: 'reminder', reminder_days: 3, new_date: '2027-03-17' }),
      note({ id: ID(5), kind: 'reminder', reminder_days: 1, new_date: '2027-03-15' }),
      note({
        id: ID(6),
        kind: 'available',
        item: {
          item_id: 'g',
          title: 'Glass Harbor',
          media_type: 'movies',
          slug: 'glass-harbor',
          image: null,
        },
        new_date: null,
        new_date_precision: null,
        provider: { id: 8, name: 'Netflix', logo: '/proxy-image/tmdb/w92/netflix.jpg' },
        offer_type: 'flatrate',
      }),
    ]);
    await renderBell();
    const list = await openBell();
    const entry = (name: RegExp) => within(list).getByRole('link', { name });

    const released = entry(/Amber Circuit/);
    expect(released).toHaveAttribute('href', '/media/movies/amber-circuit');
    expect(released).toHaveTextContent('Unread: Amber Circuit');
    expect(released).toHaveTextContent('Out today');
    expect(released).toHaveTextContent('5 min. ago');
    // The thumbnail is small: TMDB's card size, not the stored w500.
    expect(released.querySelector('img')).toHaveAttribute('src', '/proxy-image/tmdb/w342/a.jpg');

    const announced = entry(new RegExp(`Title ${ID(2)}`));
    expect(announced).toHaveTextContent('Release date announced: Mar 14, 2027');
    expect(announced).toHaveTextContent('yesterday');
    const changed = within(list).getByText('Date changed: Mar 14, 2027 → Mar 21, 2027').closest('a');
    expect(changed).not.toHaveTextContent('Unread');
    expect(changed?.querySelector('img')).toBeNull();
    expect(within(list).getByText('Out in 3 days')).toBeInTheDocument();
    expect(within(list).getByText('Out tomorrow')).toBeInTheDocument();
    expect(entry(/Glass Harbor/)).toHaveTextContent('Glass Harbor is now streaming on Netflix');
  });

  it('opening a notification marks it read and goes to the title', async () => {
    const api = stubNotifications([
      note({ id: ID(1), kind: 'released' }),
      note({ id: ID(2), kind: 'released' }),
    ]);
    const { location } = await renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const list = await openBell();
    fireEvent.click(within(list).getByRole('link', { name: new RegExp(`Title ${ID(1)}`) }));
    expect(location()).toBe(`/media/movies/title-${ID(1)}`);
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(api.called('POST', '/api/notifications/read')[0]?.body).toEqual({ ids: [ID(1)] });
  });

  it('"Mark all as read" clears the badge, and asks the list again on opening', async () => {
    const api = stubNotifications([
      note({ id: ID(1), kind: 'released' }),
      note({ id: ID(2), kind: 'date_announced' }),
    ]);
    await renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    const before = api.called('GET', '/api/notifications').length;
    const list = await openBell();
    await waitFor(() => expect(api.called('GET', '/api/notifications').length).toBeGreaterThan(before));

    fireEvent.click(await within(list).findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Notifications'));
    expect(bell()).not.toHaveTextContent('2');
    expect(api.called('POST', '/api/notifications/read')[0]?.body).toEqual({ all: true });
    expect(within(list).queryByText(/^Unread:/)).not.toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('says there is nothing yet', async () => {
    stubNotifications([]);
    await renderBell();
    const list = await openBell();
    expect(
      await within(list).findByText(
        "No notifications yet. Track titles and we'll tell you when they're out.",
      ),
    ).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('closes with Escape and gives focus back to the bell', async () => {
    stubNotifications([note({ id: ID(1), kind: 'released' })]);
    await renderBell();
    bell().focus();
    const list = await openBell();
    await within(list).findByRole('link', { name: /Title/ });
    fireEvent.keyDown(list, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    expect(bell()).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(bell()).toHaveFocus());
  });
});
