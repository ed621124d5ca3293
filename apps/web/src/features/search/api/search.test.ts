import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeItem } from '../../../components/test-utils';
import { parseSearchType, searchMedia, searchPagePath } from './search';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(body: unknown) {
  const fetchMock = vi.fn(async (_input: string) => new Response(JSON.stringify(body), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('searchMedia', () => {
  it('answers [] for a blank query without calling the API', async () => {
    const fetchMock = stubFetch([makeItem()]);
    expect(await searchMedia('   ', 'all')).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed, encoded query and the type', async () => {
    const fetchMock = stubFetch([]);
    await searchMedia(' rock & roll/2? ', 'tv_seasons');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search?q=rock%20%26%20roll%2F2%3F&type=tv_seasons');
  });

  it('keeps only the asked-for media type', async () => {
    stubFetch([makeItem({ _id: 'a', media_type: 'books' }), makeItem({ _id: 'b', media_type: 'movies' })]);
    expect((await searchMedia('x', 'movies')).map((i) => i._id)).toEqual(['b']);
    expect((await searchMedia('x', 'all')).map((i) => i._id)).toEqual(['a', 'b']);
  });
});

describe('search page addresses', () => {
  it('builds /search?query=&type=', () => {
    expect(searchPagePath('the dragon', 'movies')).toBe('/search?query=the+dragon&type=movies');
  });

  it('reads a type, defaulting to all', () => {
    expect(parseSearchType('books')).toBe('books');
    expect(parseSearchType('podcasts')).toBe('all');
    expect(parseSearchType(null)).toBe('all');
  });
});
