import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readSelectedMediaType, useSelectedMediaType, writeSelectedMediaType } from './storage';

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
  it('ignores an invalid stored value even beside a cookie from an earlier choice', () => {
    writeSelectedMediaType('books');
    window.localStorage.setItem('selectedMediaType', 'podcasts');
    expect(readSelectedMediaType()).toBe('tv_seasons');
  });
  it('turns a page drawn with the earlier choice to the default, and the cookie with it', async () => {
    writeSelectedMediaType('books');
    window.localStorage.setItem('selectedMediaType', 'podcasts');
    const { result } = renderHook(() => useSelectedMediaType('books'));
    await waitFor(() => expect(result.current[0]).toBe('tv_seasons'));
    expect(document.cookie).toContain('rb_media_type=tv_seasons');
  });
});
