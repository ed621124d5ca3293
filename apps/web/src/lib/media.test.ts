import { describe, expect, it } from 'vitest';
import { hypeTier, languageName } from './media';

describe('hypeTier', () => {
  it.each([
    [0, 'Hidden Gem'],
    [9.9, 'Hidden Gem'],
    [10, 'Starting to Buzz'],
    [29, 'Starting to Buzz'],
    [30, 'Trending'],
    [49, 'Trending'],
    [50, 'Highly Anticipated'],
    [79, 'Highly Anticipated'],
    [80, 'Breakout Hit'],
    [100, 'Breakout Hit'],
  ])('%s%% is %s', (pct, tier) => {
    expect(hypeTier(pct)).toBe(tier);
  });
  it('uses 25 (Starting to Buzz) when absent and Breakout Hit as the fallback', () => {
    expect(hypeTier(undefined)).toBe('Starting to Buzz');
    expect(hypeTier(null)).toBe('Starting to Buzz');
    expect(hypeTier(Number.NaN)).toBe('Breakout Hit');
    expect(hypeTier(140)).toBe('Breakout Hit');
  });
});

describe('languageName', () => {
  it('names a language code in English', () => {
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('ja', 'en')).toBe('Japanese');
  });
});
