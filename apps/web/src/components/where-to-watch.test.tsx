import type { MediaDetail, TitleWatch, WatchOffer } from '@releasebell/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFER_GROUPS } from '../lib/watch';
import { renderWithProviders } from './test-utils';
import { WhereToWatch } from './where-to-watch';

const provider = (id: number, name: string, logo: string | null = `/proxy-image/tmdb/w92/p${id}.jpg`) => ({
  id,
  name,
  logo,
});
const NETFLIX = provider(8, 'Netflix');
const PRIME = provider(9, 'Amazon Prime Video');
const CHANNEL4 = provider(103, 'Channel 4', null);
const APPLE = provider(2, 'Apple TV');

const offer = (p: WatchOffer['provider'], type: WatchOffer['type'], mine = false): WatchOffer => ({
  provider: p,
  type,
  on_my_services: mine,
});

const watch = (offers: WatchOffer[], overrides: Partial<TitleWatch> = {}): TitleWatch => ({
  region: 'GB',
  link: 'https://www.themoviedb.org/movie/603-glass-harbor/watch?locale=GB',
  updated_at: '2027-03-01T06:00:00.000Z',
  offers,
  ...overrides,
});

type Item = Pick<MediaDetail, 'media_type' | 'watch' | 'regional_dates'>;
const movie = (w: TitleWatch | null, regional: MediaDetail['regional_dates'] = null): Item => ({
  media_type: 'movies',
  watch: w,
  regional_dates: regional,
});

const HEADING = 'Where to watch in United Kingdom';
const NOT_YET = 'Not streaming in United Kingdom yet';
const YOUR_SERVICE = 'Your service';
const section = () => screen.getByRole('region', { name: HEADING });
/** Each group's label and the names its offers are listed under, in order. */
const groups = () =>
  within(section())
    .getAllByRole('list')
    .map((list) => [
      list.getAttribute('aria-labelledby') &&
        document.getElementById(list.getAttribute('aria-labelledby') ?? '')?.textContent,
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ]);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WhereToWatch', () => {
  it('lists the offers in the contract\'s groups and order, an ads offer named "with ads"', () => {
    renderWithProviders(
      <WhereToWatch
        item={movie(
          watch([
            offer(NETFLIX, 'flatrate'),
            offer(PRIME, 'flatrate'),
            offer(CHANNEL4, 'ads'),
            offer(APPLE, 'rent'),
            offer(PRIME, 'rent'),
            offer(APPLE, 'buy'),
          ]),
        )}
      />,
    );
    expect(screen.getByRole('heading', { level: 2, name: HEADING })).toBeVisible();
    expect(groups()).toEqual([
      ['Stream', ['Netflix', 'Amazon Prime Video']],
      ['Free', ['Channel 4 with ads']],
      ['Rent', ['Apple TV', 'Amazon Prime Video']],
      ['Buy', ['Apple TV']],
    ]);
    expect(OFFER_GROUPS.map((g) => g.label.message)).toEqual(['Stream', 'Free', 'Rent', 'Buy']);
    // Logos beside the names say nothing more; a service with no logo gets its initial, hidden too.
    const netflix = within(section()).getByText('Netflix').closest('li') as HTMLElement;
    expect(netflix.querySelector('img')).toHaveAttribute('src', '/proxy-image/tmdb/w92/p8.jpg');
    expect(netflix.querySelector('img')).toHaveAttribute('alt', '');
    expect(within(section()).queryByRole('img')).toBeNull();
    // Something streams it: no "not yet".
    expect(screen.queryByText(NOT_YET)).toBeNull();
  });

  it("marks the member's services with a visible badge, first in their group", () => {
    renderWithProviders(
      <WhereToWatch
        item={movie(
          watch([
            offer(NETFLIX, 'flatrate', true),
            offer(PRIME, 'flatrate'),
            offer(provider(50, 'ITVX'), 'free'),
            offer(CHANNEL4, 'ads', true),
          ]),
        )}
      />,
    );
    expect(groups()).toEqual([
      ['Stream', [`Netflix${YOUR_SERVICE}`, 'Amazon Prime Video']],
      // Free holds free and ads offers: the member's service comes first across both.
      ['Free', [`Channel 4 with ads${YOUR_SERVICE}`, 'ITVX']],
    ]);
    const badges = within(section()).getAllByText(YOUR_SERVICE);
    expect(badges).toHaveLength(2);
    expect(badges[0]?.closest('li')).toHaveTextContent(/^Netflix/);
  });

  it('says it is not streaming yet, with the digital date of the same country', () => {
    renderWithProviders(
      <WhereToWatch
        item={movie(watch([offer(APPLE, 'buy')]), {
          region: 'GB',
          theatrical: '2027-03-20',
          digital: '2027-06-01',
          physical: null,
        })}
      />,
    );
    expect(within(section()).getByText(NOT_YET)).toBeVisible();
    expect(within(section()).getByText('Digital release: Jun 1, 2027')).toBeVisible();
    expect(groups()).toEqual([['Buy', ['Apple TV']]]);
  });

  it('gives no digital date from another country, and writes the date as its surface does', () => {
    const { unmount } = renderWithProviders(
      <WhereToWatch
        item={movie(watch([]), { region: 'US', theatrical: null, digital: '2027-06-01', physical: null })}
      />,
    );
    expect(within(section()).getByText(NOT_YET)).toBeVisible();
    expect(screen.queryByText(/Digital release/)).toBeNull();
    unmount();
    renderWithProviders(
      <WhereToWatch
        compact
        formatDate={(day) => `day ${day}`}
        item={movie(watch([]), { region: 'GB', theatrical: null, digital: '2027-06-01', physical: null })}
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: HEADING })).toBeVisible();
    expect(screen.getByText('Digital release: day 2027-06-01')).toBeVisible();
  });

  it('shows nothing while the catalog has not looked (and for books)', () => {
    const { container } = renderWithProviders(
      <div data-testid="host">
        <WhereToWatch item={movie(null)} />
        <WhereToWatch item={{ media_type: 'books', watch: null, regional_dates: null }} />
      </div>,
    );
    expect(within(container).getByTestId('host')).toBeEmptyDOMElement();
  });

  it("names the country in the page's language", () => {
    renderWithProviders(<WhereToWatch item={movie(watch([offer(NETFLIX, 'flatrate')]))} />, {
      language: 'fr',
    });
    expect(screen.getByRole('heading', { level: 2, name: /Royaume-Uni/ })).toBeVisible();
  });

  it("credits JustWatch with a link to TMDB's page, in a new tab", () => {
    renderWithProviders(<WhereToWatch item={movie(watch([offer(NETFLIX, 'flatrate')]))} />);
    const link = within(section()).getByRole('link', { name: /^Streaming data from JustWatch/ });
    expect(link).toHaveAttribute('href', 'https://www.themoviedb.org/movie/603-glass-harbor/watch?locale=GB');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });
});
