import { describe, expect, it } from 'vitest';
import { amazonSearchUrl, amazonStoreForLocale } from './amazon';

describe('amazonStoreForLocale', () => {
  it.each([
    ['en-US', 'amazon.com'],
    ['en-GB', 'amazon.co.uk'],
    ['de-DE', 'amazon.de'],
    ['fr-CA', 'amazon.ca'],
    ['ja-JP', 'amazon.co.jp'],
    ['en-AU', 'amazon.com.au'],
    ['hi-IN', 'amazon.in'],
    ['es-MX', 'amazon.com.mx'],
    ['pt_BR', 'amazon.com.br'],
    ['nl-NL', 'amazon.nl'],
    ['en-SG', 'amazon.sg'],
    ['ar-AE', 'amazon.ae'],
    ['ar-EG', 'amazon.eg'],
    ['zh-CN', 'amazon.cn'],
    ['it-IT', 'amazon.it'],
    ['es-ES', 'amazon.es'],
  ])('%s -> %s', (locale, store) => {
    expect(amazonStoreForLocale(locale)).toBe(store);
  });
  it('falls back on the language, then on the US store', () => {
    expect(amazonStoreForLocale('de')).toBe('amazon.de');
    expect(amazonStoreForLocale('fr-CH')).toBe('amazon.fr');
    expect(amazonStoreForLocale('ko-KR')).toBe('amazon.com');
    expect(amazonStoreForLocale(undefined)).toBe('amazon.com');
    expect(amazonStoreForLocale('')).toBe('amazon.com');
  });
});

describe('amazonSearchUrl', () => {
  it('searches books for title and author with the affiliate tag', () => {
    const url = new URL(amazonSearchUrl({ title: 'The Salt Map', author: 'Ana Ruiz' }, 'en-GB', 'rb-21'));
    expect(url.hostname).toBe('www.amazon.co.uk');
    expect(url.searchParams.get('k')).toBe('The Salt Map Ana Ruiz');
    expect(url.searchParams.get('i')).toBe('stripbooks');
    expect(url.searchParams.get('tag')).toBe('rb-21');
  });
  it('leaves the tag out when none is configured', () => {
    const url = new URL(amazonSearchUrl({ title: 'X', author: null }, 'en-US', null));
    expect(url.searchParams.has('tag')).toBe(false);
  });
});
