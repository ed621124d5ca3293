import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DESCRIPTION_LIMIT, hypePercentage, TBD_TOOLTIP } from '../../../components/media-facts';
import { makeItem, renderWithProviders } from '../../../components/test-utils';
import { MediaDetail } from './media-detail';
import { stubApi } from './test-api';

const details = () => screen.getByRole('list', { name: 'Details' });

beforeEach(() => {
  stubApi(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('MediaDetail', () => {
  it('shows the title, the creator line and the creator tag with its label', () => {
    const item = makeItem({ creator: 'Priya Halvorsen', creator_label: 'Director' });
    renderWithProviders(<MediaDetail item={item} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Halcyon Relay' })).toBeInTheDocument();
    expect(screen.getByText(/^by/)).toHaveTextContent('by Priya Halvorsen');
    const tags = details();
    expect(within(tags).getByText('Director:')).toBeInTheDocument();
    expect(within(tags).getByText('Priya Halvorsen')).toBeInTheDocument();
  });

  it("shows TMDB's w500 poster through the proxy, at a fixed size, at once", () => {
    renderWithProviders(
      <MediaDetail item={makeItem({ image: '/proxy-image/tmdb/w500/kqjL17yufvn9OVLyXYpvtyrFfak.jpg' })} />,
    );
    const img = screen.getByRole('img', { name: 'Halcyon Relay' });
    expect(img).toHaveAttribute('src', '/proxy-image/tmdb/w500/kqjL17yufvn9OVLyXYpvtyrFfak.jpg');
    expect(img).toHaveAttribute('width', '320');
    expect(img).toHaveAttribute('height', '480');
    expect(img).toHaveAttribute('loading', 'eager');
  });

  it('shows an ISBNdb cover as it is stored', () => {
    const image = '/proxy-image/isbndb/12/34/9781234567897.jpg';
    renderWithProviders(<MediaDetail item={makeItem({ image, media_type: 'books' })} />);
    expect(screen.getByRole('img', { name: 'Halcyon Relay' })).toHaveAttribute('src', image);
  });

  it('counts down to a future release and says "Now Available!" once out', () => {
    const { unmount } = renderWithProviders(<MediaDetail item={makeItem({ release_date: '2999-06-15' })} />);
    expect(screen.getByRole('timer')).toHaveTextContent(/^Releases in \d+d \d+h \d+m$/);
    unmount();
    renderWithProviders(<MediaDetail item={makeItem({ release_date: '2001-01-01' })} />);
    expect(screen.getByRole('timer')).toHaveTextContent('Now Available!');
  });

  it('names the month or year instead of a clock when there is no exact day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 2, 20, 12, 0, 0));
    renderWithProviders(
      <MediaDetail item={makeItem({ release_date: '2027-03-01', release_date_precision: 'month' })} />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent(/^Releases in March 2027$/);
    expect(within(details()).getByText('March 2027')).toBeInTheDocument();
  });

  it('shows the release date as a tag', () => {
    renderWithProviders(<MediaDetail item={makeItem({ release_date: '2999-06-15' })} />);
    expect(within(details()).getByText('Jun 15, 2999')).toBeInTheDocument();
    expect(screen.queryByText('TBD')).toBeNull();
  });

  it('shows TBD without a date, explained by a tooltip that the keyboard reaches', async () => {
    renderWithProviders(
      <MediaDetail item={makeItem({ release_date: null, release_date_precision: null })} />,
    );
    expect(screen.queryByRole('timer')).toBeNull();
    const tbd = within(details()).getByRole('button', { name: 'TBD' });
    fireEvent.focus(tbd);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TBD_TOOLTIP);
    expect(tbd).toHaveAccessibleDescription(TBD_TOOLTIP);
  });

  it('shows the TBD tooltip on hover too', async () => {
    renderWithProviders(<MediaDetail item={makeItem({ release_date: null })} />);
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'TBD' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(TBD_TOOLTIP);
  });

  it('has no language tag for English titles', () => {
    renderWithProviders(<MediaDetail item={makeItem({ language: 'en' })} />);
    expect(screen.queryByText('English')).toBeNull();
    expect(within(details()).queryByText(/Language/)).toBeNull();
  });

  it('has a language tag for other languages', () => {
    renderWithProviders(<MediaDetail item={makeItem({ language: 'ja' })} />);
    expect(within(details()).getByText('Japanese')).toBeInTheDocument();
  });

  it('lists the genres of movies and TV seasons, but not of books', () => {
    const { unmount } = renderWithProviders(
      <MediaDetail item={makeItem({ genres: ['Science Fiction', 'Adventure'] })} />,
    );
    const genres = screen.getByRole('list', { name: 'Genres' });
    expect(
      within(genres)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Science Fiction', 'Adventure']);
    unmount();
    renderWithProviders(
      <MediaDetail
        item={makeItem({
          media_type: 'books',
          genres: ['Romance'],
          author: 'A. Writer',
          creator_label: 'Author',
        })}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Genres' })).toBeNull();
    expect(screen.queryByText('Romance')).toBeNull();
  });

  it.each([
    [5, 'Hidden Gem'],
    [10, 'Starting to Buzz'],
    [30, 'Trending'],
    [50, 'Highly Anticipated'],
    [80, 'Breakout Hit'],
    [100, 'Breakout Hit'],
  ])('shows the Hype Meter at %i%% as "%s"', (percentage, tier) => {
    renderWithProviders(<MediaDetail item={makeItem({ hype_meter_percentage: percentage })} />);
    expect(screen.getByRole('progressbar', { name: 'Hype Meter' })).toHaveAttribute(
      'aria-valuenow',
      String(percentage),
    );
    expect(screen.getByText(`${percentage}%`)).toBeInTheDocument();
    expect(screen.getByText(tier)).toBeInTheDocument();
  });

  it('uses 25% ("Starting to Buzz") when an item has no hype value', () => {
    const item = makeItem();
    (item as { hype_meter_percentage: unknown }).hype_meter_percentage = undefined;
    renderWithProviders(<MediaDetail item={item} />);
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText('Starting to Buzz')).toBeInTheDocument();
    expect(hypePercentage(null)).toBe(25);
  });

  it('cuts a long description at 300 characters, with See More / See Less', () => {
    const description = `${'a'.repeat(DESCRIPTION_LIMIT)}THE END`;
    renderWithProviders(<MediaDetail item={makeItem({ description })} />);
    expect(screen.getByText(`${'a'.repeat(300)}...`)).toBeInTheDocument();
    expect(screen.queryByText(/THE END/)).toBeNull();

    const more = screen.getByRole('button', { name: 'See More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(screen.getByText(description)).toBeInTheDocument();
    const less = screen.getByRole('button', { name: 'See Less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(less);
    expect(screen.getByText(`${'a'.repeat(300)}...`)).toBeInTheDocument();
  });

  it('shows a description of exactly 300 characters whole, without See More', () => {
    const description = 'b'.repeat(DESCRIPTION_LIMIT);
    renderWithProviders(<MediaDetail item={makeItem({ description })} />);
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See More' })).toBeNull();
  });

  it('has a Notify Me button that asks visitors to sign in with the item pending', () => {
    const item = makeItem();
    const { session } = renderWithProviders(<MediaDetail item={item} />);
    fireEvent.click(screen.getByRole('button', { name: 'Notify Me' }));
    expect(session.current?.isModalOpen).toBe(true);
    expect(session.current?.itemToAdd).toEqual({
      item_id: item.item_id,
      media_type: item.media_type,
      title: item.title,
    });
  });

  it("shows where to watch in the answer's country, and nothing before the catalog has looked", () => {
    const item = makeItem({ title: 'Glass Harbor' });
    const watch = {
      region: 'GB',
      link: 'https://www.themoviedb.org/movie/1-glass-harbor/watch?locale=GB',
      updated_at: '2027-03-01T06:00:00.000Z',
      offers: [
        { provider: { id: 8, name: 'Netflix', logo: null }, type: 'flatrate' as const, on_my_services: true },
      ],
    };
    const { unmount } = renderWithProviders(
      <MediaDetail item={{ ...item, regional_dates: null, watch, follow: [] }} />,
    );
    const block = screen.getByRole('region', { name: 'Where to watch in United Kingdom' });
    expect(within(block).getByText('Netflix')).toBeInTheDocument();
    expect(within(block).getByText('Your service')).toBeInTheDocument();
    unmount();
    renderWithProviders(<MediaDetail item={{ ...item, regional_dates: null, watch: null, follow: [] }} />);
    expect(screen.queryByRole('region', { name: /Where to watch/ })).toBeNull();
  });

  describe('Buy on Amazon', () => {
    const book = makeItem({
      media_type: 'books',
      title: 'The Apiarist',
      author: 'Juniper Voss',
      creator: 'Juniper Voss',
      creator_label: 'Author',
      director: null,
      genres: ['Romance'],
    });

    it('links books to a search in the store of the browser locale, with the affiliate tag', async () => {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en-US']);
      renderWithProviders(<MediaDetail item={book} />);
      const link = screen.getByRole('link', { name: /^Buy on Amazon/ });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      await waitFor(() =>
        expect(new URL(link.getAttribute('href') ?? '').searchParams.get('tag')).toBe('bell-20'),
      );
      const href = new URL(link.getAttribute('href') ?? '');
      expect(href.hostname).toBe('www.amazon.de');
      expect(href.searchParams.get('k')).toBe('The Apiarist Juniper Voss');
    });

    it('defaults to the US store', () => {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['xx']);
      renderWithProviders(<MediaDetail item={book} />);
      const href = new URL(screen.getByRole('link', { name: /^Buy on Amazon/ }).getAttribute('href') ?? '');
      expect(href.hostname).toBe('www.amazon.com');
    });

    it('is not offered for movies or TV seasons', () => {
      renderWithProviders(<MediaDetail item={makeItem({ media_type: 'movies' })} />);
      expect(screen.queryByRole('link', { name: /Buy on Amazon/ })).toBeNull();
    });
  });
});
