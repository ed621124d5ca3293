import type { MediaItem } from '@releasebell/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem, renderWithProviders } from '../../../components/test-utils';
import { HomePage } from './home-page';

type Handler = (path: string) => { status: number; body: unknown };

const itemsFor = (kind: string, type: string): MediaItem[] =>
  [1, 2].map((n) =>
    makeItem({
      _id: `${kind}-${type}-${n}`,
      title: `${kind} ${type} ${n}`,
      slug: `${kind}-${type}-${n}`,
      media_type: type as MediaItem['media_type'],
    }),
  );

/** A fake API: lists and a featured item per type, unless a test says otherwise. */
const ok: Handler = (path) => {
  const [, kind = '', type = ''] = path.split('/');
  if (kind === 'media') {
    const featuredType = path.split('/')[3] ?? '';
    return { status: 200, body: makeItem({ title: `Featured ${featuredType}`, media_type: 'books' }) };
  }
  return { status: 200, body: itemsFor(kind, type) };
};

let fetchMock: ReturnType<typeof vi.fn>;
function stubApi(handler: Handler) {
  fetchMock = vi.fn(async (input: string) => {
    const { status, body } = handler(new URL(input, 'http://localhost').pathname);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
}
const requested = () => fetchMock.mock.calls.map((c) => String(c[0]));

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HomePage', () => {
  it('shows TV Shows first and by default, with the featured release and both carousels', async () => {
    stubApi(ok);
    renderWithProviders(<HomePage />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['TV Shows', 'Movies', 'Books']);
    expect(screen.getByRole('tab', { name: 'TV Shows' })).toHaveAttribute('aria-selected', 'true');

    expect(await screen.findByRole('heading', { name: 'Featured tv_seasons' })).toBeInTheDocument();
    const upcoming = screen.getByRole('region', { name: 'Upcoming Releases' });
    expect(await within(upcoming).findByText('upcoming tv_seasons 1')).toBeInTheDocument();
    const trending = screen.getByRole('region', { name: 'Trending' });
    expect(within(trending).getByText('trending tv_seasons 2')).toBeInTheDocument();
    expect(within(trending).getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/leaderboard');
    expect(screen.getByRole('link', { name: /View Details/ })).toBeInTheDocument();
  });

  it("shows the hero's TMDB poster at w500 (its backdrop the same file) and the cards' at w342", async () => {
    stubApi((path) => {
      const [, kind = '', type = ''] = path.split('/');
      if (kind === 'media')
        return {
          status: 200,
          body: makeItem({
            title: 'Featured',
            media_type: 'tv_seasons',
            image: '/proxy-image/tmdb/w500/hero.jpg',
          }),
        };
      return {
        status: 200,
        body: itemsFor(kind, type).map((item, n) => ({
          ...item,
          image: `/proxy-image/tmdb/w500/${kind}-${n}.jpg`,
        })),
      };
    });
    renderWithProviders(<HomePage />);
    const heading = await screen.findByRole('heading', { name: 'Featured' });
    const hero = heading.closest('section') as HTMLElement;
    const poster = within(hero).getByRole('img', { name: 'Featured' });
    expect(poster).toHaveAttribute('src', '/proxy-image/tmdb/w500/hero.jpg');
    expect(poster).toHaveAttribute('loading', 'eager');
    expect(poster).toHaveAttribute('width', '260');
    expect(poster).toHaveAttribute('height', '390');
    expect(hero.querySelector('[style*="background-image"]')?.getAttribute('style')).toContain(
      'url("/proxy-image/tmdb/w500/hero.jpg")',
    );

    const upcoming = screen.getByRole('region', { name: 'Upcoming Releases' });
    const card = await within(upcoming).findByRole('img', { name: 'upcoming tv_seasons 1' });
    expect(card).toHaveAttribute('src', '/proxy-image/tmdb/w342/upcoming-0.jpg');
    expect(card).toHaveAttribute('loading', 'lazy');
  });

  it('prefetches the other media types once the first screen is up, not before', async () => {
    stubApi(ok);
    // The browser says when it is idle: here, when the test says so.
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (task: IdleRequestCallback) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => {});
    const { unmount } = renderWithProviders(<HomePage />);
    await screen.findByText('upcoming tv_seasons 1');
    expect(requested()).toHaveLength(3);
    expect(idle).toHaveLength(1);
    act(() => idle[0]?.({ didTimeout: false, timeRemaining: () => 50 }));
    await waitFor(() => expect(new Set(requested()).size).toBe(9));
    for (const type of ['tv_seasons', 'movies', 'books']) {
      expect(requested()).toEqual(
        expect.arrayContaining([`/trending/${type}`, `/upcoming/${type}`, `/media/featured/${type}`]),
      );
    }
    unmount();
  });

  it('remembers the chosen tab and shows its media after the switch delay', async () => {
    stubApi(ok);
    renderWithProviders(<HomePage />);
    await screen.findByText('upcoming tv_seasons 1');

    fireEvent.click(screen.getByRole('tab', { name: 'Books' }));
    expect(window.localStorage.getItem('selectedMediaType')).toBe('books');
    expect(screen.getByRole('tab', { name: 'Books' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status', { name: 'Loading Upcoming Releases' })).toBeInTheDocument();
    expect(await screen.findByText('upcoming books 1')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    stubApi(ok);
    renderWithProviders(<HomePage />);
    const tv = screen.getByRole('tab', { name: 'TV Shows' });
    fireEvent.keyDown(tv, { key: 'ArrowLeft' });
    const books = screen.getByRole('tab', { name: 'Books' });
    expect(books).toHaveAttribute('aria-selected', 'true');
    expect(books).toHaveFocus();
    fireEvent.keyDown(books, { key: 'ArrowRight' });
    expect(tv).toHaveAttribute('aria-selected', 'true');
    expect(window.localStorage.getItem('selectedMediaType')).toBe('tv_seasons');
    await screen.findByText('upcoming tv_seasons 1');
  });

  it('opens on the stored tab and ignores an invalid stored value', async () => {
    stubApi(ok);
    window.localStorage.setItem('selectedMediaType', 'movies');
    const first = renderWithProviders(<HomePage />);
    expect(screen.getByRole('tab', { name: 'Movies' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('upcoming movies 1');
    first.unmount();

    window.localStorage.setItem('selectedMediaType', 'podcasts');
    renderWithProviders(<HomePage />);
    expect(screen.getByRole('tab', { name: 'TV Shows' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText('upcoming tv_seasons 1');
  });

  it('replaces the page with "Failed to fetch media" when the lists fail, keeping the tabs', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Internal error' } } }));
    renderWithProviders(<HomePage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch media');
    expect(screen.queryByRole('region', { name: 'Upcoming Releases' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('tab')).toHaveLength(3);
    await waitFor(() => {
      const messages = error.mock.calls.map((c) => c[0]);
      expect(messages).toEqual(
        expect.arrayContaining(['Failed to fetch trending media', 'Failed to fetch upcoming media']),
      );
    });
    error.mockClear();
  });

  it('only logs a featured failure and leaves the block out', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi((path) =>
      path.startsWith('/media/featured')
        ? { status: 404, body: { error: { code: 'MEDIA_NOT_FOUND', message: 'Media not found.' } } }
        : ok(path),
    );
    renderWithProviders(<HomePage />);

    expect(await screen.findByText('upcoming tv_seasons 1')).toBeInTheDocument();
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('Failed to fetch featured release', expect.anything()),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /View Details/ })).not.toBeInTheDocument();
    expect(error.mock.calls.map((c) => c[0])).toEqual(['Failed to fetch featured release']);
    error.mockClear();
  });
});
