import { createHash } from 'node:crypto';

/**
 * The first `length` characters of a hash of `data`. `sha256` (base64url): ETags, version tags, push
 * topics. `fnv1a` (32-bit FNV-1a in base 36, zero-padded; at most 7 characters carry information):
 * slug suffixes and ISBNdb work ids, which are stored, so neither algorithm may ever change.
 */
export function shortHash(data: string | Buffer, length: number): string;
export function shortHash(data: string, length: number, algorithm: 'sha256' | 'fnv1a'): string;
export function shortHash(
  data: string | Buffer,
  length: number,
  algorithm: 'sha256' | 'fnv1a' = 'sha256',
): string {
  if (algorithm === 'sha256') return createHash('sha256').update(data).digest('base64url').slice(0, length);
  // Over UTF-16 code units, as the stored slugs were made.
  const text = data as string;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36).padStart(length, '0').slice(0, length);
}
