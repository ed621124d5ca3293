import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildItem,
  buildTestApp,
  insertItems,
  signUp,
  TEST_ORIGIN,
  TEST_VAPID_KEYS,
  type TestUser,
  track,
} from '../../../test/helpers';
import { type PushService, startPushService } from '../../../test/push-service';
import { mailHeader, mimeParts, type ReceivedMail, startSmtpServer } from '../../../test/smtp';
import { startTwilioFake } from '../../../test/twilio';
import { mediaItems, userProfiles } from '../../db/schema';

const ACCOUNT_SID = `AC${'7'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-test-token';
const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((p) => p.type === 'text/plain')?.body ?? '';
const htmlOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((p) => p.type === 'text/html')?.body ?? '';

describe("every message in the member's language", () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
  let pushService: PushService;
  let now = new Date('2027-06-01T10:00:00Z');
  const tick = async (at: string) => {
    now = new Date(at);
    await app.notifications.tick();
  };
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    twilio = await startTwilioFake({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    pushService = await startPushService();
    app = await buildTestApp({
      clock: () => now,
      pushAgent: pushService.agent,
      env: {
        SMTP_URL: smtp.url,
        NOTIFY_SETTLE_SECONDS: '0',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: '+14155550100',
        TWILIO_API_URL: twilio.url,
        CHANNEL_ALLOW_PRIVATE_HOSTS: 'true',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await twilio.close();
    await pushService.close();
  });

  /** A signed-up member reading `locale`, told by email, a verified phone and one push device. */
  async function memberIn(locale: 'de' | 'ja' | 'fr' | 'es', phoneNumber: string): Promise<TestUser> {
    const member = await signUp(app, { register: true });
    const subscription = pushService.subscribe({ applicationServerKey: TEST_VAPID_KEYS.publicKey });
    const subscribed = await app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { origin: TEST_ORIGIN, cookie: member.cookie },
      payload: subscription,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);
    await app.database.db
      .update(userProfiles)
      .set({
        locale,
        timeZone: 'Europe/Berlin',
        reminderDays: 0,
        phoneNumber,
        phoneVerifiedAt: new Date('2027-01-01T00:00:00Z'),
        notificationPreferences: ['email', 'mobile', 'push'],
      })
      .where(eq(userProfiles.userId, member.id));
    return member;
  }

  /** A title in the catalog with no date yet, tracked by `userId`; `announce` gives it one. */
  async function undatedTitle(title: string, userId: string) {
    const item = buildItem({ title, mediaType: 'movies', releaseDate: null, releaseDatePrecision: null });
    await insertItems(app, [item], new Date('2027-05-01T00:00:00Z'));
    const [row] = await app.database.db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(eq(mediaItems.providerId, item.providerId));
    await track(app, userId, row!.id, new Date('2027-05-02T00:00:00Z'));
    return {
      announce: (date: string) =>
        insertItems(app, [{ ...item, releaseDate: date, releaseDatePrecision: 'day' }], now),
    };
  }

  it('tells a member in German by email, text and push, with German dates, and in Spanish once they switch', async () => {
    const member = await memberIn('de', '+14155550142');
    const title = await undatedTitle('Papiermonde', member.id);
    await title.announce('2027-09-14');
    await tick('2027-06-01T10:05:00Z');

    const [mail, ...moreMail] = mailsTo(member.email);
    expect(moreMail).toHaveLength(0);
    expect(mailHeader(mail!.raw, 'subject')).toBe(
      'Papiermonde hat ein Erscheinungsdatum: 14. September 2027',
    );
    expect(htmlOf(mail!)).toMatch(/<html[^>]* lang="de"/);
    expect(textOf(mail!)).toContain('Dienstag, 14. September 2027');
    expect(textOf(mail!)).not.toMatch(/release date|September 14/);

    const [text] = twilio.messages.filter((m) => m.to === '+14155550142');
    expect(text!.body).toMatch(
      /^Releasebell: Papiermonde hat ein Erscheinungsdatum: 14\. Sept\. 2027\. http/,
    );

    const [push] = await pushService.waitFor(1);
    expect(push!.payload).toMatchObject({
      title: 'Papiermonde',
      body: 'Papiermonde hat ein Erscheinungsdatum: 14. Sept. 2027.',
    });

    // The next message follows the member's new language.
    await app.database.db
      .update(userProfiles)
      .set({ locale: 'es' })
      .where(eq(userProfiles.userId, member.id));
    const next = await undatedTitle('Lunas de papel', member.id);
    await next.announce('2027-10-02');
    await tick('2027-06-01T10:10:00Z');
    const latest = mailsTo(member.email).at(-1);
    expect(mailHeader(latest!.raw, 'subject')).toBe(
      'Lunas de papel ya tiene fecha de estreno: 2 de octubre de 2027',
    );
    expect(htmlOf(latest!)).toMatch(/<html[^>]* lang="es"/);
  });

  it('sends a member in Japanese their digest in Japanese', async () => {
    const member = await memberIn('ja', '+14155550143');
    const first = await undatedTitle('星の港', member.id);
    const second = await undatedTitle('紙の月', member.id);
    await first.announce('2027-11-03');
    await second.announce('2027-12-24');
    await tick('2027-06-01T10:15:00Z');

    const [digest, ...more] = mailsTo(member.email);
    expect(more).toHaveLength(0);
    expect(mailHeader(digest!.raw, 'subject')).toMatch(/^ウォッチリストの作品に2件の更新：/);
    expect(mailHeader(digest!.raw, 'subject')).toContain('2027年11月3日');
    expect(htmlOf(digest!)).toMatch(/<html[^>]* lang="ja"/);
    expect(textOf(digest!)).toContain('2027年12月24日');
    expect(textOf(digest!)).not.toMatch(/You get this|View title/);
  });

  it("writes a member's calendar feed in French", async () => {
    const member = await memberIn('fr', '+14155550144');
    const item = buildItem({
      title: 'Le Port de verre',
      mediaType: 'movies',
      releaseDate: '2027-07-14',
      releaseDatePrecision: 'day',
      creator: 'Mara Quill',
      creatorLabel: 'Director',
    });
    await insertItems(app, [item], new Date('2027-05-01T00:00:00Z'));
    const [row] = await app.database.db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(eq(mediaItems.providerId, item.providerId));
    await track(app, member.id, row!.id, new Date('2027-05-02T00:00:00Z'));

    const link = await app.inject({
      method: 'GET',
      url: '/api/calendar',
      headers: { cookie: member.cookie },
    });
    const feed = await app.inject({ method: 'GET', url: new URL(link.json().url).pathname });
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const [event] = calendar.getAllSubcomponents('vevent');
    expect(event!.getFirstPropertyValue('summary')).toBe('Le Port de verre (cinéma)');
    expect(event!.getFirstPropertyValue('description')).toContain('Réalisateur\u00a0: Mara Quill');
    expect(event!.getFirstPropertyValue('categories')).toBe('Films');
  });
});
