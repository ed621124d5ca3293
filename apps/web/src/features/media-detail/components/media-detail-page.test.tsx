import type { MediaItem } from '@releasebell/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeItem, renderWithProviders } from '../../../components/test-utils';
import { MediaDetailPage } from './media-detail-page';
import { stubApi } from './test-api';

const notFound = { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Media not found.' } } };

function renderPage(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/media/:mediaType/:slug" element={<MediaDetailPage />} />
    </Routes>,
    { route },
  );
}

/** Serves one item at its slug address, and the given recommendations for it. */
function serve(item: MediaItem, recommendations: MediaItem[] = []) {
  return stubApi((path) => {
    if (path === `/media/slug/${item.media_type}/${item.slug}`) return { status: 200, body: item };
    if (path === `/media/recommendations/${item.media_type}/${item._id}`)
      return { status: 200, body: recommendations };
    if (path.startsWith('/media/slug/')) return notFound;
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MediaDetailPage', () => {
  it('shows "Loading..." and then the item, with the page title', async () => {
    const item = makeItem({ title: 'Halcyon Relay', slug: 'halcyon-relay' });
    const { requested } = serve(item);
    renderPage('/media/movies/halcyon-relay');

    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Halcyon Relay' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(document.title).toBe('Halcyon Relay | Releasebell');
    expect(requested()).toContain('/media/slug/movies/halcyon-relay');
    expect(screen.getByRole('img', { name: 'Halcyon Relay' })).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^Releases in \d+d \d+h \d+m$/);
  });

  it('says "Media not found." for an unknown slug, without retrying', async () => {
    const { requested } = serve(makeItem());
    renderPage('/media/books/no-such-book');
    expect(await screen.findByRole('heading', { name: 'Media not found.' })).toBeInTheDocument();
    expect(requested().filter((p) => p.startsWith('/media/slug/'))).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/homepage');
  });

  it('says "Media not found." for a media type that does not exist, without asking the server', () => {
    const { requested } = serve(makeItem());
    renderPage('/media/podcasts/halcyon-relay');
    expect(screen.getByRole('heading', { name: 'Media not found.' })).toBeInTheDocument();
    expect(requested()).toEqual([]);
  });

  it('says "Media not found." when the server fails, and only warns in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubApi((path) =>
      path.startsWith('/media/slug/')
        ? { status: 500, body: { error: { code: 'X', message: 'x' } } }
        : undefined,
    );
    renderPage('/media/movies/halcyon-relay');
    expect(await screen.findByText('Media not found.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
  });

  it('shows the "People Also Have" carousel of recommendations', async () => {
    const item = makeItem();
    const others = [
      makeItem({ _id: 'r1', title: 'Orbit of Ash', slug: 'orbit-of-ash' }),
      makeItem({ _id: 'r2', title: 'Quiet Meridian', slug: 'quiet-meridian' }),
    ];
    serve(item, others);
    renderPage('/media/movies/halcyon-relay');
    const region = await screen.findByRole('region', { name: 'People Also Have' });
    expect(await within(region).findByRole('link', { name: 'Orbit of Ash' })).toHaveAttribute(
      'href',
      '/media/movies/orbit-of-ash',
    );
    expect(within(region).getByRole('link', { name: 'Quiet Meridian' })).toBeInTheDocument();
  });

  it('hides the recommendations when there are none', async () => {
    serve(makeItem(), []);
    renderPage('/media/movies/halcyon-relay');
    await screen.findByRole('heading', { level: 1, name: 'Halcyon Relay' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'People Also Have' })).toBeNull());
  });

  it('hides the recommendations when their call fails, logging only a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const item = makeItem();
    stubApi((path) => {
      if (path === '/media/slug/movies/halcyon-relay') return { status: 200, body: item };
      if (path.startsWith('/media/recommendations/'))
        return { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } };
      return undefined;
    });
    renderPage('/media/movies/halcyon-relay');
    await screen.findByRole('heading', { level: 1, name: 'Halcyon Relay' });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to fetch recommendations', expect.anything()),
    );
    expect(screen.queryByRole('region', { name: 'People Also Have' })).toBeNull();
  });
});
