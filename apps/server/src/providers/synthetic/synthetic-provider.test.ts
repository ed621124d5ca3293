import { MEDIA_TYPES } from '@releasebell/contract';
import { describe, expect, it } from 'vitest';
import { normaliseForSearch } from '../../lib/text';
import type { NormalisedItem } from '../types';
import { createSyntheticProvider, mulberry32, type SyntheticProviderOptions } from './synthetic-provider';

const TODAY = '2026-11-22';

async function collect(options: SyntheticProviderOptions) {
  const provider = createSyntheticProvider(options);
  const batches: number[] = [];
  const items: NormalisedItem[] = [];
  for await (const batch of provider.fetch()) {
    batches.push(batch.length);
    items.push(...batch.map((raw) => provider.normalise(raw)));
  }
  return { batches, items };
}

describe('mulberry32', () => {
  it('is deterministic and stays in [0, 1)', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    const values = Array.from({ length: 1000 }, () => a());
    expect(values).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBeGreaterThan(990);
  });
});

describe('the synthetic provider', () => {
  it('yields the same catalog for the same seed, and another for another seed', async () => {
    const first = await collect({ items: 500, seed: 42, today: TODAY });
    const again = await collect({ items: 500, seed: 42, today: TODAY, batchSize: 77 });
    const other = await collect({ items: 500, seed: 43, today: TODAY });
    expect(again.items).toEqual(first.items);
    expect(other.items.map((i) => i.title)).not.toEqual(first.items.map((i) => i.title));
  });

  it('extends a smaller run: item n does not depend on the total', async () => {
    const small = await collect({ items: 200, seed: 5, today: TODAY });
    const big = await collect({ items: 400, seed: 5, today: TODAY });
    expect(big.items.slice(0, 200)).toEqual(small.items);
  });

  it('yields batches of the requested size', async () => {
    const { batches } = await collect({ items: 2500, seed: 1, today: TODAY });
    expect(batches).toEqual([1000, 1000, 500]);
    expect((await collect({ items: 0, seed: 1 })).batches).toEqual([]);
  });

  it('gives every item a unique provider id of the form synthetic:{type}:{n}', async () => {
    const { items } = await collect({ items: 3000, seed: 42, today: TODAY });
    expect(new Set(items.map((i) => i.providerId)).size).toBe(items.length);
    for (const item of items)
      expect(item.providerId).toMatch(new RegExp(`^synthetic:${item.mediaType}:\\d+$`));
  });

  it('spreads items over the media types with realistic variety', async () => {
    const { items } = await collect({ items: 3000, seed: 42, today: TODAY });
    for (const type of MEDIA_TYPES) {
      const share = items.filter((i) => i.mediaType === type).length / items.length;
      expect(share, type).toBeGreaterThan(0.2);
    }
    const share = (pred: (i: NormalisedItem) => boolean) => items.filter(pred).length / items.length;
    expect(share((i) => i.releaseDate === null)).toBeCloseTo(0.08, 1);
    expect(share((i) => i.releaseDatePrecision === 'month')).toBeGreaterThan(0.03);
    expect(share((i) => i.releaseDatePrecision === 'year')).toBeGreaterThan(0.01);
    expect(share((i) => i.language !== 'en')).toBeGreaterThan(0.1);
    expect(share((i) => i.description === '')).toBeLessThan(0.06);
    expect(share((i) => i.description.length > 300)).toBeGreaterThan(0.05);
    expect(share((i) => /[^\x20-\x7e]/.test(i.title))).toBeGreaterThan(0.01);
    expect(share((i) => i.hypeMeterPercentage === null)).toBeCloseTo(0.1, 1);
    expect(new Set(items.map((i) => i.title)).size).toBeGreaterThan(items.length * 0.9);

    // Common words are common, rare prefixes are rare: what search sees in a real catalog.
    const words = items.map((i) => normaliseForSearch(i.title).split(' '));
    const matching = (prefix: string) => words.filter((ws) => ws.some((w) => w.startsWith(prefix))).length;
    expect(matching('the') / items.length).toBeGreaterThan(0.15);
    expect(matching('the') / items.length).toBeLessThan(0.5);
    expect(matching('cafe')).toBeGreaterThan(0);
    expect(matching('kestrel')).toBeLessThan(items.length * 0.02);
  });

  it('produces valid fields for each media type', async () => {
    const { items } = await collect({ items: 2000, seed: 9, today: TODAY });
    for (const item of items) {
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.image).toBeNull();
      expect(item.language).toMatch(/^[a-z]{2}$/);
      expect(item.genres.length).toBeGreaterThan(0);
      expect(item.popularity).toBeGreaterThanOrEqual(0);
      expect(item.popularity).toBeLessThanOrEqual(100);
      if (item.hypeMeterPercentage !== null) {
        expect(item.hypeMeterPercentage).toBeGreaterThanOrEqual(0);
        expect(item.hypeMeterPercentage).toBeLessThanOrEqual(100);
      }
      if (item.releaseDate === null) expect(item.releaseDatePrecision).toBeNull();
      else {
        expect(item.releaseDate >= '2024-01-01' && item.releaseDate <= '2029-11-22').toBe(true);
        if (item.releaseDatePrecision === 'month') expect(item.releaseDate).toMatch(/-01$/);
        if (item.releaseDatePrecision === 'year') expect(item.releaseDate).toMatch(/-01-01$/);
      }
      switch (item.mediaType) {
        case 'books':
          expect(item.author).toBe(item.creator);
          expect(item.creatorLabel).toBe('Author');
          break;
        case 'movies':
          expect(item.director).toBe(item.creator);
          expect(item.creatorLabel).toBe('Director');
          break;
        case 'tv_seasons':
          expect(item.title).toBe(`${item.series}: Season ${item.seriesNumber}`);
          expect(item.networkName).toBeTruthy();
          expect(item.creatorLabel).toBe('Creator');
          break;
      }
    }
    expect(items.some((i) => i.mediaType === 'books' && i.series !== null)).toBe(true);
  });

  it('sets an image on about 90% of items when given an image base URL', async () => {
    const { items } = await collect({ items: 1000, seed: 3, today: TODAY, imageBaseUrl: 'https://img.test' });
    const withImage = items.filter((i) => i.image !== null);
    expect(withImage.length / items.length).toBeCloseTo(0.9, 1);
    expect(withImage[0]?.image).toMatch(/^https:\/\/img\.test\/(books|movies|tv_seasons)\/\d+\.jpg$/);
  });

  it('rejects bad options', () => {
    expect(() => createSyntheticProvider({ items: -1, seed: 1 })).toThrow(RangeError);
    expect(() => createSyntheticProvider({ items: 10, seed: 1, batchSize: 0 })).toThrow(RangeError);
  });
});
