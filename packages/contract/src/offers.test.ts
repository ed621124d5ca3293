import { describe, expect, it } from 'vitest';
import { availableText, OFFER_GROUPS, OFFER_TYPES, offerCounts, WATCH_TEXTS } from './constants';
import { createTranslator } from './i18n';
import { mergeCatalogs, SERVER_CATALOGS } from './locales/all';
import { memberServicesBodySchema } from './watch';

const { 'en-US': enUS } = mergeCatalogs(SERVER_CATALOGS);

const render = createTranslator({ 'en-US': enUS });
const t = (descriptor: Parameters<typeof render>[1], values?: Parameters<typeof render>[2]) =>
  render('en-US', descriptor, values);

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
      availableText(t, { title: 'Dune: Part Three', provider: 'Netflix', type });
    expect(line('flatrate')).toBe('Dune: Part Three is now streaming on Netflix');
    expect(line('free')).toBe('Dune: Part Three is now free on Netflix');
    expect(line('ads')).toBe('Dune: Part Three is now free with ads on Netflix');
    expect(line('rent')).toBe('Dune: Part Three can now be rented on Netflix');
    expect(line('buy')).toBe('Dune: Part Three can now be bought on Netflix');
  });

  it('names the groups and words the watch texts in US English', () => {
    expect(OFFER_GROUPS.map((g) => t(g.label))).toEqual(['Stream', 'Free', 'Rent', 'Buy']);
    expect(t(WATCH_TEXTS.heading, { country: 'United Kingdom' })).toBe('Where to watch in United Kingdom');
    expect(t(WATCH_TEXTS.withAds, { name: 'Channel 4' })).toBe('Channel 4 with ads');
    expect(t(WATCH_TEXTS.noneOnMyServices, { kind: 'all' })).toBe('No titles on your services right now.');
    expect(t(WATCH_TEXTS.noneOnMyServices, { kind: 'tv_seasons' })).toBe(
      'No TV Shows on your services right now.',
    );
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
