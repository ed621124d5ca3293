import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertItem, insertMember, track } from '../../../test/helpers';
import { mimeParts, type ReceivedMail, startSmtpServer } from '../../../test/smtp';
import { notificationDeliveries, userProfiles } from '../../db/schema';
import { createPlanner } from './planner';
import { createPlanningQueries } from './planning-queries';

const textOf = (mail: ReceivedMail) => mimeParts(mail.raw).find((p) => p.type === 'text/plain')?.body ?? '';
const TRACKED_AT = new Date('2027-01-01T00:00:00Z');

/**
 * A movie whose own date (the default region's, US) is 14 March; TMDB lists it digitally in the US on
 * 2 April, and in GB in cinemas on 20 March and digitally on 10 April. Nowhere on disc.
 */
const TYPED = [
  { country: 'US', type: 3, date: '2027-03-14' },
  { country: 'US', type: 4, date: '2027-04-02' },
  { country: 'GB', type: 2, date: '2027-03-20' },
  { country: 'GB', type: 3, date: '2027-03-27' },
  { country: 'GB', type: 4, date: '2027-04-10' },
];

describe("release day and reminders on the member's kind of release in their region", () => {
  let app: FastifyInstance;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let now = new Date('2027-03-01T12:00:00Z');
  const tick = async (at: string) => {
    now = new Date(at);
    await app.notifications.tick();
  };
  const mailsTo = (email: string) => smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));
  const delivered = (userId: string, channel: 'in_app' | 'email' = 'in_app') =>
    app.database.db
      .select()
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.channel, channel)));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp({ clock: () => now, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  async function movieTrackedBy(title: string, ...profiles: Parameters<typeof insertMember>[1][]) {
    const itemId = await insertItem(app, {
      mediaType: 'movies',
      title,
      releaseDate: '2027-03-14',
      releaseDatePrecision: 'day',
      releaseDates: TYPED,
    });
    const members = [];
    for (const profile of profiles) {
      const member = await insertMember(app, { timeZone: 'UTC', reminderDays: 0, ...profile });
      await track(app, member.id, itemId, TRACKED_AT);
      members.push(member);
    }
    return { itemId, members };
  }

  it('tells a digital member on the digital date, not the theatrical one, and names that date', async () => {
    const {
      members: [digital, cinemaGoer],
    } = await movieTrackedBy('Glass Harbor', { movieReleaseKind: 'digital' }, {});
    await tick('2027-03-14T09:00:00Z');
    // The default (theatrical, US) member hears on the title's own date; the digital one does not.
    expect(await delivered(cinemaGoer!.id)).toMatchObject([{ kind: 'released', keyDate: '2027-03-14' }]);
    expect(await delivered(digital!.id)).toEqual([]);
    expect(mailsTo(digital!.email)).toHaveLength(0);

    await tick('2027-04-02T08:59:00Z');
    expect(await delivered(digital!.id)).toEqual([]);
    await tick('2027-04-02T09:00:00Z');
    expect(await delivered(digital!.id)).toMatchObject([
      { kind: 'released', keyDate: '2027-04-02', newDate: '2027-04-02', newPrecision: 'day', status: 'sent' },
    ]);
    // The email went (not cancelled as a moved date), saying which day it is about.
    const [mail, ...more] = mailsTo(digital!.email);
    expect(more).toHaveLength(0);
    expect(textOf(mail!)).toContain('April 2, 2027');
  });

  it("uses the member's region (GB: the earliest cinema release there, limited or wide)", async () => {
    const {
      members: [gb, gbDigital],
    } = await movieTrackedBy(
      'Salt Lines',
      { region: 'GB' },
      { region: 'GB', movieReleaseKind: 'digital', reminderDays: 3 },
    );
    await tick('2027-03-14T09:00:00Z');
    expect(await delivered(gb!.id)).toEqual([]);
    await tick('2027-03-20T09:00:00Z');
    expect(await delivered(gb!.id)).toMatchObject([{ kind: 'released', keyDate: '2027-03-20' }]);
    // The reminder comes 3 days before the GB digital date, about that date.
    await tick('2027-04-07T09:00:00Z');
    expect(await delivered(gbDigital!.id)).toMatchObject([
      { kind: 'reminder', keyDate: '2027-04-10', newDate: '2027-04-10', reminderDays: 3 },
    ]);
    await tick('2027-04-10T09:00:00Z');
    expect((await delivered(gbDigital!.id)).map((d) => `${d.kind} ${d.keyDate}`).sort()).toEqual([
      'released 2027-04-10',
      'reminder 2027-04-10',
    ]);
  });

  it("falls back on the title's own date when the region lists no date of the member's kind", async () => {
    const {
      members: [physical, japan],
    } = await movieTrackedBy('Amber Circuit', { movieReleaseKind: 'physical' }, { region: 'JP' });
    await tick('2027-03-14T09:00:00Z');
    expect(await delivered(physical!.id)).toMatchObject([{ kind: 'released', keyDate: '2027-03-14' }]);
    expect(await delivered(japan!.id)).toMatchObject([{ kind: 'released', keyDate: '2027-03-14' }]);
  });

  it("cancels a waiting message when the member's day for the title is no longer its day", async () => {
    const {
      members: [member],
    } = await movieTrackedBy('Cold Meridian', { movieReleaseKind: 'digital' });
    now = new Date('2027-04-02T09:00:00Z');
    // Planned (email waiting to be sent), then the member switches to cinema releases.
    await createPlanner(createPlanningQueries(app.database.db), { settleSeconds: 300 }).planDue(now);
    expect(await delivered(member!.id, 'email')).toMatchObject([
      { status: 'pending', keyDate: '2027-04-02' },
    ]);
    await app.database.db
      .update(userProfiles)
      .set({ movieReleaseKind: 'theatrical' })
      .where(eq(userProfiles.userId, member!.id));
    await tick('2027-04-02T09:00:30Z');
    expect(await delivered(member!.id, 'email')).toMatchObject([
      { status: 'cancelled', lastError: 'the release date changed since' },
    ]);
    expect(mailsTo(member!.email)).toHaveLength(0);
  });
});
