import { Notifications, notifications } from '@mantine/notifications';
import type { WatchlistEntry } from '@releasebell/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MEMBER,
  makeItem,
  renderWithProviders,
  stubApiRoutes,
  watchlistEntryOf,
} from '../../../components/test-utils';
import { undoRemoval } from '../../../lib/pending-removals';
import { WatchlistPage } from './watchlist-page';

function entries(count: number): WatchlistEntry[] {
  return Array.from({ length: count }, (_, i) =>
    watchlistEntryOf(
      makeItem({
        item_id: `w-${i}`,
        title: `Tracked ${String(i).padStart(2, '0')}`,
        slug: `tracked-${i}`,
        media_type: i % 3 === 0 ? 'books' : i % 3 === 1 ? 'movies' : 'tv_seasons',
        author: i % 3 === 0 ? `Author ${i}` : null,
        director: null,
        creator: null,
        release_date: `2099-01-${String((i % 28) + 1).padStart(2, '0')}`,
      }),
      `2026-11-${String(10 + i).padStart(2, '0')}T10:00:00.000Z`,
    ),
  );
}

/** A watchlist API whose DELETE answers `deleteStatus`. */
function stubWatchlist(list: WatchlistEntry[], deleteStatus = 200) {
  let current = [...list];
  return stubApiRoutes({
    'GET /watchlist/u-1': () => ({ status: 200, body: current }),
    'DELETE /watchlist/u-1': (body) => {
      if (deleteStatus !== 200)
        return { status: deleteStatus, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } };
      const id = (body as { item_id: string }).item_id;
      current = current.filter((e) => e.item_id !== id);
      return { status: 200, body: { item_id: id, removed: true } };
    },
  });
}

function renderPage() {
  return renderWithProviders(
    <>
      <Notifications />
      <WatchlistPage />
    </>,
    { user: MEMBER, route: '/watchlist' },
  );
}

/** The card of a title in the list (the UNDO toast names it too). */
const card = (title: string) => {
  const list = document.querySelector('ul[aria-label="Tracked titles"]') as HTMLElement | null;
  return (list && within(list).queryByText(title)?.closest('li')) ?? null;
};
const undoToast = () =>
  screen.queryAllByRole('alert').find((a) => within(a).queryByText('Removed from Watchlist')) ?? null;

