import type { Notification } from '@releasebell/contract';
import { describe, expect, it } from 'vitest';
import { describeNotification, timeAgo } from './notification-text';

const base: Notification = {
  id: 'n1',
  kind: 'released',
  item: { item_id: 'i', title: 'T', media_type: 'books', slug: 't', image: null },
  old_date: null,
  old_date_precision: null,
  new_date: '2027-03-14',
  new_date_precision: 'day',
  reminder_days: null,
  via: null,
  provider: null,
  offer_type: null,
  created_at: '2027-03-14T09:00:00.000Z',
  read: false,
};

describe('describeNotification', () => {
  it('names each kind', () => {
    expect(describeNotification(base)).toBe('Out today');
    expect(describeNotification({ ...base, kind: 'date_announced', new_date_precision: 'month' })).toBe(
      'Release date announced: March 2027',
    );
    expect(
      describeNotification({
        ...base,
        kind: 'date_changed',
        old_date: '2027-03-14',
        old_date_precision: 'day',
        new_date: '2027-03-21',
      }),
    ).toBe('Date changed: Mar 14, 2027 → Mar 21, 2027');
    expect(describeNotification({ ...base, kind: 'reminder', reminder_days: 7 })).toBe('Out in 7 days');
    expect(describeNotification({ ...base, kind: 'reminder', reminder_days: 1 })).toBe('Out tomorrow');
    expect(describeNotification({ ...base, kind: 'request_resolved' })).toBe(
      'Added at your request: open it and press Notify Me',
    );
    expect(describeNotification({ ...base, kind: 'new_title', via: 'Orla Penhallow' })).toBe(
      'New from Orla Penhallow, out Mar 14, 2027',
    );
    expect(
      describeNotification({ ...base, kind: 'new_title', new_date: null, new_date_precision: null }),
    ).toBe('Newly announced, date TBD');
  });

  it('says which service an available title is now on, and how', () => {
    const available: Notification = {
      ...base,
      kind: 'available',
      item: { ...base.item, title: 'Glass Harbor' },
      new_date: null,
      new_date_precision: null,
      provider: { id: 8, name: 'Netflix', logo: '/proxy-image/tmdb/w92/abc.jpg' },
      offer_type: 'flatrate',
    };
    expect(describeNotification(available)).toBe('Glass Harbor is now streaming on Netflix');
    expect(describeNotification({ ...available, offer_type: 'ads' })).toBe(
      'Glass Harbor is now free with ads on Netflix',
    );
    expect(describeNotification({ ...available, offer_type: 'rent' })).toBe(
      'Glass Harbor can now be rented on Netflix',
    );
  });

  it('says TBD for a date that went away', () => {
    expect(
      describeNotification({
        ...base,
        kind: 'date_changed',
        old_date: '2027-03-14',
        old_date_precision: 'day',
        new_date: null,
        new_date_precision: null,
      }),
    ).toBe('Date changed: Mar 14, 2027 → TBD');
  });
});

describe('timeAgo', () => {
  const now = new Date('2027-03-14T12:00:00.000Z');
  it('reads like a person would say it', () => {
    expect(timeAgo('2027-03-14T11:59:30.000Z', now)).toBe('just now');
    expect(timeAgo('2027-03-14T11:55:00.000Z', now)).toBe('5 min. ago');
    expect(timeAgo('2027-03-14T09:00:00.000Z', now)).toBe('3 hr. ago');
    expect(timeAgo('2027-03-13T10:00:00.000Z', now)).toBe('yesterday');
    expect(timeAgo('2027-03-10T12:00:00.000Z', now)).toBe('4 days ago');
    expect(timeAgo('2027-02-20T12:00:00.000Z', now)).toBe('3 wk. ago');
    expect(timeAgo('not a time', now)).toBe('');
  });
});
