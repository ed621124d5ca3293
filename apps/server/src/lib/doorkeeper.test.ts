import { describe, expect, it } from 'vitest';
import { createDoorkeeper } from './doorkeeper';

describe('createDoorkeeper', () => {
  it('says a key is new on its first ask and seen on the next', () => {
    const doorkeeper = createDoorkeeper(100);
    expect(doorkeeper.seenBefore('all:20::dra')).toBe(false);
    expect(doorkeeper.seenBefore('all:20::dra')).toBe(true);
    expect(doorkeeper.seenBefore('all:20::drag')).toBe(false);
    expect(doorkeeper.seenBefore('all:20::dra')).toBe(true);
  });

  it('rarely takes a new key for a seen one, even when full', () => {
    const remember = 10_000;
    const doorkeeper = createDoorkeeper(remember);
    for (let i = 0; i < remember - 1000; i++) doorkeeper.seenBefore(`movies:20::first ${i}`);
    // The last thousand it can remember, each new: about 1.4% look seen when it is at its fullest.
    let seen = 0;
    for (let i = 0; i < 1000; i++) if (doorkeeper.seenBefore(`books:20::other ${i}`)) seen++;
    expect(seen).toBeLessThan(30);
    // And it still knows the first ones.
    expect(doorkeeper.seenBefore('movies:20::first 0')).toBe(true);
  });

  it('forgets every first ask once it has remembered its number of them', () => {
    const doorkeeper = createDoorkeeper(3);
    expect(doorkeeper.seenBefore('a')).toBe(false);
    expect(doorkeeper.seenBefore('b')).toBe(false);
    expect(doorkeeper.seenBefore('c')).toBe(false);
    // A fourth new key starts again: what came before is forgotten.
    expect(doorkeeper.seenBefore('d')).toBe(false);
    expect(doorkeeper.seenBefore('a')).toBe(false);
    expect(doorkeeper.seenBefore('d')).toBe(true);
  });
});
