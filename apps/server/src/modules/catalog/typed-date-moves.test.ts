import { describe, expect, it } from 'vitest';
import { typedDateMoves } from './typed-date-moves';

const item = '00000000-0000-4000-8000-000000000001';
const d = (country: string, type: number, date: string) => ({ itemId: item, country, type, date });

describe('typedDateMoves', () => {
  it('sees the earliest date of a kind move, and not a later date of the same kind', () => {
    const before = [d('US', 3, '2027-05-01'), d('US', 3, '2027-06-01'), d('US', 4, '2027-07-01')];
    const after = [d('US', 3, '2027-05-01'), d('US', 3, '2027-06-10'), d('US', 4, '2027-07-15')];
    expect(typedDateMoves(before, after)).toEqual([
      { itemId: item, country: 'US', kind: 'digital', oldDate: '2027-07-01', newDate: '2027-07-15' },
    ]);
  });

  it('counts a limited and a wide release as one theatrical date', () => {
    const before = [d('GB', 2, '2027-05-01'), d('GB', 3, '2027-05-08')];
    expect(typedDateMoves(before, [d('GB', 3, '2027-05-08')])).toEqual([
      { itemId: item, country: 'GB', kind: 'theatrical', oldDate: '2027-05-01', newDate: '2027-05-08' },
    ]);
  });

  it('records a date that went away, and not one that appeared', () => {
    expect(typedDateMoves([d('FR', 5, '2027-09-01')], [d('FR', 4, '2027-08-01')])).toEqual([
      { itemId: item, country: 'FR', kind: 'physical', oldDate: '2027-09-01', newDate: null },
    ]);
  });

  it('ignores premieres and TV airings, which are no kind a member follows', () => {
    expect(typedDateMoves([d('US', 1, '2027-01-01'), d('US', 6, '2027-02-01')], [])).toEqual([]);
  });
});
