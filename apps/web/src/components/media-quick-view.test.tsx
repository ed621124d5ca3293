import type { MediaItem } from '@releasebell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DESCRIPTION_LIMIT } from './media-facts';
import { MediaQuickView, type QuickViewItem, useQuickView } from './media-quick-view';
import { makeItem, renderWithProviders, stubApiRoutes } from './test-utils';

const ITEM = makeItem({
  title: 'Halcyon Relay',
  slug: 'halcyon-relay',
  media_type: 'movies',
  creator: 'Priya Halvorsen',
  creator_label: 'Director',
  release_date: '2027-03-14',
  release_date_precision: 'day',
  hype_meter_percentage: 62,
});

/** What a card's row carries: no description, hype or creator label. */
const rowOf = (item: MediaItem): QuickViewItem => ({
  item_id: item.item_id,
  media_type: item.media_type,
  slug: item.slug,
  title: item.title,
  image: item.image,
});

/** A card with its View More button, as the Watchlist and Leaderboard screens have them. */
function Card({ row }: { row: QuickViewItem }) {
  const quickView = useQuickView();
  return (
    <>
      <button type="button" onClick={(e) => quickView.open(row, e)}>
        View More
      </button>
      <MediaQuickView quickView={quickView} />
    </>
  );
}

/** The item's address answers `item` (or a 404 when null). */
function stubItem(item: MediaItem | null) {
  return stubApiRoutes({
    [`GET /media/slug/${ITEM.media_type}/${ITEM.slug}`]: () =>
      item
        ? { status: 200, body: { ...item, regional_dates: [] } }
        : { status: 404, body: { error: { code: 'MEDIA_NOT_FOUND', message: 'Media not found.' } } },
  });
}

