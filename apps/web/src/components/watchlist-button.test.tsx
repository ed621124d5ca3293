import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, makeItem, renderWithProviders, stubApiRoutes, watchlistEntryOf } from './test-utils';
import { WatchlistButton } from './watchlist-button';

const ITEM = makeItem({ item_id: 'item-9', title: 'Glass Harbour' });

function renderButton(user = MEMBER) {
  return renderWithProviders(
    <>
      <Notifications />
      <WatchlistButton item={ITEM} />
    </>,
    { user },
  );
}

const toast = (title: string) =>
  waitFor(() => {
    const match = screen.queryAllByRole('alert').find((a) => within(a).queryByText(title));
    if (!match) throw new Error(`no toast titled ${title}`);
    return match;
  });

afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WatchlistButton', () => {
  it('for a visitor opens the sign-in modal with the item pending and sends nothing', () => {
    const api = stubApiRoutes({});
    const { session } = renderWithProviders(<WatchlistButton item={ITEM} />, { user: null });
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(session.current?.isModalOpen).toBe(true);
    expect(session.current?.itemToAdd).toEqual({
      item_id: 'item-9',
      media_type: 'movies',
      title: 'Glass Harbour',
    });
    expect(api.calls).toEqual([]);
  });

  it("clicked before the session is known, waits for it: a member's click adds, with no sign-in", async () => {
    const sessionAnswers: ((answer: { status: number; body: unknown }) => void)[] = [];
    const api = stubApiRoutes({
      'GET /api/session': () => new Promise((resolve) => sessionAnswers.push(resolve)),
      'GET /watchlist/u-1': () => ({ status: 200, body: [] }),
      'POST /watchlist/u-1': () => ({ status: 201, body: watchlistEntryOf(ITEM) }),
    });
    const { session } = renderWithProviders(<WatchlistButton item={ITEM} />, { sessionUnknown: true });
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(session.current?.isModalOpen).toBe(false);
    expect(api.called('POST', '/watchlist/u-1')).toEqual([]);

    for (const answer of sessionAnswers) answer({ status: 200, body: { user: MEMBER } });
    await waitFor(() =>
      expect(api.called('POST', '/watchlist/u-1').map((c) => c.body)).toEqual([
        { item_id: 'item-9', media_type: 'movies' },
      ]),
    );
    expect(session.current?.isModalOpen).toBe(false);
    expect(api.called('GET', '/api/session')).toHaveLength(1);
  });

  it('clicked before the session is known, by a visitor, opens sign-in once it is', async () => {
    const sessionAnswers: ((answer: { status: number; body: unknown }) => void)[] = [];
    stubApiRoutes({
      'GET /api/session': () => new Promise((resolve) => sessionAnswers.push(resolve)),
    });
    const { session } = renderWithProviders(<WatchlistButton item={ITEM} />, { sessionUnknown: true });
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(session.current?.isModalOpen).toBe(false);
    for (const answer of sessionAnswers) answer({ status: 200, body: { user: null } });
    await waitFor(() => expect(session.current?.isModalOpen).toBe(true));
    expect(session.current?.itemToAdd).toMatchObject({ item_id: 'item-9' });
  });

  it('adds for a member, says so, and turns into "In Watchlist", disabled', async () => {
    let listed = false;
    const api = stubApiRoutes({
      'GET /watchlist/u-1': () => ({ status: 200, body: listed ? [watchlistEntryOf(ITEM)] : [] }),
      'POST /watchlist/u-1': () => {
        listed = true;
        return { status: 201, body: watchlistEntryOf(ITEM) };
      },
    });
    renderButton();
    await waitFor(() => expect(api.called('GET', '/watchlist/u-1')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }));

    expect(await screen.findByRole('button', { name: 'In Watchlist' })).toBeDisabled();
    expect(api.called('POST', '/watchlist/u-1')[0]?.body).toEqual({
      item_id: 'item-9',
      media_type: 'movies',
    });
    expect(await toast('Added to Watchlist')).toHaveTextContent('Glass Harbour');
  });

  it('shows the spec\'s error toast when the add fails, and stays "Notify Me"', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApiRoutes({
      'GET /watchlist/u-1': () => ({ status: 200, body: [] }),
      'POST /watchlist/u-1': () => ({
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'x' } },
      }),
    });
    renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'Notify Me' }));
    const shown = await toast('Error');
    expect(shown).toHaveTextContent('Failed to add item to watchlist. Please try again.');
    expect(screen.getByRole('button', { name: 'Notify Me' })).toBeEnabled();
    expect(String(vi.mocked(console.warn).mock.calls[0]?.[0])).toContain('Failed to add to watchlist');
  });
});
