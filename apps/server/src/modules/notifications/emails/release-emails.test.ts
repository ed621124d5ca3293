import { describe, expect, it } from 'vitest';
import { type ReleaseNotice, renderReleaseEmail, renderTestEmail } from './release-emails';

const links = {
  unsubscribeUrl: 'https://releasebell.test/notifications/pause?token=abc&v=1',
  profileUrl: 'https://releasebell.test/profile',
  locale: 'en-US' as const,
};

function notice(overrides: Partial<ReleaseNotice> = {}): ReleaseNotice {
  return {
    kind: 'released',
    title: 'Dune: Part Three',
    mediaType: 'movies',
    itemUrl: 'https://releasebell.test/media/movies/dune-part-three',
    posterUrl: 'https://releasebell.test/posters/dune.jpg',
    creatorLine: 'Director: Denis Villeneuve',
    newDate: '2027-03-14',
    newPrecision: 'day',
    oldDate: null,
    oldPrecision: null,
    reminderDays: null,
    via: null,
    offer: null,
    ...overrides,
  };
}

const one = (overrides: Partial<ReleaseNotice>) =>
  renderReleaseEmail({ notices: [notice(overrides)], ...links });

describe('release email subjects', () => {
  it("names a followed person's or author's new title, and a series' new season", async () => {
    const book = await one({
      kind: 'new_title',
      title: 'The Salt Cartographer',
      mediaType: 'books',
      via: 'Orla Penhallow',
    });
    expect(book.subject).toBe('Orla Penhallow has a new book: The Salt Cartographer, out March 14, 2027');
    expect(book.text).toContain('It is something new from Orla Penhallow, so it is on your watchlist now.');
    expect(book.text).toContain('You get this because you follow Orla Penhallow on Releasebell.');
    const season = await one({
      kind: 'new_title',
      title: 'Severance: Season 3',
      mediaType: 'tv_seasons',
      newDate: null,
      newPrecision: null,
    });
    expect(season.subject).toBe('Severance: Season 3 is announced');
    expect(season.text).toContain('Its release date is still to be announced.');
  });

  it('names the service a tracked title arrived on, and why the member hears of it', async () => {
    const streaming = await one({ kind: 'available', offer: { provider: 'Netflix', type: 'flatrate' } });
    expect(streaming.subject).toBe('Dune: Part Three is now streaming on Netflix');
    expect(streaming.text).toContain('It is now streaming on Netflix, one of your services.');
    expect(streaming.text).toContain(
      'You get this because you track this title and told Releasebell which services you have.',
    );
    expect(streaming.html).toContain('Now on your services');
    const rent = await one({ kind: 'available', offer: { provider: 'Apple TV', type: 'rent' } });
    expect(rent.subject).toBe('Dune: Part Three can now be rented on Apple TV');
  });

  it('says what happened, with the title', async () => {
    expect((await one({ kind: 'released' })).subject).toBe('Dune: Part Three is out today');
    expect((await one({ kind: 'date_announced' })).subject).toBe(
      'Dune: Part Three has a release date: March 14, 2027',
    );
    expect(
      (await one({ kind: 'date_changed', oldDate: '2027-03-14', oldPrecision: 'day', newDate: '2027-03-21' }))
        .subject,
    ).toBe('Dune: Part Three moved to March 21, 2027');
    expect((await one({ kind: 'reminder', reminderDays: 1 })).subject).toBe(
      'Dune: Part Three is out tomorrow',
    );
    expect((await one({ kind: 'reminder', reminderDays: 3 })).subject).toBe(
      'Dune: Part Three is out in 3 days',
    );
    expect((await renderTestEmail(links)).subject).toBe('Test notification from Releasebell');
  });

  it('names only the month or year when that is all that is known', async () => {
    expect(
      (await one({ kind: 'date_announced', newDate: '2027-03-01', newPrecision: 'month' })).subject,
    ).toBe('Dune: Part Three has a release date: March 2027');
    expect((await one({ kind: 'date_announced', newDate: '2027-01-01', newPrecision: 'year' })).subject).toBe(
      'Dune: Part Three has a release date: 2027',
    );
    expect(
      (
        await one({
          kind: 'date_changed',
          oldDate: '2027-03-14',
          newDate: '2028-01-01',
          newPrecision: 'year',
        })
      ).subject,
    ).toBe('Dune: Part Three moved to 2028');
    expect((await one({ kind: 'date_changed', oldDate: '2027-03-14', newDate: null })).subject).toBe(
      'Dune: Part Three no longer has a release date',
    );
  });

  it('counts a digest and leads with its first title', async () => {
    const mail = await renderReleaseEmail({
      notices: [notice(), notice({ title: 'Severance', kind: 'reminder', reminderDays: 3 }), notice()],
      ...links,
    });
    expect(mail.subject).toBe('3 updates on titles you track: Dune: Part Three is out today, and 2 more');
  });

  it('shortens a long lead title to keep the subject under 100 characters', async () => {
    const title = `The ${'Very '.repeat(30)}Long Title`;
    const single = await one({ title });
    const digest = await renderReleaseEmail({ notices: [notice({ title }), notice()], ...links });
    for (const { subject } of [single, digest]) {
      expect(subject.length).toBeLessThanOrEqual(100);
      expect(subject).toContain('The Very');
      expect(subject).toContain('…');
    }
    expect(single.subject).toMatch(/… is out today$/);
    expect(digest.subject).toMatch(/^2 updates on titles you track: The Very .*… is out today, and 1 more$/);
  });

  it('refuses to render no notices at all', async () => {
    await expect(renderReleaseEmail({ notices: [], ...links })).rejects.toThrow();
  });
});

