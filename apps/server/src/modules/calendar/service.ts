import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  CALENDAR_TOKEN,
  type CalendarFeedQuery,
  type CalendarLink,
  creditText,
  DEFAULT_MOVIE_RELEASE_KIND,
  ERROR_CODES,
  itemPath,
  MEDIA_TYPES,
  type MovieReleaseKind,
  PRODUCT_NAME,
} from '@releasebell/contract';
import { HttpError } from '../../errors';
import { translatorFor } from '../../infra/i18n';
import type { Clock } from '../../lib/clock';
import { addDays } from '../../lib/dates';
import { releaseDayForMember } from '../../lib/release-day';
import { shortHash } from '../../lib/short-hash';
import { RELEASE_TYPES_OF_KIND } from '../../providers/tmdb/release-dates';
import { localToday } from '../notifications';
import { writeIcs } from './ics';
import type { CalendarRepository, FeedMember, RegionalDates, TrackedTitle } from './repository';

/** Calendar apps are told to fetch the feed again after this long (Google and Outlook mostly ignore it). */
const REFRESH_SECONDS = 3600;

/** An event's words, in the member's language. */
const EVENT = {
  movieSummary: /*i18n*/ {
    id: 'calendar.movieSummary',
    message: '{title} ({kind, select, digital {digital} physical {physical} other {theatrical}})',
  },
  category: /*i18n*/ {
    id: 'calendar.category',
    message: '{type, select, movies {Movies} books {Books} other {TV Shows}}',
  },
};

export interface CalendarEvent {
  uid: string;
  date: string;
  summary: string;
  description: string;
  url: string;
  category: string;
  sequence: number;
  lastModified: Date;
}

export interface CalendarFeed {
  body: string;
  etag: string;
}

const CALENDAR_NOT_FOUND = /*i18n*/ {
  id: 'error.calendar.notFound',
  message: 'This calendar link is not valid any more.',
};
const calendarNotFound = () => new HttpError(404, ERROR_CODES.calendarNotFound, CALENDAR_NOT_FOUND);

/**
 * A member's feed token: derived, not stored, so the profile can show the same link again; the
 * database holds only its hash, and a new salt (rotation) makes a new one.
 */
export const calendarToken = (secret: string, userId: string, salt: string) =>
  createHmac('sha256', secret).update(`calendar\0${userId}\0${salt}`).digest('base64url');
export const calendarTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const latest = (...dates: (Date | null | undefined)[]) =>
  new Date(Math.max(...dates.map((d) => d?.getTime() ?? 0)));

/**
 * A member's private calendar feed (RFC 5545): one all-day event per tracked title with a day in the
 * window, and for a movie one per kind of release asked for, on the member's region's date.
 */
