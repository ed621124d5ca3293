import { Notifications, notifications } from '@mantine/notifications';
import type { LeaderboardItem } from '@releasebell/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApiRoutes } from '../../../components/test-utils';
import { LeaderboardPage } from './leaderboard-page';

function item(rank: number, overrides: Partial<LeaderboardItem> = {}): LeaderboardItem {
  return {
    rank,
    item_id: `i-${rank}`,
    title: `Ranked Title ${rank}`,
    creator: `Creator ${rank}`,
    image: null,
    release_date: '2027-04-09',
    release_date_precision: 'day',
    media_type: 'tv_seasons',
    slug: `ranked-title-${rank}`,
    trackers: 30 - rank,
    ...overrides,
  };
}
const page = (items: LeaderboardItem[], pageNo: number, hasNext: boolean) => ({
  status: 200,
  body: { items, pagination: { page: pageNo, page_size: 20, has_next: hasNext } },
});

/** Answers the board from a function of its query, recording each query. */
function stubBoard(answer: (q: URLSearchParams) => { status: number; body?: unknown }) {
  const queries: URLSearchParams[] = [];
  const original = stubApiRoutes({});
  const fetchMock = vi.fn(async (input: string) => {
    const q = new URL(input, 'http://x').searchParams;
    queries.push(q);
    const a = answer(q);
    return new Response(JSON.stringify(a.body ?? {}), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { queries, original };
}

function renderPage() {
  return renderWithProviders(
    <>
      <Notifications />
      <LeaderboardPage />
    </>,
    { route: '/leaderboard' },
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  act(() => notifications.clean());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LeaderboardPage', () => {
  it("shows the week's ranking with #rank, creator, date or TBD, and a watchlist button per card", async () => {
    stubBoard(() =>
      page(
        [
          item(1),
          item(2, { release_date: '2027-01-01', release_date_precision: 'year' }),
          item(3, { release_date: '2027-03-01', release_date_precision: 'month' }),
          item(4, { release_date: null, release_date_precision: null, creator: null }),
        ],
        1,
        false,
      ),
    );
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Most Tracked This Week' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(within(cards[0] as HTMLElement).getByText('#1')).toHaveClass(/gold/);
    expect(within(cards[1] as HTMLElement).getByText('#2')).toHaveClass(/silver/);
    expect(within(cards[2] as HTMLElement).getByText('#3')).toHaveClass(/bronze/);
    expect(within(cards[3] as HTMLElement).getByText('#4').className).not.toMatch(/gold|silver|bronze/);
    expect(within(cards[0] as HTMLElement).getByText('Creator 1')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByText('Apr 9, 2027')).toBeInTheDocument();
    // A date known only to the year or month is shown as such, never as its first day.
    expect(within(cards[1] as HTMLElement).getByText('2027')).toBeInTheDocument();
    expect(within(cards[2] as HTMLElement).getByText('March 2027')).toBeInTheDocument();
    expect(within(cards[3] as HTMLElement).getByText('TBD')).toBeInTheDocument();
    expect(within(cards[0] as HTMLElement).getByRole('link', { name: 'Ranked Title 1' })).toHaveAttribute(
      'href',
      '/media/tv_seasons/ranked-title-1',
    );
    expect(within(cards[0] as HTMLElement).getByRole('button', { name: 'Notify Me' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
  });

  it('Load More appends the next page while has_next holds', async () => {
    const { queries } = stubBoard((q) =>
      q.get('page') === '1'
        ? page(
            Array.from({ length: 20 }, (_, i) => item(i + 1)),
            1,
            true,
          )
        : page([item(21), item(22)], 2, false),
    );
    renderPage();
    expect(await screen.findAllByRole('listitem')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(22));
    expect(screen.getByText('#22')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load More' })).not.toBeInTheDocument();
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '2']);
  });

  it('reads a board drawn a while ago again before its next page, so no title that climbed is skipped', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let ranking = Array.from({ length: 22 }, (_, i) => item(i + 1));
    const { queries } = stubBoard((q) =>
      q.get('page') === '1' ? page(ranking.slice(0, 20), 1, true) : page(ranking.slice(20), 2, false),
    );
    renderPage();
    expect(await screen.findAllByRole('listitem')).toHaveLength(20);
    // A minute on, the 21st title climbed to the top: page 2 now starts with what was 20th.
    vi.setSystemTime(Date.now() + 60_000);
    ranking = [ranking[20]!, ...ranking.slice(0, 20), ranking[21]!];
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(22));
    expect(screen.getByText('Ranked Title 21')).toBeInTheDocument();
    expect(queries.map((q) => q.get('page'))).toEqual(['1', '1', '2']);
    vi.useRealTimers();
  });

  it('changing the timeframe or the type starts again at page 1', async () => {
    const { queries } = stubBoard((q) =>
      page([item(1, { title: `${q.get('timeframe')} ${q.get('media_type')}` })], Number(q.get('page')), true),
    );
    renderPage();
    expect(await screen.findByText('weekly tv_seasons')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    await waitFor(() => expect(queries).toHaveLength(2));

    fireEvent.click(screen.getByRole('tab', { name: 'This Month' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Most Tracked This Month' })).toBeInTheDocument();
    expect(await screen.findByText('monthly tv_seasons')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Books' }));
    expect(await screen.findByText('monthly books')).toBeInTheDocument();
    expect(queries.slice(2).map((q) => [q.get('timeframe'), q.get('media_type'), q.get('page')])).toEqual([
      ['monthly', 'tv_seasons', '1'],
      ['monthly', 'books', '1'],
    ]);
  });

  it('offers the pills TV Shows, Movies, Books, starting on the type chosen at home', async () => {
    localStorage.setItem('selectedMediaType', 'movies');
    const { queries } = stubBoard(() => page([], 1, false));
    renderPage();
    expect(
      screen
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent ?? r.getAttribute('aria-label')),
    ).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Movies' })).toBeChecked();
    expect(await screen.findByText('No items found in the leaderboard.')).toBeInTheDocument();
    expect(queries[0]?.get('media_type')).toBe('movies');
  });

  it("View More opens the title's quick view on the page; the card's link still leads to its page", async () => {
    const ranked = item(1, { title: 'Ember Tide', slug: 'ember-tide', release_date: '2027-03-14' });
    const fetchMock = vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      const body =
        url.pathname === '/media/slug/tv_seasons/ember-tide'
          ? {
              ...ranked,
              _id: 'i-1',
              id: 'i-1',
              description: 'A season at sea.',
              creator_label: 'Network',
              hype_meter_percentage: 40,
              genres: [],
              language: 'en',
              author: null,
              director: null,
              network_name: null,
              series: null,
              series_number: null,
              popularity: 1,
              regional_dates: [],
            }
          : page([ranked], 1, false).body;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { location } = renderPage();
    const card = (await screen.findAllByRole('listitem'))[0] as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Ember Tide' })).toHaveAttribute(
      'href',
      '/media/tv_seasons/ember-tide',
    );

    fireEvent.click(within(card).getByRole('button', { name: 'View More about Ember Tide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ember Tide' });
    expect(within(dialog).getByRole('heading', { name: 'Ember Tide' })).toBeInTheDocument();
    expect(await within(dialog).findByText('March 14, 2027')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open full page' })).toHaveAttribute(
      'href',
      '/media/tv_seasons/ember-tide',
    );
    expect(location()).toBe('/leaderboard');
  });

  it('shows the error toast when the board cannot be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubBoard(() => ({ status: 500, body: { error: { code: 'INTERNAL_ERROR', message: 'x' } } }));
    renderPage();
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Error')).toBeInTheDocument();
    expect(within(toast).getByText('Failed to load leaderboard data. Please try again.')).toBeInTheDocument();
  });
});
