import type { MediaItem } from '@releasebell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConfig, makeItem, renderWithProviders } from '../../../components/test-utils';
import { type RequestModalProps, SearchPage } from './search-page';

let fetchMock: ReturnType<typeof vi.fn>;
/** A server with TMDB or ISBNdb configured: few matches ask them too. */
const LIVE_SEARCH_CONFIG = makeConfig({ tmdbAttribution: true, liveSearch: true });

/** Answers the catalog's search with `answer`, and the providers' with `providers` (nothing by default). */
function stubSearch(
  answer: (url: URL) => { status: number; body: unknown },
  providers: (url: URL) => { status: number; body: unknown } = () => ({ status: 200, body: [] }),
) {
  fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const { status, body } =
      url.pathname === '/api/config'
        ? { status: 200, body: LIVE_SEARCH_CONFIG }
        : url.pathname === '/api/search/providers'
          ? providers(url)
          : answer(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
}
const allCalls = () => fetchMock.mock.calls.map((c) => String(c[0]));
/** The catalog searches made (the providers' are looked at apart). */
const calls = () => allCalls().filter((c) => c.startsWith('/api/search?'));
const providerCalls = () => allCalls().filter((c) => c.startsWith('/api/search/providers?'));

const dragons: MediaItem[] = [
  makeItem({
    _id: 'm1',
    title: 'Dragon Heist',
    slug: 'dragon-heist',
    creator: 'Priya Halvorsen',
    creator_label: 'Director',
    release_date: '2999-06-15',
  }),
  makeItem({
    _id: 'b1',
    media_type: 'books',
    title: 'Dragon Letters',
    slug: 'dragon-letters',
    creator: 'Ada Quill',
    creator_label: 'Author',
    release_date: '2020-01-02',
  }),
];

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

/** Stands in for the requests feature's modal (the app plugs the real one in: see app/search-route.test). */
function FakeRequestModal({ opened, onClose, initialTitle, initialMediaType }: RequestModalProps) {
  if (!opened) return null;
  return (
    <div role="dialog" aria-label="Request Missing Content">
      <output data-testid="request-title">{initialTitle}</output>
      <output data-testid="request-type">{initialMediaType ?? 'none'}</output>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

function renderPage(route: string) {
  const view = renderWithProviders(
    <>
      <SearchPage RequestModal={FakeRequestModal} />
      <Address />
    </>,
    { route },
  );
  return { ...view, address: () => screen.getByTestId('address').textContent };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SearchPage', () => {
  it('shows the query and filter in the heading and lists the results, each linking to its page', async () => {
    stubSearch(() => ({ status: 200, body: dragons }));
    renderPage('/search?query=dragon&type=all');

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Showing results for "dragon" in All',
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(calls()).toEqual(['/api/search?q=dragon&type=all']);
    expect(document.title).toBe('dragon - Search | Releasebell');

    const rows = within(list).getAllByRole('article');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'Dragon Heist' })).toHaveAttribute(
      'href',
      '/media/movies/dragon-heist',
    );
    expect(first.getByText('Movie')).toBeInTheDocument();
    expect(first.getByText('Director: Priya Halvorsen')).toBeInTheDocument();
    expect(first.getByText('Jun 15, 2999')).toBeInTheDocument();
    expect(first.getByRole('timer')).toHaveTextContent(/^\d+d \d+h \d+m$/);
    expect(first.getByRole('button', { name: 'Notify Me' })).toBeInTheDocument();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('Author: Ada Quill')).toBeInTheDocument();
    expect(second.getByRole('timer')).toHaveTextContent('Released!');

    expect(screen.getByText('2 results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Can't find what you're looking for?" })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Missing Content' })).toBeInTheDocument();
  });

  it('names the filter, keeps only its media type, and treats an unknown type as All', async () => {
    stubSearch(() => ({ status: 200, body: dragons }));
    const first = renderPage('/search?query=dragon&type=movies');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Showing results for "dragon" in Movies',
    );
    await screen.findByRole('link', { name: 'Dragon Heist' });
    expect(screen.queryByText('Dragon Letters')).not.toBeInTheDocument();
    expect(calls()).toEqual(['/api/search?q=dragon&type=movies']);
    first.unmount();

    renderPage('/search?query=dragon&type=podcasts');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('in All');
    await screen.findByRole('link', { name: 'Dragon Letters' });
    expect(calls()).toContain('/api/search?q=dragon&type=all');
    expect(screen.getByRole('link', { name: 'All' })).toHaveAttribute('aria-current', 'true');
  });

  it('changes the type in the address from the sidebar and from the phone select', async () => {
    stubSearch(() => ({ status: 200, body: dragons }));
    const { address } = renderPage('/search?query=dragon');
    const filters = screen.getByRole('navigation', { name: 'Filter by media type' });
    expect(
      within(filters)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All', 'Movies', 'TV Shows', 'Books']);

    fireEvent.click(within(filters).getByRole('link', { name: 'TV Shows' }));
    expect(address()).toBe('/search?query=dragon&type=tv_seasons');
    expect(within(filters).getByRole('link', { name: 'TV Shows' })).toHaveAttribute('aria-current', 'true');
    expect(within(filters).getByRole('link', { name: 'All' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('combobox', { name: 'Filter by media type' })).toHaveValue('tv_seasons');

    fireEvent.change(screen.getByRole('combobox', { name: 'Filter by media type' }), {
      target: { value: 'books' },
    });
    expect(address()).toBe('/search?query=dragon&type=books');
    await waitFor(() => expect(calls()).toContain('/api/search?q=dragon&type=books'));
  });

  it('shows the empty state, whose button opens the request modal filled from the search', async () => {
    stubSearch(() => ({ status: 200, body: [] }));
    renderPage('/search?query=Moon%20Harbor&type=movies');

    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find anything matching your search criteria.")).toBeInTheDocument();
    expect(screen.getByText("Can't find what you're looking for?")).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Request Missing Content' })).toHaveLength(1);
    expect(screen.getByText('0 results')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Request Missing Content' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Missing Content' });
    expect(within(dialog).getByTestId('request-title')).toHaveTextContent('Moon Harbor');
    expect(within(dialog).getByTestId('request-type')).toHaveTextContent('movies');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('clears the results when the search fails, logging a warning only', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubSearch(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Internal error' } } }));
    renderPage('/search?query=dragon');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Search failed', expect.any(Error));
  });

  it("adds what TMDB and ISBNdb know after the catalog's few matches, saying it is looking meanwhile", async () => {
    let release: (value: { status: number; body: unknown }) => void = () => {};
    const later = new Promise<{ status: number; body: unknown }>((resolve) => {
      release = resolve;
    });
    const found = makeItem({ _id: 'p1', title: 'Dragon Tide', slug: 'dragon-tide' });
    fetchMock = vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const { status, body } =
        url.pathname === '/api/config'
          ? { status: 200, body: LIVE_SEARCH_CONFIG }
          : url.pathname === '/api/search/providers'
            ? await later
            : { status: 200, body: dragons };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage('/search?query=dragon&type=all');

    // The catalog's two matches show at once; the providers' come after them.
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('Looking for more titles...')).toHaveAttribute('role', 'status');
    expect(providerCalls()).toEqual(['/api/search/providers?q=dragon&type=all']);
    release({ status: 200, body: [found, dragons[0]] });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(within(list).getAllByRole('article')[2]).toHaveTextContent('Dragon Tide');
    expect(screen.queryByText('Looking for more titles...')).not.toBeInTheDocument();
    expect(screen.getByText('3 results')).toBeInTheDocument();
  });

  it('waits for the providers before saying nothing was found, and does not ask them with enough matches', async () => {
    const tide = makeItem({ _id: 'p1', title: 'Moon Harbor', slug: 'moon-harbor' });
    stubSearch(
      () => ({ status: 200, body: [] }),
      () => ({ status: 200, body: [tide] }),
    );
    renderPage('/search?query=Moon%20Harbor&type=all');
    const list = await screen.findByRole('list', { name: 'Search results' });
    expect(within(list).getByRole('link', { name: 'Moon Harbor' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No Results Found' })).not.toBeInTheDocument();

    const many = Array.from({ length: 4 }, (_, i) =>
      makeItem({ _id: `m${i}`, title: `Dragon ${i}`, slug: `d${i}` }),
    );
    stubSearch(() => ({ status: 200, body: many }));
    renderPage('/search?query=dragon&type=all');
    await waitFor(() => expect(screen.getAllByRole('list', { name: 'Search results' })).toHaveLength(2));
    expect(providerCalls()).toEqual([]);
  });

  it('asks no provider when the server has none (the demo catalog)', async () => {
    fetchMock = vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const body = url.pathname === '/api/config' ? { ...LIVE_SEARCH_CONFIG, liveSearch: false } : [];
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderPage('/search?query=Moon%20Harbor&type=all');
    expect(await screen.findByRole('heading', { name: 'No Results Found' })).toBeInTheDocument();
    await waitFor(() => expect(allCalls()).toContain('/api/config'));
    expect(providerCalls()).toEqual([]);
  });

  it('asks for a query when there is none, and still offers the request', () => {
    stubSearch(() => ({ status: 200, body: dragons }));
    renderPage('/search');
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request Missing Content' })).toBeInTheDocument();
    expect(calls()).toEqual([]);
  });
});
