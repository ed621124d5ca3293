import { describe, expect, it } from 'vitest';
import { buildItem } from '../../../test/helpers';
import { confidentMatch } from './match';

const movie = (title: string, date: string | null, director: string | null = null, id = title) =>
  buildItem({
    providerId: `tmdb:movie:${id}`,
    title,
    releaseDate: date,
    releaseDatePrecision: date ? 'day' : null,
    director,
    creator: director,
  });
const season = (series: string, n: number, date: string | null) =>
  buildItem({
    providerId: `tmdb:tv:1:${n}`,
    mediaType: 'tv_seasons',
    title: `${series}: Season ${n}`,
    series,
    seriesNumber: n,
    releaseDate: date,
    releaseDatePrecision: date ? 'day' : null,
  });
const book = (title: string, author: string, id: string) =>
  buildItem({ providerId: `isbndb:work:${id}`, mediaType: 'books', title, author, creator: author });

describe('confidentMatch', () => {
  it('takes the one title of the same type and name, whatever the case and accents', () => {
    const found = movie('Amélie Returns', '2027-04-02');
    expect(confidentMatch({ mediaType: 'movies', title: ' amelie returns ', extraInfo: '' }, [found])).toBe(
      found,
    );
    expect(
      confidentMatch({ mediaType: 'books', title: 'Amélie Returns', extraInfo: '' }, [found]),
    ).toBeNull();
    expect(confidentMatch({ mediaType: 'movies', title: 'Amélie', extraInfo: '' }, [found])).toBeNull();
  });

  it('is not certain between two titles of one name, unless a year or a creator tells them apart', () => {
    const old = movie('Night Harbor', '1994-06-01', 'Ruth Vale', 'a');
    const remake = movie('Night Harbor', '2027-03-05', 'Omar Pike', 'b');
    const ask = (title: string, extraInfo: string) =>
      confidentMatch({ mediaType: 'movies', title, extraInfo }, [old, remake]);
    expect(ask('Night Harbor', '')).toBeNull();
    expect(ask('Night Harbor', 'the 2027 one')).toBe(remake);
    expect(ask('Night Harbor (1994)', '')).toBe(old);
    expect(ask('Night Harbor', 'directed by Omar Pike')).toBe(remake);
    // A year named that neither has: not this title.
    expect(ask('Night Harbor', '2031')).toBeNull();
  });

  it('takes the newest season of a series asked for by name, or the season named', () => {
    const seasons = [season('Cold Signal', 1, '2025-01-10'), season('Cold Signal', 2, null)];
    expect(confidentMatch({ mediaType: 'tv_seasons', title: 'Cold Signal', extraInfo: '' }, seasons)).toBe(
      seasons[1],
    );
    expect(
      confidentMatch(
        { mediaType: 'tv_seasons', title: 'Cold Signal', extraInfo: 'season 1 please' },
        seasons,
      ),
    ).toBe(seasons[0]);
    expect(
      confidentMatch({ mediaType: 'tv_seasons', title: 'Cold Signal: Season 2', extraInfo: '' }, seasons),
    ).toBe(seasons[1]);
  });

  it('tells books of one title apart by the author named', () => {
    const a = book('The Long Field', 'Mara Ellison', 'a');
    const b = book('The Long Field', 'Tobias Reyne', 'b');
    expect(confidentMatch({ mediaType: 'books', title: 'The Long Field', extraInfo: '' }, [a, b])).toBeNull();
    expect(
      confidentMatch({ mediaType: 'books', title: 'The Long Field', extraInfo: 'by Tobias Reyne' }, [a, b]),
    ).toBe(b);
  });
});