describe('release email bodies', () => {
  it('gives the old and the new date of a move', async () => {
    const mail = await one({
      kind: 'date_changed',
      oldDate: '2027-03-14',
      oldPrecision: 'day',
      newDate: '2027-03-21',
      newPrecision: 'day',
    });
    const sentence = 'Was Sunday, March 14, 2027, now Sunday, March 21, 2027.';
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(sentence);
  });

  it('writes month and year dates as such', async () => {
    const month = await one({ kind: 'date_announced', newDate: '2027-03-01', newPrecision: 'month' });
    expect(month.text).toContain('It now has a release date: March 2027.');
    const year = await one({
      kind: 'date_changed',
      oldDate: '2027-03-01',
      oldPrecision: 'month',
      newDate: '2028-01-01',
      newPrecision: 'year',
    });
    expect(year.text).toContain('Was March 2027, now 2028.');
    const gone = await one({
      kind: 'date_changed',
      oldDate: '2027-03-14',
      oldPrecision: 'day',
      newDate: null,
    });
    expect(gone.text).toContain('Was Sunday, March 14, 2027; it no longer has a release date.');
  });

  it('tells each kind in a sentence with the long date', async () => {
    expect((await one({ kind: 'released' })).text).toContain('Out today, Sunday, March 14, 2027.');
    expect((await one({ kind: 'date_announced' })).text).toContain(
      'It now has a release date: Sunday, March 14, 2027.',
    );
    expect((await one({ kind: 'reminder', reminderDays: 1 })).text).toContain(
      'Out tomorrow: Sunday, March 14, 2027.',
    );
  });

  it('lists every title of a digest with its own sentence, type, creator and link', async () => {
    const notices = [
      notice(),
      notice({
        kind: 'date_changed',
        title: 'Severance',
        mediaType: 'tv_seasons',
        itemUrl: 'https://releasebell.test/media/tv_seasons/severance-3',
        creatorLine: 'Network: Apple TV+',
        oldDate: '2027-01-01',
        oldPrecision: 'year',
        newDate: '2027-02-05',
      }),
      notice({
        kind: 'reminder',
        title: 'The Winds of Winter',
        mediaType: 'books',
        itemUrl: 'https://releasebell.test/media/books/winds-of-winter',
        creatorLine: 'Author: George R. R. Martin',
        reminderDays: 7,
      }),
    ];
    const mail = await renderReleaseEmail({ notices, ...links });
    for (const part of [
      'Dune: Part Three',
      'Movie · Director: Denis Villeneuve',
      'Out today, Sunday, March 14, 2027.',
      'Severance',
      'TV Show · Network: Apple TV+',
      'Was 2027, now Friday, February 5, 2027.',
      'The Winds of Winter',
      'Book · Author: George R. R. Martin',
      'Out in 7 days: Sunday, March 14, 2027.',
    ]) {
      expect(mail.text).toContain(part);
      expect(mail.html).toContain(part);
    }
    for (const { itemUrl } of notices) expect(mail.html).toContain(`href="${itemUrl}"`);
    expect(mail.text.match(/View title/g)).toHaveLength(3);
  });

  it('gives a readable plain text with both footer links', async () => {
    for (const mail of [await one({ kind: 'released' }), await renderTestEmail(links)]) {
      expect(mail.text).not.toContain('<');
      expect(mail.text).toContain(`Notification settings ${links.profileUrl}`);
      expect(mail.text).toContain(`Pause release emails ${links.unsubscribeUrl}`);
    }
    const mail = await one({ kind: 'released' });
    expect(mail.text).toContain('You get this because you track these titles on Releasebell.');
    expect(mail.text).toContain(`View title ${notice().itemUrl}`);
    expect(mail.html).toContain(`href="${links.profileUrl}"`);
    expect(mail.html).toContain(`href="${links.unsubscribeUrl.replace('&', '&amp;')}"`);
  });

  it('escapes a hostile title in HTML and keeps it literal in text', async () => {
    const mail = await one({ title: '<script>alert(1)</script> Tom & Jerry' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Tom &amp; Jerry');
    expect(mail.text).toContain('<script>alert(1)</script> Tom & Jerry');
    expect(mail.subject).toBe('<script>alert(1)</script> Tom & Jerry is out today');
  });

  it('shows the poster only when there is one', async () => {
    const withPoster = await one({});
    expect(withPoster.html).toMatch(/<img[^>]*alt="Dune: Part Three"/);
    expect(withPoster.html).toMatch(/<img[^>]*src="https:\/\/releasebell\.test\/posters\/dune\.jpg"/);
    expect(withPoster.html).toMatch(/<img[^>]*width="120"/);
    expect((await one({ posterUrl: null })).html).not.toContain('<img');
  });
});
