import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toCachedJson } from './cached-json';

const list = z.array(z.object({ title: z.string(), release_date: z.string().nullable() }));

describe('toCachedJson', () => {
  it('keeps only what the schema names, and its gzip holds the same bytes', () => {
    const body = toCachedJson(list, [
      { title: 'Halcyon Relay', release_date: '2026-12-04', internal: 'not in the schema' },
      { title: 'Ōkami no Mori', release_date: null },
    ] as z.input<typeof list>);
    expect(JSON.parse(body.json().toString('utf8'))).toEqual([
      { title: 'Halcyon Relay', release_date: '2026-12-04' },
      { title: 'Ōkami no Mori', release_date: null },
    ]);
    expect(gunzipSync(body.gzip).equals(body.json())).toBe(true);
  });

  it('gzips the same bytes at the fastest level', () => {
    const value = Array.from({ length: 30 }, (_, i) => ({ title: `Ōkami ${i}`, release_date: null }));
    const body = toCachedJson(list, value, 1);
    expect(gunzipSync(body.gzip).toString('utf8')).toBe(JSON.stringify(value));
    expect(body.json().toString('utf8')).toBe(JSON.stringify(value));
  });

  it('holds no more memory than its gzipped bytes', () => {
    const value = Array.from({ length: 30 }, (_, i) => ({ title: `Title ${i}`, release_date: null }));
    const body = toCachedJson(list, value);
    expect(body.gzip.byteOffset).toBe(0);
    expect(body.gzip.buffer.byteLength).toBe(body.gzip.length);
  });

  it('refuses a value its schema does not allow, rather than sending it', () => {
    expect(() => toCachedJson(list, [{ title: 7, release_date: null }] as never)).toThrow();
  });
});
