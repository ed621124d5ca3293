import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  MEMBER,
  makeItem,
  renderWithProviders,
  stubApiRoutes,
  watchlistEntryOf,
} from '../../../components/test-utils';
import { WatchlistPanel } from './watchlist-panel';

const book = makeItem({
  item_id: 'b1',
  media_type: 'books',
  title: 'Paper Moons',
  slug: 'paper-moons',
  release_date: '2027-02-03',
});
const movie = makeItem({ item_id: 'm1', media_type: 'movies', title: 'Night Ferry', slug: 'night-ferry' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WatchlistPanel', () => {
  it('lists only the tracked titles of the chosen type, under "My Books Tracking List"', async () => {
    stubApiRoutes({
      'GET /watchlist/u-1': () => ({ status: 200, body: [watchlistEntryOf(book), watchlistEntryOf(movie)] }),
    });
    const { location } = renderWithProviders(<WatchlistPanel mediaType="books" />, { user: MEMBER });
    expect(screen.getByRole('heading', { name: 'My Books Tracking List' })).toBeInTheDocument();
    expect(await screen.findByText('Paper Moons')).toBeInTheDocument();
    expect(screen.getByText('Feb 3, 2027')).toBeInTheDocument();
    expect(screen.queryByText('Night Ferry')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('Paper Moons'));
    expect(location()).toBe('/media/books/paper-moons');
  });

  it('says so when nothing of that type is tracked, and View More goes to /watchlist', async () => {
    stubApiRoutes({ 'GET /watchlist/u-1': () => ({ status: 200, body: [watchlistEntryOf(book)] }) });
    const { location } = renderWithProviders(<WatchlistPanel mediaType="tv_seasons" />, { user: MEMBER });
    expect(screen.getByRole('heading', { name: 'My TV Shows Tracking List' })).toBeInTheDocument();
    expect(await screen.findByText('No items in your TV Shows watchlist yet!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View More' }));
    expect(location()).toBe('/watchlist');
  });

  it('titles the movies panel "My Movies Tracking List"', async () => {
    stubApiRoutes({ 'GET /watchlist/u-1': () => ({ status: 200, body: [watchlistEntryOf(movie)] }) });
    renderWithProviders(<WatchlistPanel mediaType="movies" />, { user: MEMBER });
    expect(screen.getByRole('heading', { name: 'My Movies Tracking List' })).toBeInTheDocument();
    expect(await screen.findByText('Night Ferry')).toBeInTheDocument();
  });
});
