import type { MediaItem } from '@releasebell/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConfig, makeItem, renderWithProviders } from '../../../components/test-utils';
import { HeaderSearch } from './header-search';

const items = (n: number, overrides: Partial<MediaItem> = {}): MediaItem[] =>
  Array.from({ length: n }, (_, i) =>
    makeItem({ _id: `id-${i + 1}`, title: `Dragon ${i + 1}`, slug: `dragon-${i + 1}`, ...overrides }),
  );

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

/** Shows the full address (path and query), so tests see where a search went. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

function setup() {
  const view = renderWithProviders(
    <>
      <HeaderSearch />
      <Address />
    </>,
  );
  const input = screen.getByRole('combobox', { name: 'Search books, movies, TV shows' });
  return { ...view, input, address: () => screen.getByTestId('address').textContent };
}

const resultsList = () => screen.queryByRole('listbox', { name: 'Search results' });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HeaderSearch', () => {
  it('searches once, 300 ms after the typing stops, showing "Loading..." meanwhile', async () => {
    vi.useFakeTimers();
    stubSearch(() => ({ status: 200, body: items(2) }));
    const { input } = setup();

    for (const value of ['d', 'dr', 'dra']) {
      fireEvent.change(input, { target: { value } });
      await act(() => vi.advanceTimersByTimeAsync(100));
    }
    expect(screen.getByText('Loading...')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(199));
    expect(calls()).toEqual([]);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(calls()).toEqual(['/api/search?q=dra&type=all']);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(within(resultsList() as HTMLElement).getByRole('option', { name: /Dragon 1/ })).toBeVisible();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(calls()).toHaveLength(1);
    // Two matches are few: TMDB and ISBNdb are asked once too, after the catalog answered.
    expect(providerCalls()).toEqual(['/api/search/providers?q=dra&type=all']);
  });

  it('shows at most four results, each with its type and release year, and a View More action', async () => {
    stubSearch(() => ({ status: 200, body: items(6, { release_date: '2027-03-09' }) }));
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'dragon' } });

    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByRole('option', { name: /Dragon 1/ });
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Dragon 1Movie · 2027',
      'Dragon 2Movie · 2027',
      'Dragon 3Movie · 2027',
      'Dragon 4Movie · 2027',
      'View More',
    ]);
  });

  it('says "No results found." when nothing matches, and after a failed search (logged as a warning)', async () => {
    stubSearch(() => ({ status: 200, body: [] }));
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(await screen.findByText('No results found.')).toBeVisible();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubSearch(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Internal error' } } }));
    fireEvent.change(input, { target: { value: 'dragon' } });
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Search failed', expect.any(Error)));
    expect(screen.getByText('No results found.')).toBeVisible();
    expect(within(resultsList() as HTMLElement).getAllByRole('option')).toHaveLength(1);
  });

  it('applies the media-type filter to the call and to the answer', async () => {
    stubSearch(() => ({
      status: 200,
      body: [makeItem({ _id: 'b', title: 'Dragon Book', media_type: 'books' }), ...items(1)],
    }));
    const { input, address } = setup();
    fireEvent.click(screen.getByRole('combobox', { name: 'Media type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Movies' }));

    fireEvent.change(input, { target: { value: 'dragon' } });
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    await within(list).findByRole('option', { name: /Dragon 1/ });
    expect(calls()).toEqual(['/api/search?q=dragon&type=movies']);
    expect(within(list).queryByRole('option', { name: /Dragon Book/ })).not.toBeInTheDocument();

    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(address()).toBe('/search?query=dragon&type=movies');
  });

  it('goes to the search page with the query and type on Enter', async () => {
    stubSearch(() => ({ status: 200, body: items(1) }));
    const { input, address } = setup();
    fireEvent.change(input, { target: { value: '  the dragon & co ' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(address()).toBe('/search?query=the+dragon+%26+co&type=all');
    expect(resultsList()).not.toBeInTheDocument();
  });

  it('goes to the search page from View More', async () => {
    stubSearch(() => ({ status: 200, body: items(5) }));
    const { input, address } = setup();
    fireEvent.change(input, { target: { value: 'dragon' } });
    fireEvent.click(await screen.findByRole('option', { name: 'View More' }));
    expect(address()).toBe('/search?query=dragon&type=all');
  });

  it('opens a result on click, or with the arrow keys and Enter', async () => {
    stubSearch(() => ({ status: 200, body: items(3) }));
    const { input, address } = setup();
    fireEvent.change(input, { target: { value: 'dragon' } });
    fireEvent.click(await screen.findByRole('option', { name: /Dragon 2/ }));
    expect(address()).toBe('/media/movies/dragon-2');

    fireEvent.change(input, { target: { value: 'dragons' } });
    await screen.findByRole('option', { name: /Dragon 1/ });
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(address()).toBe('/media/movies/dragon-1');
  });

  it('forgets a highlighted option when the list changes under it', async () => {
    stubSearch(() => ({ status: 200, body: items(2) }));
    const { input, address } = setup();
    fireEvent.change(input, { target: { value: 'dragon' } });
    // While loading, the only option is View More; the arrow highlights it.
    fireEvent.keyDown(input, { key: 'ArrowDown', code: 'ArrowDown' });
    await screen.findByRole('option', { name: /Dragon 1/ });
    await waitFor(() =>
      expect(screen.getAllByRole('option').filter((o) => o.hasAttribute('data-combobox-selected'))).toEqual(
        [],
      ),
    );
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    expect(address()).toBe('/search?query=dragon&type=all');
  });

  it('does nothing but log an error for a result without a slug', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubSearch(() => ({ status: 200, body: items(1, { slug: '' }) }));
    const { input, address } = setup();
    fireEvent.change(input, { target: { value: 'dragon' } });
    fireEvent.click(await screen.findByRole('option', { name: /Dragon 1/ }));
    expect(address()).toBe('/');
    expect(error).toHaveBeenCalledWith('Cannot open "Dragon 1": the item has no slug');
    error.mockClear();
  });

  it('closes on an outside click and on Escape, and opens again on focus when there is a query', async () => {
    stubSearch(() => ({ status: 200, body: items(2) }));
    const { input } = setup();
    fireEvent.focus(input);
    expect(resultsList()).not.toBeInTheDocument();

    fireEvent.change(input, { target: { value: 'dragon' } });
    await screen.findByRole('option', { name: /Dragon 1/ });
    expect(input).toHaveAttribute('aria-expanded', 'true');

    fireEvent.mouseDown(document.body);
    await waitFor(() => expect(resultsList()).not.toBeInTheDocument());
    expect(input).toHaveAttribute('aria-expanded', 'false');

    fireEvent.focus(input);
    expect(await screen.findByRole('option', { name: /Dragon 1/ })).toBeVisible();
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(resultsList()).not.toBeInTheDocument());

    fireEvent.change(input, { target: { value: '  ' } });
    expect(resultsList()).not.toBeInTheDocument();
  });

  it('unfolds over the header on phones when the field has focus (its button is its label), and folds away', async () => {
    stubSearch(() => ({ status: 200, body: [] }));
    const { input } = setup();
    const unfolded = () => input.closest('[data-expanded]') !== null;
    const toggle = screen.getByTitle('Search');
    expect(toggle.tagName).toBe('LABEL');
    expect(toggle).toHaveAttribute('for', input.id);
    expect(toggle).toHaveAttribute('aria-hidden', 'true');
    expect(unfolded()).toBe(false);

    act(() => input.focus());
    expect(unfolded()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Close search' }));
    expect(unfolded()).toBe(false);
    expect(input).not.toHaveFocus();

    act(() => input.focus());
    expect(unfolded()).toBe(true);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(unfolded()).toBe(false);
    expect(input).not.toHaveFocus();
  });
});
