import { afterEach, describe, expect, it } from 'vitest';
import { readSelectedMediaType, writeSelectedMediaType } from './storage';

afterEach(() => window.localStorage.clear());

describe('selectedMediaType', () => {
  it('defaults to tv_seasons', () => {
    expect(readSelectedMediaType()).toBe('tv_seasons');
  });
  it('remembers a choice', () => {
    writeSelectedMediaType('books');
    expect(window.localStorage.getItem('selectedMediaType')).toBe('books');
    expect(readSelectedMediaType()).toBe('books');
  });
  it('ignores an invalid stored value', () => {
    window.localStorage.setItem('selectedMediaType', 'podcasts');
    expect(readSelectedMediaType()).toBe('tv_seasons');
  });
});
