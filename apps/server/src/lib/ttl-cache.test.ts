import { describe, expect, it, vi } from 'vitest';
import { createTtlCache } from './ttl-cache';

describe('createTtlCache', () => {
  it('serves a value until it expires, then loads again', async () => {
    let time = 1_795_000_000_000;
    const cache = createTtlCache<number>(1000, { now: () => time });
    const load = vi.fn().mockResolvedValueOnce(1).mockResolvedValueOnce(2);
    expect(await cache.get('k', load)).toBe(1);
    time += 1000;
    expect(await cache.get('k', load)).toBe(1);
    time += 1;
    expect(await cache.get('k', load)).toBe(2);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = createTtlCache<string>(1000);
    let resolve: (v: string) => void = () => {};
    const load = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    resolve('v');
    expect(await both).toEqual(['v', 'v']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never keeps a failed load', async () => {
    const cache = createTtlCache<string>(1000);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve('back'))).toBe('back');
  });

  it('drops the least recently used entry beyond its size', async () => {
    const cache = createTtlCache<string>(1000, { maxEntries: 2 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'a-again');
    await cache.get('c', async () => 'c1');
    expect(await cache.get('b', async () => 'b2')).toBe('b2');
    expect(await cache.get('c', async () => 'c2')).toBe('c1');
  });

  it('answers an expired value at once while one reload replaces it, within staleMs', async () => {
    let time = 1_795_000_000_000;
    const cache = createTtlCache<number>(1000, { staleMs: 1000, now: () => time });
    let finish: (v: number) => void = () => {};
    const load = vi
      .fn<() => Promise<number>>()
      .mockResolvedValueOnce(1)
      .mockImplementationOnce(() => new Promise((r) => (finish = r)))
      .mockResolvedValueOnce(3);
    expect(await cache.get('k', load)).toBe(1);
    time += 1001;
    // Expired: the old value, and a single reload however many ask meanwhile.
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(load).toHaveBeenCalledTimes(2);
    finish(2);
    await vi.waitFor(async () => expect(await cache.get('k', load)).toBe(2));
    // Past the TTL and the stale time together, nothing old is answered: the visitor waits.
    time += 2001;
    expect(await cache.get('k', load)).toBe(3);
  });

  it('keeps the old value when a reload fails, and tries again on the next ask', async () => {
    let time = 1_795_000_000_000;
    const cache = createTtlCache<string>(1000, { staleMs: 5000, now: () => time });
    await cache.get('k', async () => 'old');
    time += 1001;
    const failing = vi.fn(() => Promise.reject(new Error('down')));
    expect(await cache.get('k', failing)).toBe('old');
    await vi.waitFor(() => expect(failing).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    expect(await cache.get('k', async () => 'new')).toBe('old');
    await vi.waitFor(async () => expect(await cache.get('k', async () => 'newer')).toBe('new'));
  });

  it('with a TTL of 0 always loads', async () => {
    const cache = createTtlCache<number>(0);
    const load = vi.fn().mockResolvedValue(1);
    await cache.get('k', load);
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('with keepFromSecondAsk, keeps a value only from its second ask', async () => {
    const cache = createTtlCache<string>(1000, { keepFromSecondAsk: 100 });
    let loads = 0;
    const load = async () => `answer ${++loads}`;
    // Asked once: answered, not kept (the next ask loads again).
    expect(await cache.get('once', load)).toBe('answer 1');
    expect(await cache.get('twice', load)).toBe('answer 2');
    expect(await cache.get('twice', load)).toBe('answer 3');
    // From the second ask on, the kept value.
    expect(await cache.get('twice', load)).toBe('answer 3');
    expect(await cache.get('twice', load)).toBe('answer 3');
    expect(loads).toBe(3);
  });
});
