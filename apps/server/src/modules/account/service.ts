import {
  calendarFeedQuerySchema,
  DEFAULT_LOCALE,
  DELETE_SIGN_IN_MINUTES,
  type DeleteAccountBody,
  ERROR_CODES,
  EXPORTS_PER_DAY,
  exportFileName,
  type Locale,
} from '@releasebell/contract';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../../errors';
import type { Mailer } from '../../infra/mail/mailer';
import type { RateLimiter } from '../../infra/rate-limiter';
import type { Clock } from '../../lib/clock';
import { toIsoDate } from '../../lib/dates';
import { tmdbIdsOf } from '../../providers/tmdb/provider-ids';
import type { PasswordHasher } from '../auth';
import type { CalendarService } from '../calendar';
import { maskedTarget } from '../notifications';
import { renderAccountDeletedEmail } from './deleted-email';
import { type ExportedTitle, exportZip, watchlistCsv } from './export-files';
import type { AccountRepository } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const MESSAGES = {
  tooManyExports: /*i18n*/ {
    id: 'error.account.tooManyExports',
    message: 'You can download your data {max} times a day. Try again tomorrow.',
    values: { max: EXPORTS_PER_DAY },
  },
  wrongPassword: /*i18n*/ { id: 'error.account.wrongPassword', message: 'That is not your password.' },
  passwordNeeded: /*i18n*/ {
    id: 'error.account.passwordNeeded',
    message: 'Type your password to delete your account.',
  },
  confirmNeeded: /*i18n*/ {
    id: 'error.account.confirmNeeded',
    message: 'Type the email address of your account to confirm.',
  },
  signInAgain: /*i18n*/ {
    id: 'error.account.signInAgain',
    message: 'Sign in again (within {minutes} minutes) to delete your account.',
    values: { minutes: DELETE_SIGN_IN_MINUTES },
  },
  tooManyTries: /*i18n*/ {
    id: 'error.account.tooManyTries',
    message: 'Too many wrong passwords. Try again in a few minutes.',
  },
};

