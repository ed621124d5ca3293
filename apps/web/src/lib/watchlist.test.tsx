import { Notifications, notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MEMBER,
  makeItem,
  renderWithProviders,
  stubApiRoutes,
  watchlistEntryOf,
} from '../components/test-utils';
import { rememberPendingItem, takePendingItem, useAddPendingAfterSignIn, useWatchlist } from './watchlist';

const ITEM = makeItem({ item_id: 'p-1', title: 'Saltmarsh', media_type: 'books' });

function Harness() {
  useAddPendingAfterSignIn();
  return <Notifications />;
}

afterEach(() => {
  sessionStorage.clear();
  act(() => notifications.clean());
  vi.unstubAllGlobals();
});

describe('the item remembered across the Google round trip', () => {
  it('is read once, and only when it is an item', () => {
    rememberPendingItem(ITEM);
    expect(takePendingItem()).toEqual({ item_id: 'p-1', title: 'Saltmarsh', media_type: 'books' });
    expect(takePendingItem()).toBeNull();

    sessionStorage.setItem(
      'releasebell.pendingItem',
      JSON.stringify({ item_id: 'x', title: 'y', media_type: 'podcasts' }),
    );
    expect(takePendingItem()).toBeNull();
    sessionStorage.setItem('releasebell.pendingItem', '{not json');
    expect(takePendingItem()).toBeNull();
    rememberPendingItem(ITEM);
    rememberPendingItem(null);
    expect(takePendingItem()).toBeNull();
  });

  it('is added for the member who comes back signed in, with the success toast', async () => {
    rememberPendingItem(ITEM);
    const api = stubApiRoutes({
      'GET /watchlist/u-1': () => ({ status: 200, body: [] }),
      'POST /watchlist/u-1': () => ({ status: 201, body: watchlistEntryOf(ITEM) }),
    });
    renderWithProviders(<Harness />, { user: MEMBER });
    await waitFor(() =>
      expect(api.called('POST', '/watchlist/u-1').map((c) => c.body)).toEqual([
        { item_id: 'p-1', media_type: 'books' },
      ]),
    );
    expect(await screen.findByText('Added to Watchlist')).toBeInTheDocument();
    expect(sessionStorage.getItem('releasebell.pendingItem')).toBeNull();
  });

  it('waits while nobody is signed in', () => {
    rememberPendingItem(ITEM);
    const api = stubApiRoutes({});
    renderWithProviders(<Harness />, { user: null });
    expect(api.calls).toEqual([]);
    expect(sessionStorage.getItem('releasebell.pendingItem')).not.toBeNull();
  });
});

describe('signing out', () => {
  function ListReader() {
    const { data } = useWatchlist();
    return <p>{data ? `${data.length} tracked` : 'no list'}</p>;
  }

  it("asks for nothing of the member's while the server ends the session", async () => {
    let endSession: (answer: { status: number }) => void = () => {};
    const api = stubApiRoutes({
      'GET /watchlist/u-1': () => ({ status: 200, body: [watchlistEntryOf(ITEM)] }),
      'POST /api/auth/sign-out': () => new Promise((resolve) => (endSession = resolve)),
    });
    const { session, queryClient } = renderWithProviders(<ListReader />, { user: MEMBER });
    expect(await screen.findByText('1 tracked')).toBeInTheDocument();

    let signedOut: Promise<void> = Promise.resolve();
    act(() => {
      signedOut = session.current?.signOut() ?? signedOut;
    });
    // The page shows no member at once; anything that would refresh the list meanwhile (a focus, an
    // add elsewhere) asks for nothing.
    expect(await screen.findByText('no list')).toBeInTheDocument();
    await act(() => queryClient.invalidateQueries({ queryKey: ['watchlist'] }));
    endSession({ status: 200 });
    await act(() => signedOut);
    expect(api.called('GET', '/watchlist/u-1')).toHaveLength(1);
    expect(session.current?.currentUser).toBeNull();
  });

  it('is not undone by an answer about the session asked for before it', async () => {
    const sessionAnswers: ((answer: { status: number; body: unknown }) => void)[] = [];
    const api = stubApiRoutes({
      'GET /watchlist/u-1': () => ({ status: 200, body: [watchlistEntryOf(ITEM)] }),
      // Asked (a focus, a sign-in's refresh) while the member was signed in; answered after the sign-out.
      'GET /api/session': () => new Promise((resolve) => sessionAnswers.push(resolve)),
      'POST /api/auth/sign-out': () => ({ status: 200, body: {} }),
    });
    const { session, queryClient } = renderWithProviders(<ListReader />, { user: MEMBER });
    expect(await screen.findByText('1 tracked')).toBeInTheDocument();
    let refreshed: Promise<unknown> = Promise.resolve();
    act(() => {
      refreshed = Promise.all([
        session.current?.refreshSession(),
        queryClient.refetchQueries({ queryKey: ['session'] }),
      ]);
    });
    await waitFor(() => expect(api.called('GET', '/api/session')).toHaveLength(2));

    await act(() => session.current?.signOut() ?? Promise.resolve());
    for (const answer of sessionAnswers) answer({ status: 200, body: { user: MEMBER } });
    await act(() => refreshed);
    expect(queryClient.getQueryData(['session'])).toBeNull();
    await waitFor(() => expect(session.current?.currentUser).toBeNull());
    expect(screen.getByText('no list')).toBeInTheDocument();
    expect(api.called('GET', '/watchlist/u-1')).toHaveLength(1);
  });
});
