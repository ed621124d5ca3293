import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildItem,
  buildTestApp,
  insertItem,
  insertItems,
  insertMember,
  signUp,
  TEST_ORIGIN,
  track,
} from '../../../test/helpers';
import { mailHeader, mimeParts, type ReceivedMail, startSmtpServer } from '../../../test/smtp';
import { startTwilioFake } from '../../../test/twilio';
import { mediaItems, notificationDeliveries, userProfiles } from '../../db/schema';
import type { NormalisedItem } from '../../providers/types';
import { createDeliveryQueue } from './delivery-queue';
import { createPlanner } from './planner';
import { createPlanningQueries } from './planning-queries';

const header = (mail: ReceivedMail, name: string) => mailHeader(mail.raw, name);
const subject = (mail: ReceivedMail) => header(mail, 'Subject');
const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((p) => p.type === 'text/plain')?.body ?? '';

const ACCOUNT_SID = `AC${'1'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-test-token';
const HOUR = 3_600_000;

describe('release notifications', () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
  let now = new Date('2027-03-10T12:00:00Z');
  const tick = async (at: string | Date) => {
    now = new Date(at);
    await app.notifications.tick();
  };
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
  const textsTo = (phone: string) => twilio.messages.filter((m) => m.to === phone);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    twilio = await startTwilioFake({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    app = await buildTestApp({
      clock: () => now,
      env: {
        SMTP_URL: smtp.url,
        NOTIFY_SETTLE_SECONDS: '300',
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        TWILIO_FROM: '+15005550006',
        TWILIO_API_URL: twilio.url,
        SMS_COUNTRIES: 'US,GB',
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await twilio.close();
  });

  /** A dated title and a member in New York tracking it since well before. */
  async function trackedRelease(
    date: string,
    overrides: Partial<NormalisedItem> = {},
    timeZone = 'America/New_York',
  ) {
    const title = overrides.title ?? `Release ${randomBytes(3).toString('hex')}`;
    const itemId = await insertItem(app, {
      title,
      releaseDate: date,
      releaseDatePrecision: 'day',
      ...overrides,
    });
    const member = await insertMember(app, { timeZone });
    await track(app, member.id, itemId, new Date('2027-01-01T00:00:00Z'));
    return { itemId, member, title };
  }

  describe('release day', () => {
    it('emails "out today" at 09:00 in the member\'s zone, once, with its Message-ID and one-click unsubscribe', async () => {
      const { member } = await trackedRelease('2027-03-14', { title: 'Dune: Part Three' });
      await tick('2027-03-14T12:59:00Z'); // 08:59 in New York (EDT since 14 March)
      expect(mailsTo(member.email)).toHaveLength(0);
      await tick('2027-03-14T13:00:00Z');
      const [mail, ...more] = mailsTo(member.email);
      expect(more).toHaveLength(0);
      expect(subject(mail!)).toBe('Dune: Part Three is out today');
      expect(header(mail!, 'Message-ID')).toMatch(/^<[0-9a-f-]{36}@localhost>$/);
      expect(header(mail!, 'List-Unsubscribe')).toMatch(
        new RegExp(`^<${TEST_ORIGIN}/api/notifications/unsubscribe\\?token=[\\w-]+\\.[\\w-]+>$`),
      );
      expect(header(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      // The body's pause link carries the same member's token as the one-click header.
      const token = header(mail!, 'List-Unsubscribe')!.match(/token=([\w.-]+)>/)![1];
      expect(textOf(mail!)).toContain(`${TEST_ORIGIN}/unsubscribe?token=${token}`);
      expect(textOf(mail!)).toContain(`${TEST_ORIGIN}/media/movies/dune-part-three`);
      // Later ticks send nothing more.
      await tick('2027-03-14T18:00:00Z');
      await tick('2027-03-15T13:00:00Z');
      expect(mailsTo(member.email)).toHaveLength(1);
    });

    it('goes at 09:00 local in zones far apart (UTC+14 fires the day before in UTC)', async () => {
      const kiritimati = await trackedRelease('2027-04-20', {}, 'Pacific/Kiritimati');
      const pagoPago = await trackedRelease('2027-04-20', {}, 'Pacific/Pago_Pago');
      await tick('2027-04-19T18:59:00Z');
      expect(mailsTo(kiritimati.member.email)).toHaveLength(0);
      await tick('2027-04-19T19:00:00Z');
      expect(mailsTo(kiritimati.member.email)).toHaveLength(1);
      await tick('2027-04-20T19:59:00Z');
      expect(mailsTo(pagoPago.member.email)).toHaveLength(0);
      await tick('2027-04-20T20:00:00Z');
      expect(mailsTo(pagoPago.member.email)).toHaveLength(1);
    });

    it('sends titles due together as one digest email', async () => {
      const member = await insertMember(app, { timeZone: 'Europe/Paris' });
      for (const title of ['Alpha Digest', 'Beta Digest', 'Gamma Digest']) {
        const id = await insertItem(app, { title, releaseDate: '2027-05-02', releaseDatePrecision: 'day' });
        await track(app, member.id, id, new Date('2027-01-01T00:00:00Z'));
      }
      await tick('2027-05-02T07:00:00Z'); // 09:00 in Paris (CEST)
      const mails = mailsTo(member.email);
      expect(mails).toHaveLength(1);
      expect(subject(mails[0]!)).toMatch(/^3 updates on titles you track: .+ is out today, and 2 more$/);
      for (const title of ['Alpha Digest', 'Beta Digest', 'Gamma Digest'])
        expect(textOf(mails[0]!)).toContain(title);
    });

    it('tells nobody who added the title after its release message went out', async () => {
      const itemId = await insertItem(app, { releaseDate: '2027-05-10', releaseDatePrecision: 'day' });
      const late = await insertMember(app, { timeZone: 'UTC' });
      await track(app, late.id, itemId, new Date('2027-05-10T10:00:00Z'));
      await tick('2027-05-10T12:00:00Z');
      expect(mailsTo(late.email)).toHaveLength(0);
    });

    it('catches up after downtime for 72 hours, and records older ones as skipped', async () => {
      const recent = await trackedRelease('2027-06-01', {}, 'UTC');
      const old = await trackedRelease('2027-05-29', {}, 'UTC');
      // The app was down from before 2027-05-29 09:00 until 2027-06-01 10:00 (73 h after the old one).
      await tick('2027-06-01T10:00:00Z');
      expect(mailsTo(recent.member.email)).toHaveLength(1);
      expect(mailsTo(old.member.email)).toHaveLength(0);
      const rows = await app.database.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.userId, old.member.id));
      const released = rows.filter((r) => r.kind === 'released');
      expect(released.map((r) => [r.channel, r.status]).sort()).toEqual([
        ['email', 'skipped'],
        ['in_app', 'skipped'],
      ]);
      expect(released[0]!.lastError).toBe('more than 72 hours late');
    });
  });

  describe('date changes', () => {
    async function trackedTitle(item: Partial<NormalisedItem>, timeZone = 'UTC') {
      const built = buildItem(item);
      await insertItems(app, [built], now);
      const [row] = await app.database.db
        .select({ id: mediaItems.id })
        .from(mediaItems)
        .where(eq(mediaItems.providerId, built.providerId));
      const member = await insertMember(app, { timeZone });
      await track(app, member.id, row!.id, new Date(now.getTime() - 24 * HOUR));
      return { built, member };
    }
    const setDate = (
      built: NormalisedItem,
      releaseDate: string | null,
      precision: NormalisedItem['releaseDatePrecision'],
      at: Date,
    ) =>
      insertItems(app, [{ ...built, releaseDate, releaseDatePrecision: releaseDate ? precision : null }], at);

    it("announces a date once it has settled, in the member's own words", async () => {
      now = new Date('2027-07-01T12:00:00Z');
      const { built, member } = await trackedTitle({ title: 'The Announced', releaseDate: null });
      await setDate(built, '2027-09-14', 'day', new Date('2027-07-01T12:00:00Z'));
      await tick('2027-07-01T12:04:59Z');
      expect(mailsTo(member.email)).toHaveLength(0);
      await tick('2027-07-01T12:05:00Z');
      const [mail] = mailsTo(member.email);
      expect(subject(mail!)).toBe('The Announced has a release date: September 14, 2027');
      const bell = await app.inject({ url: '/api/notifications', headers: {} });
      expect(bell.statusCode).toBe(401);
    });

    it('says old and new date when a date moves; a move there and back says nothing', async () => {
      now = new Date('2027-07-02T12:00:00Z');
      const moved = await trackedTitle({
        title: 'The Moved',
        releaseDate: '2027-10-01',
        releaseDatePrecision: 'day',
      });
      const flip = await trackedTitle({
        title: 'The Flip',
        releaseDate: '2027-10-01',
        releaseDatePrecision: 'day',
      });
      await setDate(moved.built, '2027-10-08', 'day', new Date('2027-07-02T12:00:00Z'));
      await setDate(flip.built, '2027-10-08', 'day', new Date('2027-07-02T12:00:00Z'));
      await setDate(flip.built, '2027-10-01', 'day', new Date('2027-07-02T12:02:00Z'));
      await tick('2027-07-02T12:10:00Z');
      const [mail] = mailsTo(moved.member.email);
      expect(subject(mail!)).toBe('The Moved moved to October 8, 2027');
      expect(textOf(mail!)).toContain('Was Friday, October 1, 2027, now Friday, October 8, 2027.');
      expect(mailsTo(flip.member.email)).toHaveLength(0);
    });

    it('never sends a release message for a date the title no longer has', async () => {
      now = new Date('2027-08-01T00:00:00Z');
      const { built, member } = await trackedTitle({
        releaseDate: '2027-08-05',
        releaseDatePrecision: 'day',
      });
      await setDate(built, '2027-08-01', 'day', new Date('2027-08-01T00:00:00Z'));
      // 09:00 UTC on the new day: the change has settled, so the member hears both, once each, together.
      await tick('2027-08-01T09:00:00Z');
      const mails = mailsTo(member.email);
      expect(mails).toHaveLength(1);
      expect(subject(mails[0]!)).toMatch(/^2 updates on titles you track/);
      await tick('2027-08-05T09:00:00Z');
      expect(mailsTo(member.email)).toHaveLength(1);
    });
  });

  describe('reminders', () => {
    it('reminds the chosen number of days before, at 09:00 local', async () => {
      const itemId = await insertItem(app, {
        title: 'Remind Me',
        releaseDate: '2027-09-10',
        releaseDatePrecision: 'day',
      });
      const member = await insertMember(app, { timeZone: 'Asia/Kathmandu', reminderDays: 3 });
      await track(app, member.id, itemId, new Date('2027-01-01T00:00:00Z'));
      await tick('2027-09-07T03:14:00Z');
      expect(mailsTo(member.email)).toHaveLength(0);
      await tick('2027-09-07T03:15:00Z'); // 09:00 in Kathmandu (UTC+5:45)
      expect(mailsTo(member.email).map(subject)).toEqual(['Remind Me is out in 3 days']);
    });
  });

  describe('text messages', () => {
    it('texts members who chose mobile, within 160 characters, never between 21:00 and 08:00', async () => {
      now = new Date('2027-10-01T00:00:00Z');
      const built = buildItem({ title: 'Night Owl', releaseDate: null });
      await insertItems(app, [built], now);
      const [row] = await app.database.db
        .select({ id: mediaItems.id })
        .from(mediaItems)
        .where(eq(mediaItems.providerId, built.providerId));
      const itemId = row!.id;
      const member = await insertMember(app, {
        timeZone: 'Europe/London',
        phoneNumber: '+447400123456',
        phoneVerifiedAt: new Date('2027-09-01T00:00:00Z'),
        notificationPreferences: ['email', 'mobile'],
      });
      // The same wish without having proven the number: email only, never a text.
      const unproven = await insertMember(app, {
        timeZone: 'Europe/London',
        phoneNumber: '+447400123457',
        notificationPreferences: ['email', 'mobile'],
      });
      await track(app, member.id, itemId, new Date('2027-09-01T00:00:00Z'));
      await track(app, unproven.id, itemId, new Date('2027-09-01T00:00:00Z'));
      // Announced at 21:30 London time (BST): the email goes at once, the text waits for 08:00.
      await insertItems(
        app,
        [{ ...built, releaseDate: '2027-12-01', releaseDatePrecision: 'day' }],
        new Date('2027-10-01T20:30:00Z'),
      );
      await tick('2027-10-01T20:35:00Z');
      expect(mailsTo(member.email)).toHaveLength(1);
      expect(textsTo('+447400123456')).toHaveLength(0);
      await tick('2027-10-02T06:59:00Z');
      expect(textsTo('+447400123456')).toHaveLength(0);
      await tick('2027-10-02T07:00:00Z');
      const [text] = textsTo('+447400123456');
      expect(text!.body).toMatch(
        /^Releasebell: Night Owl has a release date: Dec 1, 2027\. http:\/\/localhost:3999\/s\/[\w-]{22}$/,
      );
      expect(text!.body.length).toBeLessThanOrEqual(160);
      expect(mailsTo(unproven.email)).toHaveLength(1);
      expect(textsTo('+447400123457')).toHaveLength(0);
      const link = new URL(text!.body.split(' ').at(-1)!);
      const redirect = await app.inject({ url: link.pathname });
      expect(redirect.statusCode).toBe(302);
      expect(redirect.headers.location).toBe('/media/movies/night-owl');
    });

    it('turns mobile off when the member replied STOP, and the profile says so', async () => {
      const phone = '+14155550177';
      twilio.unsubscribe(phone);
      const user = await signUp(app, { register: true });
      await app.database.db
        .update(userProfiles)
        .set({ phoneNumber: phone, phoneVerifiedAt: now, notificationPreferences: ['email', 'mobile'] })
        .where(eq(userProfiles.userId, user.id));
      const itemId = await insertItem(app, { releaseDate: '2027-11-03', releaseDatePrecision: 'day' });
      await track(app, user.id, itemId, new Date('2027-01-01T00:00:00Z'));
      await tick('2027-11-03T10:00:00Z');
      const profile = (
        await app.inject({ url: `/user/details/${user.id}`, headers: { cookie: user.cookie } })
      ).json();
      expect(profile).toMatchObject({ sms_opted_out: true, notification_preferences: ['email'] });
      expect(mailsTo(user.email)).toHaveLength(1);
    });
  });

  describe('paused release emails', () => {
    it('one click pauses the emails, the bell still tells; resuming in the profile brings them back', async () => {
      const user = await signUp(app, { register: true });
      const first = await insertItem(app, { releaseDate: '2027-12-20', releaseDatePrecision: 'day' });
      const second = await insertItem(app, { releaseDate: '2027-12-21', releaseDatePrecision: 'day' });
      for (const id of [first, second]) await track(app, user.id, id, new Date('2027-01-01T00:00:00Z'));
      await tick('2027-12-19T09:30:00Z'); // the reminders of the first title (default: a day before)
      const [reminder] = mailsTo(user.email);
      const oneClick = new URL(header(reminder!, 'List-Unsubscribe')!.slice(1, -1));
      const paused = await app.inject({
        method: 'POST',
        url: `${oneClick.pathname}${oneClick.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(paused.json()).toEqual({ email_paused: true });
      await tick('2027-12-20T09:30:00Z');
      expect(mailsTo(user.email)).toHaveLength(1);
      const bell = (await app.inject({ url: '/api/notifications', headers: { cookie: user.cookie } })).json();
      expect(bell.notifications.map((n: { kind: string }) => n.kind)).toContain('released');
      // Resumed from the profile: the next morning's mail goes out again.
      const resume = await app.inject({
        method: 'PUT',
        url: `/user/update/${user.id}`,
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        payload: {
          first_name: 'Test',
          last_name: 'Member',
          phone_number: null,
          notification_preferences: ['email'],
          email_paused: false,
        },
      });
      expect(resume.json().email_paused).toBe(false);
      await tick('2027-12-21T09:30:00Z');
      expect(mailsTo(user.email).map(subject)).toEqual([
        expect.stringMatching(/ is out tomorrow$/),
        expect.stringMatching(/ is out today$/),
      ]);
    });
  });

  describe('failures', () => {
    it('retries a transient SMTP failure with backoff and sends once', async () => {
      const { member } = await trackedRelease('2027-12-11', {}, 'UTC');
      smtp.failNext(1, 451, 'Greylisted, try again later');
      await tick('2027-12-11T09:00:00Z');
      expect(mailsTo(member.email)).toHaveLength(0);
      const [row] = await app.database.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.userId, member.id))
        .then((rows) => rows.filter((r) => r.channel === 'email' && r.kind === 'released'));
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.lastError).toContain('451');
      await tick(new Date(row!.nextAttemptAt.getTime() - 1000));
      expect(mailsTo(member.email)).toHaveLength(0);
      await tick(row!.nextAttemptAt);
      expect(mailsTo(member.email)).toHaveLength(1);
      await tick('2027-12-11T12:00:00Z');
      expect(mailsTo(member.email)).toHaveLength(1);
    });

    it('stops at once on a permanent refusal and records why', async () => {
      const { member } = await trackedRelease('2027-12-02', {}, 'UTC');
      smtp.refuse(member.email, 550, 'No such user here');
      await tick('2027-12-02T09:00:00Z');
      await tick('2027-12-02T12:00:00Z');
      const rows = await app.database.db
        .select()
        .from(notificationDeliveries)
        .where(eq(notificationDeliveries.userId, member.id));
      const email = rows.find((r) => r.channel === 'email' && r.kind === 'released');
      expect(email).toMatchObject({ status: 'failed', attempts: 1 });
      expect(email!.lastError).toContain('550');
    });

    it('takes up a delivery whose worker died mid-send, with the same Message-ID', async () => {
      const { member } = await trackedRelease('2027-12-03', {}, 'UTC');
      now = new Date('2027-12-03T09:00:00Z');
      // A worker plans and claims (for 120 s), then dies before it sends.
      await createPlanner(createPlanningQueries(app.database.db), { settleSeconds: 300 }).planDue(now);
      const deliveries = createDeliveryQueue(app.database.db);
      const claimed = await deliveries.claim('email', now, new Date(now.getTime() + 120_000), 100);
      const batch = claimed.find((d) => d.userId === member.id)?.batchId;
      expect(batch).toBeTruthy();
      // Nobody else takes it while the claim holds...
      await tick('2027-12-03T09:01:59Z');
      expect(mailsTo(member.email)).toHaveLength(0);
      // ...and once it has run out, the next worker sends it as the same message.
      await tick('2027-12-03T09:02:01Z');
      const mails = mailsTo(member.email);
      expect(mails).toHaveLength(1);
      expect(header(mails[0]!, 'Message-ID')).toBe(`<${batch}@localhost>`);
    });
  });
});
