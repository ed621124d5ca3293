import { describe, expect, it } from 'vitest';
import { availableLine, OFFER_GROUPS, OFFER_TYPES, offerCounts } from './constants';
import { memberServicesBodySchema } from './watch';

describe('where to watch', () => {
  it('tells a member of streaming offers always, of rent and buy only when they asked', () => {
    expect(OFFER_TYPES.filter((t) => offerCounts(t, false))).toEqual(['flatrate', 'free', 'ads']);
    expect(OFFER_TYPES.filter((t) => offerCounts(t, true))).toEqual(OFFER_TYPES);
  });

  it('lists every kind of offer in exactly one group', () => {
    expect(OFFER_GROUPS.flatMap((g) => g.types).sort()).toEqual([...OFFER_TYPES].sort());
  });

  it('words each kind of offer', () => {
    const line = (type: (typeof OFFER_TYPES)[number]) =>
      availableLine({ title: 'Dune: Part Three', provider: 'Netflix', type });
    expect(line('flatrate')).toBe('Dune: Part Three is now streaming on Netflix');
    expect(line('ads')).toBe('Dune: Part Three is now free with ads on Netflix');
    expect(line('rent')).toBe('Dune: Part Three can now be rented on Netflix');
  });

  it('takes services as whole provider ids, the country optional, and names a bad field', () => {
    expect(memberServicesBodySchema.parse({ provider_ids: [8, 8, 337] })).toEqual({
      provider_ids: [8, 8, 337],
    });
    expect(memberServicesBodySchema.parse({ region: 'gb', provider_ids: [] }).region).toBe('GB');
    for (const [body, field] of [
      [{ provider_ids: ['8'] }, 'provider_ids'],
      [{ provider_ids: [1.5] }, 'provider_ids'],
      [{ provider_ids: Array.from({ length: 51 }, (_, i) => i) }, 'provider_ids'],
      [{ provider_ids: [], region: 'GBR' }, 'region'],
      [{ provider_ids: [], include_rent_buy: 'yes' }, 'include_rent_buy'],
    ] as const) {
      const result = memberServicesBodySchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path[0]).toBe(field);
    }
  });
});