export function createCalendarService(options: {
  repo: CalendarRepository;
  secret: string;
  publicUrl: string;
  /** The region of members who chose none. */
  defaultRegion: string;
  clock: Clock;
}) {
  const { repo, secret, publicUrl, defaultRegion, clock } = options;
  const host = new URL(publicUrl).host || 'releasebell.local';
  const tokenFor = (userId: string, salt: string) => calendarToken(secret, userId, salt);
  const hashOf = calendarTokenHash;
  const linkFor = (token: string): CalendarLink => {
    const url = `${publicUrl}/calendar/${token}.ics`;
    return { url, webcal_url: url.replace(/^https?:\/\//, 'webcal://') };
  };

  async function issue(userId: string): Promise<CalendarLink> {
    const salt = randomBytes(16).toString('base64url');
    const token = tokenFor(userId, salt);
    await repo.saveFeed(userId, salt, hashOf(token), clock());
    return linkFor(token);
  }

  const rule = { defaultRegion, typesOfKind: RELEASE_TYPES_OF_KIND };

  /** The member's events of a title: one per kind of release asked for a movie, one for anything else. */
  function occurrencesOf(
    title: TrackedTitle,
    member: FeedMember,
    kinds: readonly MovieReleaseKind[],
    regional?: RegionalDates,
  ) {
    const region = member.region ?? defaultRegion;
    const dates = (regional?.dates ?? []).map((d) => ({ country: region, ...d }));
    if (title.mediaType !== 'movies') {
      const date = releaseDayForMember(title, { region, kind: member.movieReleaseKind }, dates, rule);
      return date
        ? [
            {
              kind: 'release',
              date,
              sequence: title.moves,
              lastModified: latest(title.updatedAt, title.movedAt),
            },
          ]
        : [];
    }
    return kinds.flatMap((kind) => {
      // A kind the member does not follow shows only on a date of its own: the title's own date, which
      // the member's kind falls back on, is a cinema date, not a digital or physical one.
      const listed = dates.some((d) => RELEASE_TYPES_OF_KIND[kind].includes(d.type));
      if (kind !== member.movieReleaseKind && kind !== DEFAULT_MOVIE_RELEASE_KIND && !listed) return [];
      const date = releaseDayForMember(title, { region, kind }, dates, rule);
      if (!date) return [];
      const moved = regional?.moves.get(kind);
      return [
        {
          kind,
          date,
          sequence: title.moves + (moved?.count ?? 0),
          lastModified: latest(title.updatedAt, title.movedAt, moved?.at),
        },
      ];
    });
  }

  function toEvent(
    title: TrackedTitle,
    occurrence: { kind: string; date: string; sequence: number; lastModified: Date },
    member: FeedMember,
  ): CalendarEvent {
    const t = translatorFor(member.locale);
    const url = `${publicUrl}${itemPath({ media_type: title.mediaType, slug: title.slug })}`;
    const credit = creditText(t, { creator: title.creator, creator_label: title.creatorLabel });
    return {
      uid: `${title.id}-${occurrence.kind}@${host}`,
      date: occurrence.date,
      summary:
        title.mediaType === 'movies'
          ? t(EVENT.movieSummary, { title: title.title, kind: occurrence.kind })
          : title.title,
      description: [credit, url].filter(Boolean).join('\n'),
      url,
      category: t(EVENT.category, { type: title.mediaType }),
      sequence: occurrence.sequence,
      lastModified: occurrence.lastModified,
    };
  }

  /** The member's events in the window the query asks for, in their language and region. */
  async function eventsOf(member: FeedMember, query: CalendarFeedQuery): Promise<CalendarEvent[]> {
    const today = localToday(clock(), member.timeZone);
    const from = addDays(today, -query.past_days);
    const to = addDays(today, query.future_days);
    const types = query.types ?? MEDIA_TYPES;
    const [titles, regional] = await Promise.all([
      repo.tracked(member.userId, types),
      types.includes('movies')
        ? repo.regionalDates(member.userId, member.region ?? defaultRegion)
        : new Map<string, RegionalDates>(),
    ]);
    const kinds = query.release ?? [member.movieReleaseKind];
    return titles
      .flatMap((title) => {
        const occurrences = occurrencesOf(title, member, kinds, regional.get(title.id));
        return occurrences
          .filter((o) => o.date >= from && o.date <= to)
          .map((o) => toEvent(title, o, member));
      })
      .sort((a, b) => a.date.localeCompare(b.date) || a.uid.localeCompare(b.uid));
  }

  /** Events as iCalendar text, with an ETag of its bytes (the same state gives the same bytes). */
  function icsOf(events: CalendarEvent[]): CalendarFeed {
    const body = writeIcs({
      name: PRODUCT_NAME,
      prodId: `-//${PRODUCT_NAME}//Calendar feed//EN`,
      refreshSeconds: REFRESH_SECONDS,
      events: events.map((e) => ({
        uid: e.uid,
        date: e.date,
        end: addDays(e.date, 1),
        summary: e.summary,
        description: e.description,
        url: e.url,
        categories: [e.category],
        sequence: e.sequence,
        lastModified: e.lastModified,
      })),
    });
    const etag = `"${shortHash(body, 27)}"`;
    return { body, etag };
  }

  return {
    /** The member's feed link, made on the first ask. */
    async link(userId: string): Promise<CalendarLink> {
      const feed = await repo.feedOf(userId);
      if (!feed) return issue(userId);
      const token = tokenFor(userId, feed.salt);
      // Another AUTH_SECRET since the link was made: the old link cannot be shown, so make a new one.
      return hashOf(token) === feed.tokenHash ? linkFor(token) : issue(userId);
    },

    /** A new link; the old one answers 404 from now on. */
    rotate: issue,

    /** The events of the member this token belongs to, or 404 when it belongs to nobody. */
    async events(token: string, query: CalendarFeedQuery): Promise<CalendarEvent[]> {
      if (!CALENDAR_TOKEN.test(token)) throw calendarNotFound();
      const member = await repo.memberByTokenHash(hashOf(token));
      if (!member) throw calendarNotFound();
      return eventsOf(member, query);
    },

    /** The feed of the member this token belongs to. */
    async feed(token: string, query: CalendarFeedQuery): Promise<CalendarFeed> {
      return icsOf(await this.events(token, query));
    },

    /** The member's feed as it reads now, link or not (their data export holds it). */
    async memberFeed(userId: string, query: CalendarFeedQuery): Promise<string> {
      const member = await repo.member(userId);
      return icsOf(member ? await eventsOf(member, query) : []).body;
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
