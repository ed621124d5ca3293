import type { WatchlistEntry } from '@releasebell/contract';
import { describe, expect, it } from 'vitest';
import { isReleased, offersServicesFilter, toggleSelection, visibleEntries } from './watchlist-rules';

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
    followed_via: null,
    on_my_services: [],
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

  it('keeps a month or year date upcoming until its month or year is over', () => {
    const year = (release_date: string) => entry({ release_date, release_date_precision: 'year' });
    const month = (release_date: string) => entry({ release_date, release_date_precision: 'month' });
    expect(isReleased(year('2026-01-01'), now)).toBe(false);
    expect(isReleased(year('2026-01-01'), new Date(2026, 11, 31, 23, 59))).toBe(false);
    expect(isReleased(year('2026-01-01'), new Date(2027, 0, 1))).toBe(true);
    expect(isReleased(year('2025-01-01'), now)).toBe(true);
    expect(isReleased(month('2026-11-01'), now)).toBe(false);
    expect(isReleased(month('2026-11-01'), new Date(2026, 11, 1))).toBe(true);
    expect(isReleased(month('2026-10-01'), now)).toBe(true);

    const dated = [
      entry({ title: 'This Year', release_date: '2026-01-01', release_date_precision: 'year' }),
      entry({ title: 'Last Year', release_date: '2025-01-01', release_date_precision: 'year' }),
      entry({ title: 'This Month', release_date: '2026-11-01', release_date_precision: 'month' }),
      entry({ title: 'Next Week', release_date: '2026-11-29', release_date_precision: 'day' }),
    ];
    // Sorted by the date as stored (the start of the month or year), as the server sorts upcoming lists.
    expect(titles(visibleEntries(dated, 'all', 'upcoming', 'releaseDate', now))).toEqual([
      'This Year',
      'This Month',
      'Next Week',
    ]);
    expect(titles(visibleEntries(dated, 'all', 'released', 'releaseDate', now))).toEqual(['Last Year']);
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

  it('"On my services" keeps the titles streaming on a service, released or not', () => {
    const netflix = { id: 8, name: 'Netflix', logo: null };
    const streaming = [
      entry({ title: 'Out', release_date: '2026-10-10', on_my_services: [netflix] }),
      entry({ title: 'Early', release_date: '2027-02-01', on_my_services: [netflix] }),
      entry({ title: 'Elsewhere', release_date: '2026-10-11' }),
      entry({ title: 'Book', media_type: 'books', release_date: '2026-10-12' }),
    ];
    expect(titles(visibleEntries(streaming, 'all', 'upcoming', 'title', now, true))).toEqual([
      'Early',
      'Out',
    ]);
    expect(titles(visibleEntries(streaming, 'all', 'released', 'title', now, true))).toEqual([
      'Early',
      'Out',
    ]);
    expect(titles(visibleEntries(streaming, 'books', 'released', 'title', now, true))).toEqual([]);
    expect(titles(visibleEntries(streaming, 'all', 'released', 'title', now))).toEqual([
      'Book',
      'Elsewhere',
      'Out',
    ]);
  });

  it('offers "On my services" only when some title streams on a service', () => {
    expect(offersServicesFilter(list)).toBe(false);
    expect(
      offersServicesFilter([...list, entry({ on_my_services: [{ id: 8, name: 'N', logo: null }] })]),
    ).toBe(true);
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
