import { describe, expect, it } from 'vitest';
import { isRegionCode, MOVIE_RELEASE_KINDS, REGION_CODES } from './constants';
import { mediaDetailSchema, regionQuerySchema } from './media';
import { movieReleaseKindSchema, profileRegionSchema, updateProfileBodySchema } from './users';
import { VALIDATION_MESSAGES as V } from './validation';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('regions', () => {
  it('lists each country once, sorted, as two upper-case letters', () => {
    expect(REGION_CODES.length).toBeGreaterThanOrEqual(249);
    expect(new Set(REGION_CODES).size).toBe(REGION_CODES.length);
    expect([...REGION_CODES].sort()).toEqual([...REGION_CODES]);
    expect(REGION_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(isRegionCode('GB')).toBe(true);
    expect(isRegionCode('gb')).toBe(false);
    expect(isRegionCode('ZZ')).toBe(false);
  });

  it('takes any well-formed region in a query, upper-cased; anything else is refused', () => {
    expect(regionQuerySchema.parse({ region: 'gb' })).toEqual({ region: 'GB' });
    // Well formed but not a country TMDB knows: not an error, it just has no dates.
    expect(regionQuerySchema.parse({ region: 'QQ' })).toEqual({ region: 'QQ' });
    expect(regionQuerySchema.parse({})).toEqual({});
    for (const bad of ['GBR', 'G', '12', 'G1', '', 'en-GB']) {
      expect(messageOf(regionQuerySchema.safeParse({ region: bad }))).toBe(V.region.message);
    }
  });

  it('takes only listed countries on a profile, and the three kinds of movie release', () => {
    expect(profileRegionSchema.parse('de')).toBe('DE');
    expect(messageOf(profileRegionSchema.safeParse('ZZ'))).toBe(V.knownRegion.message);
    expect(messageOf(profileRegionSchema.safeParse('Germany'))).toBe(V.region.message);
    expect(MOVIE_RELEASE_KINDS.map((k) => movieReleaseKindSchema.parse(k))).toEqual([
      'theatrical',
      'digital',
      'physical',
    ]);
    expect(messageOf(movieReleaseKindSchema.safeParse('streaming'))).toBe(
      'must be one of: theatrical, digital, physical',
    );
    const base = { first_name: 'A', last_name: 'B', phone_number: null, notification_preferences: ['email'] };
    expect(updateProfileBodySchema.parse({ ...base, region: null })).toMatchObject({ region: null });
    expect(updateProfileBodySchema.parse(base)).not.toHaveProperty('region');
  });

  it('gives a detail its regional dates, or null', () => {
    const item = {
      _id: 'i',
      id: 'i',
      item_id: 'i',
      media_type: 'movies',
      title: 'T',
      slug: 't',
      image: null,
      description: '',
      author: null,
      director: null,
      network_name: null,
      series: null,
      series_number: null,
      creator: null,
      creator_label: null,
      release_date: '2027-03-14',
      release_date_precision: 'day',
      language: 'en',
      genres: [],
      hype_meter_percentage: 25,
      popularity: 1,
      follow: [],
      watch: null,
    };
    const dates = { region: 'GB', theatrical: '2027-03-14', digital: null, physical: null };
    expect(mediaDetailSchema.parse({ ...item, regional_dates: dates }).regional_dates).toEqual(dates);
    expect(mediaDetailSchema.parse({ ...item, regional_dates: null }).regional_dates).toBeNull();
    expect(mediaDetailSchema.safeParse(item).success).toBe(false);
  });
});