/** Wrong passwords a member may give the deletion in a quarter of an hour. */
const DELETE_TRIES = 5;
const DELETE_TRIES_WINDOW_MS = 15 * 60 * 1000;

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** A member's own data: all of it to take away, and the account's deletion. */
export function createAccountService(options: {
  repo: AccountRepository;
  calendar: CalendarService;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { repo, calendar, hasher, limiter, mailer, clock, log } = options;

  /** `releasebell.json`: everything of the member, no secret or token among it. */
  async function everything(userId: string, now: Date) {
    const [account, watchlist, followed, services, channels, sent, imported] = await Promise.all([
      repo.account(userId),
      repo.watchlist(userId),
      repo.follows(userId),
      repo.services(userId),
      repo.channels(userId),
      repo.sentNotifications(userId),
      repo.imports(userId),
    ]);
    const profile = account?.profile;
    const titles: ExportedTitle[] = watchlist.map((t) => ({
      media_type: t.mediaType,
      title: t.title,
      release_date: t.releaseDate,
      added_at: t.addedAt.toISOString(),
      followed_via: t.followedVia,
      provider_id: t.providerId,
      ids: {
        ...tmdbIdsOf(t.providerId),
        ...(t.imdb ? { imdb: t.imdb } : {}),
        ...(t.isbn13 ? { isbn13: t.isbn13 } : {}),
      },
    }));
    return {
      format: 'releasebell-export',
      version: 1,
      exported_at: now.toISOString(),
      profile: {
        email: account?.user.email ?? null,
        name: account?.user.name ?? null,
        created_at: iso(account?.user.createdAt ?? null),
        ...(profile
          ? {
              username: profile.username,
              first_name: profile.firstName,
              last_name: profile.lastName,
              phone_number: profile.phoneNumber,
              notification_preferences: profile.notificationPreferences,
              locale: profile.locale,
              time_zone: profile.timeZone,
              reminder_days: profile.reminderDays,
              email_paused: profile.emailPausedAt !== null,
              region: profile.region,
              movie_release_kind: profile.movieReleaseKind,
            }
          : {}),
      },
      watchlist: titles,
      follows: followed.map((f) => ({
        ref: f.ref,
        kind: f.kind,
        name: f.name,
        roles: f.roles,
        created_at: f.createdAt.toISOString(),
      })),
      ...(services
        ? {
            services: {
              country: services.country,
              include_rent_buy: services.includeRentBuy,
              providers: services.providers.map((p) => ({ id: p.id, name: p.name })),
            },
          }
        : {}),
      channels: channels.map((c) => ({
        type: c.type,
        target: maskedTarget(c.type, c.url),
        created_at: c.createdAt.toISOString(),
        disabled_at: iso(c.disabledAt),
      })),
      notifications: sent.map((n) => ({
        kind: n.kind,
        title: n.title,
        channel: n.channel,
        sent_at: iso(n.sentAt),
      })),
      imports: imported.map((i) => ({
        source: i.source,
        status: i.status,
        rows: i.rows,
        created_at: i.createdAt.toISOString(),
        applied_at: iso(i.appliedAt),
      })),
    };
  }

  return {
    /** The member's data as a ZIP; at most EXPORTS_PER_DAY a day. */
    async export(userId: string): Promise<{ fileName: string; zip: Uint8Array }> {
      if ((await limiter.hit(`export:${userId}`, DAY_MS)) > EXPORTS_PER_DAY) {
        throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyExports);
      }
      const now = clock();
      const [json, ics] = await Promise.all([
        everything(userId, now),
        calendar.memberFeed(userId, calendarFeedQuerySchema.parse({})),
      ]);
      return {
        fileName: exportFileName(toIsoDate(now)),
        zip: exportZip({ json, csv: watchlistCsv(json.watchlist), ics }, now),
      };
    },

    /**
     * Deletes the account and everything of it, once the member has shown it is them: their password,
     * or (no password: Google) their email typed out within minutes of signing in. A last email says so.
     */
    async delete(userId: string, body: DeleteAccountBody, signedInAt: Date | null): Promise<void> {
      const account = await repo.account(userId);
      if (!account) return;
      const hash = await repo.passwordHash(userId);
      if (hash) {
        if (body.password === undefined) throw refused('password', MESSAGES.passwordNeeded);
        if ((await limiter.hit(`account-delete:${userId}`, DELETE_TRIES_WINDOW_MS)) > DELETE_TRIES) {
          throw new HttpError(429, ERROR_CODES.rateLimited, MESSAGES.tooManyTries);
        }
        const matches = await hasher.admit(() => hasher.verify({ hash, password: body.password ?? '' }));
        if (!matches) throw refused('password', MESSAGES.wrongPassword);
      } else {
        if (body.confirm !== account.user.email.toLowerCase())
          throw refused('confirm', MESSAGES.confirmNeeded);
        const recent = clock().getTime() - DELETE_SIGN_IN_MINUTES * 60_000;
        if (!signedInAt || signedInAt.getTime() < recent) {
          throw new HttpError(403, ERROR_CODES.recentSignInRequired, MESSAGES.signInAgain);
        }
      }
      const locale: Locale = account.profile?.locale ?? DEFAULT_LOCALE;
      await repo.deleteMember(userId);
      log.info({ user: userId }, 'account deleted');
      // After the deletion: a mail that fails to go does not keep the account.
      try {
        await mailer.send({ to: account.user.email, ...(await renderAccountDeletedEmail(locale)) });
      } catch (err) {
        log.warn({ err }, 'the account-deleted email failed');
      }
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;

function refused(field: 'password' | 'confirm', message: (typeof MESSAGES)[keyof typeof MESSAGES]) {
  return new HttpError(400, ERROR_CODES.validation, message, [{ field, message }]);
}
