import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserRegion, regionFromLocale, regionName } from './region';

afterEach(() => vi.unstubAllGlobals());

describe('regionFromLocale', () => {
  it.each([
    ['en-GB', 'GB'],
    ['en-us', 'US'],
    ['pt_BR', 'BR'],
    ['zh-Hant-TW', 'TW'],
    ['de-DE-u-co-phonebk', 'DE'],
    ['fr-CA', 'CA'],
  ])('%s is %s', (locale, region) => {
    expect(regionFromLocale(locale)).toBe(region);
  });

  it('is null for a bare language, a region that is no country, and nothing', () => {
    expect(regionFromLocale('en')).toBeNull();
    expect(regionFromLocale('es-419')).toBeNull();
    expect(regionFromLocale('')).toBeNull();
    expect(regionFromLocale(undefined)).toBeNull();
  });

  it("reads the browser's first language", () => {
    vi.stubGlobal('navigator', { languages: ['en-GB', 'en-US'], language: 'en-US' });
    expect(browserRegion()).toBe('GB');
    vi.stubGlobal('navigator', { languages: ['en'], language: 'en' });
    expect(browserRegion()).toBeNull();
  });

  it('names countries in English, or in the language asked for', () => {
    expect(regionName('GB')).toBe('United Kingdom');
    expect(regionName('DE')).toBe('Germany');
    expect(regionName('GB', 'en-US')).toBe('United Kingdom');
    expect(regionName('DE', 'fr')).toBe('Allemagne');
    expect(regionName('DE', 'de')).toBe('Deutschland');
    expect(regionName('QM', 'fr')).toBe('QM');
  });
});
