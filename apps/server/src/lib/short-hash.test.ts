import { describe, expect, it } from 'vitest';
import { shortHash } from './short-hash';

// Pinned outputs: slugs and work ids are stored and ETags cached, so a change here breaks them.
describe('shortHash', () => {
  it('makes the slug suffixes and ISBNdb work ids stored today (FNV-1a, base 36)', () => {
    expect(shortHash('tmdb:movie:603', 6, 'fnv1a')).toBe('1n5qo7');
    expect(shortHash('tmdb:movie:603:2', 6, 'fnv1a')).toBe('1hnbcx');
    expect(shortHash('千と千尋', 6, 'fnv1a')).toBe('1aek9x');
    expect(shortHash('', 6, 'fnv1a')).toBe('ztntfp');
  });

  it('makes the ETags and version tags served today (SHA-256, base64url)', () => {
    expect(shortHash('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', 27)).toBe('IV765U40rFZX2ke0nI0b2OoSZJ7');
    expect(shortHash(Buffer.from([1, 2, 3]), 32)).toBe('A5BYxvLAy0ksUzsKTRTvd8wPeKvMztUo');
    expect(shortHash('release-42', 32, 'sha256')).toBe('cX6B4saeEGrXy1yMcS4JIcsEwl1cBvwx');
  });
});