beforeEach(() => {
  // Time moves only when a test moves it: the 5 s removal can never fire early on a slow machine.
  // Testing Library's findBy/waitFor then advance the fake clock themselves, through the `jest`
  // global it looks for beside fake timers.
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterEach(() => {
  // Nothing left waiting for the next test (the store outlives components on purpose).
  for (let i = 0; i < 20; i++) undoRemoval(`w-${i}`);
  act(() => notifications.clean());
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WatchlistPage', () => {
  it('asks a visitor to sign in', () => {
    stubApiRoutes({});
    const { session } = renderWithProviders(<WatchlistPage />, { user: null });
    expect(screen.getByText('Sign in to see the titles you track.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(session.current?.isModalOpen).toBe(true);
  });

  it('says "Your watchlist is currently empty." with nothing tracked', async () => {
    stubWatchlist([]);
    renderPage();
    expect(await screen.findByText('Your watchlist is currently empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share Watchlist' })).not.toBeInTheDocument();
  });

  it('shows the cards newest first by default, with the type, creator or N/A, and the tabs, toggle and sorts', async () => {
    const list = entries(4);
    list.push(
      watchlistEntryOf(
        makeItem({ item_id: 'old', title: 'Long Released', release_date: '2001-05-05' }),
        '2026-11-30T00:00:00.000Z',
      ),
    );
    stubWatchlist(list);
    renderPage();
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Tracked 03',
      'Tracked 02',
      'Tracked 01',
      'Tracked 00',
    ]);
    expect(within(items[0] as HTMLElement).getByText('Book')).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('Author 3')).toBeInTheDocument();
    expect(within(items[1] as HTMLElement).getByText('N/A')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Books' }));
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Tracked 03',
      'Tracked 00',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Released' }));
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Long Released',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'TV Shows' }));
    expect(screen.getByText('No released TV Shows in your watchlist.')).toBeInTheDocument();
  });

  it('keeps a month or year date under Upcoming until its month or year is over', async () => {
    vi.setSystemTime(new Date(2026, 10, 23, 12, 0, 0));
    const dated = (item_id: string, title: string, release_date: string, precision: 'month' | 'year') =>
      watchlistEntryOf(makeItem({ item_id, title, release_date, release_date_precision: precision }));
    stubWatchlist([
      dated('y-1', 'This Year', '2026-01-01', 'year'),
      dated('y-2', 'Last Year', '2025-01-01', 'year'),
      dated('m-1', 'This Month', '2026-11-01', 'month'),
      dated('m-2', 'Last Month', '2026-10-01', 'month'),
    ]);
    renderPage();
    const titles = () =>
      screen.getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent);
    await screen.findAllByRole('listitem');
    fireEvent.click(screen.getByRole('radio', { name: 'Upcoming' }));
    expect(titles().sort()).toEqual(['This Month', 'This Year']);
    expect(within(card('This Year') as HTMLElement).getByText('2026')).toBeInTheDocument();
    expect(within(card('This Month') as HTMLElement).getByText('November 2026')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Released' }));
    expect(titles().sort()).toEqual(['Last Month', 'Last Year']);
  });

  it('removes after 5 s: the card fades at once, the UNDO toast stays 7 s', async () => {
    const api = stubWatchlist(entries(3));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Tracked 01 from Watchlist' }));
    expect(card('Tracked 01')).toHaveAttribute('aria-hidden', 'true');
    expect(card('Tracked 01')).toHaveAttribute('inert');
    expect(undoToast()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(450));
    expect(card('Tracked 01')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(4400));
    expect(api.called('DELETE', '/watchlist/u-1')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(api.called('DELETE', '/watchlist/u-1').map((c) => c.body)).toEqual([{ item_id: 'w-1' }]);
    expect(undoToast()).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(2500));
    await waitFor(() => expect(undoToast()).toBeNull());
    expect(card('Tracked 01')).toBeNull();
  });

  it('UNDO within 5 s brings the card back and nothing is deleted', async () => {
    const api = stubWatchlist(entries(3));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Tracked 02 from Watchlist' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(card('Tracked 02')).toBeNull();
    fireEvent.click(within(undoToast() as HTMLElement).getByRole('button', { name: 'UNDO' }));
    expect(card('Tracked 02')).not.toBeNull();
    expect(card('Tracked 02')).not.toHaveAttribute('aria-hidden');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(api.called('DELETE', '/watchlist/u-1')).toEqual([]);
    expect(card('Tracked 02')).not.toBeNull();
  });

  it('brings the card back and says so when the delete fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubWatchlist(entries(2), 500);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Tracked 00 from Watchlist' }));
    await act(() => vi.advanceTimersByTimeAsync(5100));
    await waitFor(() => expect(card('Tracked 00')).not.toBeNull());
    expect(screen.getByText('Could not remove Tracked 00. Please try again.')).toBeInTheDocument();
  });

  it('still deletes when the member leaves the page during the 5 s', async () => {
    const api = stubWatchlist(entries(2));
    const view = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Tracked 00 from Watchlist' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(4500));
    expect(api.called('DELETE', '/watchlist/u-1').map((c) => c.body)).toEqual([{ item_id: 'w-0' }]);
  });

  it("View More opens the title's quick view on the page, and share mode has none", async () => {
    const [entry] = entries(1) as [WatchlistEntry];
    const item = makeItem({
      item_id: entry.item_id,
      title: entry.title,
      slug: entry.slug,
      media_type: entry.media_type,
      release_date: null,
      release_date_precision: null,
      creator: 'Author 0',
      creator_label: 'Author',
    });
    stubApiRoutes({
      'GET /watchlist/u-1': () => ({ status: 200, body: [entry] }),
      [`GET /media/slug/${entry.media_type}/${entry.slug}`]: () => ({
        status: 200,
        body: { ...item, regional_dates: [] },
      }),
    });
    const { location } = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'View More about Tracked 00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tracked 00' });
    const details = await within(dialog).findByRole('list', { name: 'Details' });
    expect(within(details).getByText('Author:')).toBeInTheDocument();
    expect(within(details).getByText('N/A')).toBeInTheDocument();
    // Tracked already: the quick view says so, like every watchlist button.
    expect(within(dialog).getByRole('button', { name: 'In Watchlist' })).toBeDisabled();
    expect(within(dialog).getByRole('link', { name: 'Open full page' })).toHaveAttribute(
      'href',
      '/media/books/tracked-0',
    );
    expect(location()).toBe('/watchlist');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Share Watchlist' }));
    expect(screen.queryByRole('button', { name: /^View More/ })).toBeNull();
  });

  it('offers "On my services" only when a title streams on one, and then lists just those', async () => {
    const netflix = { id: 8, name: 'Netflix', logo: '/proxy-image/tmdb/w92/netflix.jpg' };
    const mubi = { id: 11, name: 'MUBI', logo: null };
    const list = entries(4);
    const streaming = (entry: WatchlistEntry, ...on: WatchlistEntry['on_my_services']) => ({
      ...entry,
      on_my_services: on,
    });
    list[1] = streaming(list[1] as WatchlistEntry, netflix, mubi);
    list.push(
      streaming(
        watchlistEntryOf(
          makeItem({ item_id: 'out', title: 'Long Released', release_date: '2001-05-05' }),
          '2026-11-30T00:00:00.000Z',
        ),
        mubi,
      ),
    );
    stubWatchlist(list);
    renderPage();
    await screen.findAllByRole('listitem');
    const filter = screen.getByRole('checkbox', { name: 'On my services' });
    expect(filter).not.toBeChecked();

    // The first of the member's services it streams on, named and explained.
    const logo = within(card('Tracked 01') as HTMLElement).getByRole('img', { name: 'Netflix' });
    expect(logo).toHaveAttribute('src', '/proxy-image/tmdb/w92/netflix.jpg');
    expect(logo).toHaveAttribute('title', 'On Netflix');
    expect(within(card('Tracked 00') as HTMLElement).queryByRole('img', { name: /Netflix|MUBI/ })).toBeNull();

    fireEvent.click(filter);
    expect(filter).toBeChecked();
    // Upcoming or released, what streams now.
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByRole('link').textContent)).toEqual([
      'Long Released',
      'Tracked 01',
    ]);
    const noLogo = within(card('Long Released') as HTMLElement).getByRole('img', { name: 'MUBI' });
    expect(noLogo).toHaveAttribute('title', 'On MUBI');
    expect(screen.getByRole('radio', { name: 'Released' })).toBeDisabled();

    fireEvent.click(screen.getByRole('tab', { name: 'Books' }));
    expect(screen.getByText('No Books on your services right now.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    fireEvent.click(filter);
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('does not offer "On my services" when nothing tracked streams on the member\'s services', async () => {
    stubWatchlist(entries(3));
    renderPage();
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('checkbox', { name: 'On my services' })).toBeNull();
    expect(document.querySelector('[title^="On "]')).toBeNull();
  });

  it('share mode: checkboxes, the n/12 counter, extra selections ignored, Generate Preview only with one', async () => {
    stubWatchlist(entries(14));
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Share Watchlist' }));
    const bar = screen.getByRole('region', { name: 'Share Watchlist' });
    expect(within(bar).getByText('0/12')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Generate Preview' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Remove .* from Watchlist$/ })).not.toBeInTheDocument();

    const boxes = screen.getAllByRole('checkbox');
    expect(boxes).toHaveLength(14);
    for (const box of boxes.slice(0, 12)) fireEvent.click(box);
    expect(within(bar).getByText('12/12')).toBeInTheDocument();
    expect(boxes[12]).toBeDisabled();
    fireEvent.click(boxes[13] as HTMLElement);
    expect(within(bar).getByText('12/12')).toBeInTheDocument();
    expect(boxes[13]).not.toBeChecked();

    fireEvent.click(boxes[0] as HTMLElement);
    expect(within(bar).getByText('11/12')).toBeInTheDocument();
    expect(boxes[12]).toBeEnabled();
    expect(within(bar).getByRole('button', { name: 'Generate Preview' })).toBeEnabled();

    fireEvent.click(within(bar).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // Starting again clears the selection.
    fireEvent.click(screen.getByRole('button', { name: 'Share Watchlist' }));
    expect(screen.getByText('0/12')).toBeInTheDocument();
  });
});
