/**
 * Remembers keys asked once, in a fixed bit array (a Bloom filter), so a cache can keep a value only
 * from its second ask: a key never asked again costs no entry, and remembering it allocates nothing.
 * After `remember` first asks it forgets them all and starts again, so its memory and its rate of
 * false "seen" stay bounded (about 1.4% at its fullest) however many distinct keys come.
 */
export interface Doorkeeper {
  /** Records `key`; true when it was recorded before (or, rarely, another key with the same bits). */
  seenBefore(key: string): boolean;
}

/** Bits per remembered key: with two bits set per key, at most about 1.4% of new keys look seen. */
const BITS_PER_KEY = 16;

export function createDoorkeeper(remember: number): Doorkeeper {
  let size = 32;
  while (size < remember * BITS_PER_KEY) size *= 2;
  const mask = size - 1;
  const bits = new Uint32Array(size / 32);
  let recorded = 0;

  const test = (bit: number) => (bits[bit >>> 5] as number) & (1 << (bit & 31));
  const set = (bit: number) => {
    bits[bit >>> 5] = (bits[bit >>> 5] as number) | (1 << (bit & 31));
  };

  return {
    seenBefore(key) {
      // Two FNV-1a hashes of the key's UTF-16 units (different offsets), combined as double hashing.
      let h1 = 0x811c9dc5;
      let h2 = 0x01000193;
      for (let i = 0; i < key.length; i++) {
        const c = key.charCodeAt(i);
        h1 = Math.imul(h1 ^ c, 0x01000193);
        h2 = Math.imul(h2 ^ c, 0x5bd1e995);
      }
      const first = h1 & mask;
      const second = (h1 + (h2 | 1)) & mask;
      if (test(first) && test(second)) return true;
      if (recorded === remember) {
        bits.fill(0);
        recorded = 0;
      }
      set(first);
      set(second);
      recorded++;
      return false;
    },
  };
}
