import { calendarFeedQuerySchema, type MovieReleaseKind } from '@releasebell/contract';
import { describe, expect, it } from 'vitest';
import type { CalendarRepository, RegionalDates, TrackedTitle } from './repository';
import { calendarToken, createCalendarService } from './service';

const SECRET = 'calendar-secret';
const TOKEN = calendarToken(SECRET, 'member-1', 'salt');
const at = new Date('2027-03-01T12:00:00Z');

/** Glass Harbor: its own date 9 April (the US cinema date); GB lists a cinema date and nothing else. */
const MOVIE: TrackedTitle = {
  id: 'movie-1',
  title: 'Glass Harbor',
  mediaType: 'movies',
  slug: 'glass-harbor',
  creator: null,
  creatorLabel: null,
  releaseDate: '2027-04-09',
  releaseDatePrecision: 'day',
  updatedAt: at,
  moves: 0,
  movedAt: null,
};
const GB_DATES: RegionalDates = { dates: [{ type: 3, date: '2027-04-16' }], moves: new Map() };

/** A feed over a fake repository: one GB member of this kind, tracking Glass Harbor. */
function feedOf(kind: MovieReleaseKind) {
  const repo = {
    memberByTokenHash: async () => ({
      userId: 'member-1',
      timeZone: 'UTC',
      locale: 'en-US' as const,
      region: 'GB',
      movieReleaseKind: kind,
    }),
    tracked: async () => [MOVIE],
    regionalDates: async () => new Map([[MOVIE.id, GB_DATES]]),
  } as unknown as CalendarRepository;
  const service = createCalendarService({
    repo,
    secret: SECRET,
    publicUrl: 'https://releasebell.example',
    defaultRegion: 'US',
    clock: () => at,
  });
  return async (query: Record<string, string> = {}) =>
    (await service.events(TOKEN, calendarFeedQuerySchema.parse(query))).map((e) => [e.summary, e.date]);
}

describe("the calendar feed on the member's release day", () => {
  it("puts a digital member in a region without a digital date on the day notifications tell them: the title's own", async () => {
    expect(await feedOf('digital')()).toEqual([['Glass Harbor (digital)', '2027-04-09']]);
  });

  it('shows a kind the member does not follow only on a date of its own', async () => {
    expect(await feedOf('theatrical')({ release: 'theatrical,digital' })).toEqual([
      ['Glass Harbor (theatrical)', '2027-04-16'],
    ]);
    expect(await feedOf('digital')({ release: 'theatrical,digital' })).toEqual([
      ['Glass Harbor (digital)', '2027-04-09'],
      ['Glass Harbor (theatrical)', '2027-04-16'],
    ]);
  });
});