async function openQuickView(item: MediaItem | null = ITEM) {
  stubItem(item);
  const user = userEvent.setup();
  const view = renderWithProviders(<Card row={rowOf(ITEM)} />, { route: '/leaderboard' });
  await user.click(screen.getByRole('button', { name: 'View More' }));
  const dialog = await screen.findByRole('dialog', { name: ITEM.title });
  return { ...view, user, dialog };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MediaQuickView', () => {
  it("opens from View More with the row's title and poster at once, and the rest once loaded", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    stubApiRoutes({
      'GET /media/slug/movies/halcyon-relay': () => new Promise((resolve) => (answer = resolve)),
    });
    renderWithProviders(<Card row={rowOf(ITEM)} />, { route: '/leaderboard' });
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'View More' }));
    const dialog = await screen.findByRole('dialog', { name: 'Halcyon Relay' });
    expect(within(dialog).getByRole('heading', { name: 'Halcyon Relay' })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Halcyon Relay' })).toHaveAttribute('src', ITEM.image);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading...');
    expect(within(dialog).getByRole('button', { name: 'Notify Me' })).toBeInTheDocument();

    answer({ status: 200, body: { ...ITEM, regional_dates: [] } });
    const details = await within(dialog).findByRole('list', { name: 'Details' });
    expect(within(dialog).queryByRole('status')).toBeNull();
    expect(within(details).getByText('Director:')).toBeInTheDocument();
    expect(within(details).getByText('Priya Halvorsen')).toBeInTheDocument();
    expect(within(dialog).getByRole('timer')).toHaveTextContent(
      /^(Releases in \d+d \d+h \d+m|Now Available!)$/,
    );
    expect(within(dialog).getByRole('progressbar', { name: 'Hype Meter' })).toHaveAttribute(
      'aria-valuenow',
      '62',
    );
    expect(within(dialog).getByText('Highly Anticipated')).toBeInTheDocument();
    expect(within(dialog).getByText('A space adventure.')).toBeInTheDocument();
  });

  it('shows the release date in long US format as written, even where local time is a day behind', async () => {
    // The test zone (America/New_York) is behind UTC: read as a local date, the day would be the 13th.
    expect(new Date('2027-03-14').toLocaleDateString('en-US', { dateStyle: 'long' })).toBe('March 13, 2027');
    const { dialog } = await openQuickView();
    const details = await within(dialog).findByRole('list', { name: 'Details' });
    expect(within(details).getByText('Release date:')).toBeInTheDocument();
    expect(within(details).getByText('March 14, 2027')).toBeInTheDocument();
  });

  it('says "N/A" without a release date, and names only the month when that is all that is known', async () => {
    const { dialog, unmount } = await openQuickView({
      ...ITEM,
      release_date: null,
      release_date_precision: null,
    });
    const details = await within(dialog).findByRole('list', { name: 'Details' });
    expect(within(details).getByText('N/A')).toBeInTheDocument();
    expect(within(dialog).queryByRole('timer')).toBeNull();
    unmount();
    vi.unstubAllGlobals();

    const month = await openQuickView({
      ...ITEM,
      release_date: '2027-03-01',
      release_date_precision: 'month',
    });
    const monthDetails = await within(month.dialog).findByRole('list', { name: 'Details' });
    expect(within(monthDetails).getByText('March 2027')).toBeInTheDocument();
  });

  it('cuts a long description at 300 characters, with See More / See Less', async () => {
    const description = `${'a'.repeat(DESCRIPTION_LIMIT)}THE END`;
    const { dialog, user } = await openQuickView({ ...ITEM, description });
    expect(await within(dialog).findByText(`${'a'.repeat(300)}...`)).toBeInTheDocument();
    expect(within(dialog).queryByText(/THE END/)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'See More' }));
    expect(within(dialog).getByText(description)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'See Less' }));
    expect(within(dialog).getByText(`${'a'.repeat(300)}...`)).toBeInTheDocument();
  });

  it('says where to watch, compactly, with the digital date in its own long format', async () => {
    stubApiRoutes({
      [`GET /media/slug/${ITEM.media_type}/${ITEM.slug}`]: () => ({
        status: 200,
        body: {
          ...ITEM,
          regional_dates: { region: 'GB', theatrical: '2027-03-14', digital: '2027-06-01', physical: null },
          watch: {
            region: 'GB',
            link: 'https://www.themoviedb.org/movie/1-halcyon-relay/watch?locale=GB',
            updated_at: '2027-03-01T06:00:00.000Z',
            offers: [
              { provider: { id: 2, name: 'Apple TV', logo: null }, type: 'rent', on_my_services: false },
            ],
          },
          follow: [],
        },
      }),
    });
    renderWithProviders(<Card row={rowOf(ITEM)} />, { route: '/leaderboard' });
    fireEvent.click(screen.getByRole('button', { name: 'View More' }));
    const dialog = await screen.findByRole('dialog', { name: ITEM.title });
    const block = await within(dialog).findByRole('region', { name: 'Where to watch in United Kingdom' });
    // The modal's title is its level-2 heading.
    expect(within(block).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Where to watch in United Kingdom',
    );
    expect(within(block).getByText('Apple TV')).toBeInTheDocument();
    expect(within(block).getByText('Not streaming in United Kingdom yet')).toBeInTheDocument();
    expect(within(block).getByText('Digital release: June 1, 2027')).toBeInTheDocument();
    expect(within(block).getByRole('link', { name: /^Streaming data from JustWatch/ })).toHaveAttribute(
      'href',
      'https://www.themoviedb.org/movie/1-halcyon-relay/watch?locale=GB',
    );
  });

  it("links to the item's full page", async () => {
    const { dialog, user, location } = await openQuickView();
    const link = within(dialog).getByRole('link', { name: 'Open full page' });
    expect(link).toHaveAttribute('href', '/media/movies/halcyon-relay');
    await user.click(link);
    await waitFor(() => expect(location()).toBe('/media/movies/halcyon-relay'));
  });

  it('closes on Escape and on the close button, giving focus back to View More, and stays on the page', async () => {
    const { dialog, user, location } = await openQuickView();
    const viewMore = screen.getByRole('button', { name: 'View More', hidden: true });
    // Focus moves into the modal, and Tab stays there.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    expect(location()).toBe('/leaderboard');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(viewMore).toHaveFocus());
    expect(location()).toBe('/leaderboard');

    await user.click(viewMore);
    const again = await screen.findByRole('dialog', { name: ITEM.title });
    await user.click(within(again).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(viewMore).toHaveFocus());
    expect(location()).toBe('/leaderboard');
  });

  it('says so when the item is gone, and still offers its page', async () => {
    const { dialog } = await openQuickView(null);
    expect(await within(dialog).findByText('Media not found.')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open full page' })).toBeInTheDocument();
  });

  it('asks a visitor to sign in from Notify Me, with the item pending, and keeps the quick view', async () => {
    const { dialog, user, session } = await openQuickView();
    await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
    expect(session.current?.isModalOpen).toBe(true);
    expect(session.current?.itemToAdd).toEqual({
      item_id: ITEM.item_id,
      media_type: ITEM.media_type,
      title: ITEM.title,
    });
    expect(screen.getByRole('dialog', { name: ITEM.title })).toBeInTheDocument();
  });
});
