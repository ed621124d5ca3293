import type { MediaDetail, UserProfile } from '@releasebell/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, makeItem, renderWithProviders } from '../../../components/test-utils';
import { MediaDetailPage } from './media-detail-page';
import { stubApi } from './test-api';

const movie = (overrides: Partial<MediaDetail> = {}): MediaDetail => ({
  ...makeItem({ title: 'Glass Harbor', slug: 'glass-harbor', release_date: '2027-03-20' }),
  regional_dates: { region: 'GB', theatrical: '2027-03-20', digital: null, physical: '2027-07-01' },
  watch: null,
  follow: [],
  ...overrides,
});

/** Serves `item` at its address and answers the member's profile; records the full URLs asked. */
function serve(item: MediaDetail, profile?: Partial<UserProfile>) {
  const api = stubApi((path) => {
    if (path === `/media/slug/${item.media_type}/${item.slug}`) return { status: 200, body: item };
    if (profile && path === `/user/details/${MEMBER.id}`) return { status: 200, body: profile };
    return undefined;
  });
  const slugUrls = () =>
    api.fetchMock.mock.calls.map((c) => String(c[0])).filter((url) => url.startsWith('/media/slug/'));
  return { ...api, slugUrls };
}

function renderPage(user: typeof MEMBER | null = null) {
  return renderWithProviders(
    <Routes>
      <Route path="/media/:mediaType/:slug" element={<MediaDetailPage />} />
    </Routes>,
    { route: '/media/movies/glass-harbor', user },
  );
}

const browserLanguages = (...languages: string[]) =>
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the detail page's regional release dates", () => {
  it("asks for the browser's country and lists its theatrical, digital and physical dates, TBD where unknown", async () => {
    browserLanguages('en-GB', 'en');
    const { slugUrls } = serve(movie());
    renderPage();
    const section = await screen.findByRole('region', { name: 'Release dates (GB)' });
    expect(slugUrls()).toEqual(['/media/slug/movies/glass-harbor?region=GB']);
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('Release dates (GB)');
    expect(within(section).getByTitle('United Kingdom')).toHaveTextContent('GB');
    const terms = within(section).getAllByRole('term');
    const definitions = within(section).getAllByRole('definition');
    expect(terms.map((t) => t.textContent)).toEqual(['Theatrical', 'Digital', 'Physical']);
    expect(definitions.map((d) => d.textContent)).toEqual(['Mar 20, 2027', 'TBD', 'Jul 1, 2027']);
    expect(within(definitions[0]!).getByText('Mar 20, 2027').closest('time')).toHaveAttribute(
      'datetime',
      '2027-03-20',
    );
  });

  it("follows a member's chosen country rather than the browser's, asking once", async () => {
    browserLanguages('en-GB');
    const { slugUrls } = serve(
      movie({ regional_dates: { region: 'FR', theatrical: null, digital: '2027-06-01', physical: null } }),
      { region: 'FR' },
    );
    renderPage(MEMBER);
    const section = await screen.findByRole('region', { name: 'Release dates (FR)' });
    expect(
      within(section)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['TBD', 'Jun 1, 2027', 'TBD']);
    expect(slugUrls()).toEqual(['/media/slug/movies/glass-harbor?region=FR']);
  });

  it('leaves the country to the server when the browser names none, and shows no list without dates', async () => {
    browserLanguages('en');
    const { slugUrls } = serve(movie({ regional_dates: null }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Glass Harbor' })).toBeInTheDocument();
    expect(slugUrls()).toEqual(['/media/slug/movies/glass-harbor']);
    expect(screen.queryByRole('region', { name: /Release dates/ })).not.toBeInTheDocument();
  });

  it('shows the date the region sees with its precision', async () => {
    browserLanguages('en-GB');
    serve(movie({ release_date: '2027-03-01', release_date_precision: 'month', regional_dates: null }));
    renderPage();
    expect(await screen.findByText('March 2027')).toBeInTheDocument();
  });
});
