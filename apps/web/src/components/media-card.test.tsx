import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaCard } from './media-card';
import { MEMBER, makeItem, renderWithProviders, stubApiRoutes, watchlistEntryOf } from './test-utils';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('MediaCard', () => {
  it('shows the title, formatted date, countdown and both buttons', () => {
    renderWithProviders(<MediaCard item={makeItem()} />);
    expect(screen.getByRole('heading', { name: 'Halcyon Relay' })).toBeInTheDocument();
    expect(screen.getByText('Jun 15, 2999')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^\d+d \d+h \d+m$/);
    expect(screen.getByRole('button', { name: 'Notify Me' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View More' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Halcyon Relay' })).toHaveAttribute('loading', 'lazy');
  });

  it("asks for TMDB's w342 poster through the proxy, at a fixed size, lazily", () => {
    renderWithProviders(
      <MediaCard item={makeItem({ image: '/proxy-image/tmdb/w500/kqjL17yufvn9OVLyXYpvtyrFfak.jpg' })} />,
    );
    const img = screen.getByRole('img', { name: 'Halcyon Relay' });
    expect(img).toHaveAttribute('src', '/proxy-image/tmdb/w342/kqjL17yufvn9OVLyXYpvtyrFfak.jpg');
    expect(img).toHaveAttribute('width', '220');
    expect(img).toHaveAttribute('height', '330');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it.each(['/proxy-image/isbndb/12/34/9781234567897.jpg', '/demo-posters/books/bk-001.svg'])(
    'shows %s as it is stored',
    (image) => {
      renderWithProviders(<MediaCard item={makeItem({ image, media_type: 'books' })} />);
      expect(screen.getByRole('img', { name: 'Halcyon Relay' })).toHaveAttribute('src', image);
    },
  );

  it('shows the placeholder for an item without an image, and when the poster fails to load', () => {
    const { unmount } = renderWithProviders(<MediaCard item={makeItem({ image: null })} />);
    expect(screen.getByRole('img', { name: 'Halcyon Relay' })).toHaveAttribute(
      'src',
      '/placeholders/movies.svg',
    );
    unmount();

    renderWithProviders(<MediaCard item={makeItem({ image: '/proxy-image/tmdb/w500/gone.jpg' })} />);
    const img = screen.getByRole('img', { name: 'Halcyon Relay' });
    expect(img).toHaveAttribute('src', '/proxy-image/tmdb/w342/gone.jpg');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/placeholders/movies.svg');
  });

  it('shows N/A and "Coming Soon" without a date', () => {
    renderWithProviders(<MediaCard item={makeItem({ release_date: null, release_date_precision: null })} />);
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('Coming Soon');
  });

  it('shows a month or year date as such, with no clock, until that month or year is over', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2028, 5, 1, 12, 0, 0));
    const { unmount } = renderWithProviders(
      <MediaCard item={makeItem({ release_date: '2028-01-01', release_date_precision: 'year' })} />,
    );
    expect(screen.getByText('2028')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Coming Soon$/);
    unmount();

    renderWithProviders(
      <MediaCard item={makeItem({ release_date: '2028-06-01', release_date_precision: 'month' })} />,
    );
    expect(screen.getByText('June 2028')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Coming Soon$/);
  });

  it('reads "Released!" once a year date\'s year is over', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2029, 0, 1, 0, 0, 1));
    renderWithProviders(
      <MediaCard item={makeItem({ release_date: '2028-01-01', release_date_precision: 'year' })} />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent(/^Released!$/);
  });

  it('opens the item page from the title link and from View More', () => {
    const view = renderWithProviders(<MediaCard item={makeItem()} />);
    expect(screen.getByRole('link', { name: 'Halcyon Relay' })).toHaveAttribute(
      'href',
      '/media/movies/halcyon-relay',
    );
    fireEvent.click(screen.getByRole('button', { name: 'View More' }));
    expect(view.location()).toBe('/media/movies/halcyon-relay');
  });

  it('does nothing but log an error when the item has no slug', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const view = renderWithProviders(<MediaCard item={makeItem({ slug: '' })} />, { route: '/homepage' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Halcyon Relay' }));
    fireEvent.click(screen.getByRole('button', { name: 'View More' }));

    expect(view.location()).toBe('/homepage');
    expect(error).toHaveBeenCalledTimes(2);
    expect(String(error.mock.calls[0]?.[0])).toContain('no slug');
    // Expected errors are cleared, so the setup's check for unexpected ones stays quiet.
    error.mockClear();
  });

  it('asks a visitor to sign in with the item pending, without opening the item', () => {
    const item = makeItem();
    const view = renderWithProviders(<MediaCard item={item} />, { route: '/homepage' });
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(view.session.current?.isModalOpen).toBe(true);
    expect(view.session.current?.itemToAdd).toEqual({
      item_id: item.item_id,
      media_type: item.media_type,
      title: item.title,
    });
    expect(view.location()).toBe('/homepage');
  });

  it('shows "In Watchlist", disabled, for an item the member tracks', async () => {
    const item = makeItem();
    stubApiRoutes({
      'GET /watchlist/u-1': () => ({ status: 200, body: [{ ...watchlistEntryOf(item) }] }),
    });
    renderWithProviders(<MediaCard item={item} />, { user: MEMBER });
    expect(await screen.findByRole('button', { name: 'In Watchlist' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Notify Me' })).not.toBeInTheDocument();
  });
});
