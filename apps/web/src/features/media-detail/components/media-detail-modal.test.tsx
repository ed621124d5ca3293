import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeItem, renderWithProviders } from '../../../components/test-utils';
import { mediaBySlugKey } from '../api/get-media-by-slug';
import { TBD_TOOLTIP } from './media-detail';
import MediaDetailModalDefault, { MediaDetailModal } from './media-detail-modal';
import { stubApi } from './test-api';

beforeEach(() => {
  stubApi(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MediaDetailModal', () => {
  it('is titled with the item and shows the release date in long US format (UTC)', async () => {
    renderWithProviders(
      <MediaDetailModal item={makeItem({ release_date: '2999-06-15' })} opened onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Halcyon Relay' });
    expect(dialog).toHaveTextContent('June 15, 2999');
    // The modal's own title is the only heading for the item.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('button', { name: 'Notify Me' })).toBeInTheDocument();
  });

  it('shows "N/A" without a date, with the no-date tooltip', async () => {
    renderWithProviders(
      <MediaDetailModal item={makeItem({ release_date: null })} opened onClose={() => {}} />,
    );
    const na = await screen.findByRole('button', { name: 'N/A' });
    fireEvent.focus(na);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TBD_TOOLTIP);
  });

  it('links to the full page, which then shows the item at once, and closes on the way', async () => {
    const onClose = vi.fn();
    const item = makeItem();
    const { location, queryClient } = renderWithProviders(
      <MediaDetailModal item={item} opened onClose={onClose} />,
    );
    const link = await screen.findByRole('link', { name: 'Open full page' });
    expect(link).toHaveAttribute('href', '/media/movies/halcyon-relay');
    fireEvent.click(link);
    expect(location()).toBe('/media/movies/halcyon-relay');
    expect(queryClient.getQueryData(mediaBySlugKey('movies', 'halcyon-relay'))).toEqual(item);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closes with its close button', async () => {
    const onClose = vi.fn();
    renderWithProviders(<MediaDetailModal item={makeItem()} opened onClose={onClose} />);
    await screen.findByRole('dialog');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing while closed, and is also the default export (for lazy loading)', () => {
    renderWithProviders(<MediaDetailModalDefault item={makeItem()} opened={false} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(MediaDetailModalDefault).toBe(MediaDetailModal);
  });
});
