import type { WatchlistEntry } from '@releasebell/contract';
import { describe, expect, it } from 'vitest';
import { creatorLine, isReleased, toggleSelection, visibleEntries } from './watchlist-rules';

function entry(overrides: Partial<WatchlistEntry>): WatchlistEntry {
  return {
    item_id: overrides.title ?? 'x',
    title: 'X',
    media_type: 'movies',
    slug: 'x',
    image: null,
    release_date: null,
    release_date_precision: null,
    author: null,
    director: null,
    network_name: null,
    series: null,
    creator: null,
    creator_label: null,
    timestamp_added: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

const now = new Date(2026, 10, 22, 12, 0, 0);
const list = [
  entry({ title: 'Beta', release_date: '2027-01-05', timestamp_added: '2026-11-03T00:00:00.000Z' }),
  entry({
    title: 'alpha',
    release_date: '2026-12-01',
    media_type: 'books',
    timestamp_added: '2026-11-01T00:00:00.000Z',
  }),
  entry({
    title: 'Gamma',
    release_date: null,
    media_type: 'tv_seasons',
    timestamp_added: '2026-11-05T00:00:00.000Z',
  }),
  entry({ title: 'Delta', release_date: '2026-10-10', timestamp_added: '2026-11-04T00:00:00.000Z' }),
];
const titles = (entries: WatchlistEntry[]) => entries.map((e) => e.title);

describe('watchlist rules', () => {
  it('counts an undated title as upcoming and a past date as released', () => {
    expect(isReleased(entry({ release_date: null }), now)).toBe(false);
    expect(isReleased(entry({ release_date: '2026-11-22' }), now)).toBe(true);
    expect(isReleased(entry({ release_date: '2026-11-23' }), now)).toBe(false);
  });

  it('sorts by date added (newest first), release date (undated last) and title (case-insensitive)', () => {
    expect(titles(visibleEntries(list, 'all', 'upcoming', 'dateAdded', now))).toEqual([
      'Gamma',
      'Beta',
      'alpha',
    ]);
    expect(titles(visibleEntries(list, 'all', 'upcoming', 'releaseDate', now))).toEqual([
      'alpha',
      'Beta',
      'Gamma',
    ]);
    expect(titles(visibleEntries(list, 'all', 'upcoming', 'title', now))).toEqual(['alpha', 'Beta', 'Gamma']);
    expect(titles(visibleEntries(list, 'all', 'released', 'title', now))).toEqual(['Delta']);
  });

  it('filters by tab', () => {
    expect(titles(visibleEntries(list, 'books', 'upcoming', 'title', now))).toEqual(['alpha']);
    expect(titles(visibleEntries(list, 'tv_seasons', 'upcoming', 'title', now))).toEqual(['Gamma']);
    expect(titles(visibleEntries(list, 'movies', 'released', 'title', now))).toEqual(['Delta']);
  });

  it('names the author, director or network, or N/A', () => {
    expect(creatorLine(entry({ media_type: 'books', author: 'Ines Varga' }))).toBe('Ines Varga');
    expect(creatorLine(entry({ media_type: 'movies', director: 'Mara Quill' }))).toBe('Mara Quill');
    expect(creatorLine(entry({ media_type: 'tv_seasons', network_name: 'NorthSky' }))).toBe('NorthSky');
    expect(creatorLine(entry({ media_type: 'movies' }))).toBe('N/A');
  });

  it('caps the selection, ignoring extra additions, and toggles off', () => {
    let selected: string[] = [];
    for (let i = 0; i < 14; i++) selected = toggleSelection(selected, `id-${i}`, 12);
    expect(selected).toHaveLength(12);
    expect(selected).not.toContain('id-12');
    selected = toggleSelection(selected, 'id-3', 12);
    expect(selected).toHaveLength(11);
    expect(toggleSelection(selected, 'id-13', 12)).toContain('id-13');
  });
});
