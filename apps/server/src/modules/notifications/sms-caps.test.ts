import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  buildItem,
  buildTestApp,
  insertItems,
  insertMember,
  signUp,
  TEST_ORIGIN,
  track,
} from '../../../test/helpers';
import { startSmtpServer } from '../../../test/smtp';
import { startTwilioFake } from '../../../test/twilio';
import { mediaItems, notificationDeliveries, userProfiles } from '../../db/schema';

const ACCOUNT_SID = `AC${'3'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-test-token';
const MINUTE = 60_000;

/** An app texting through a fake Twilio on its own clock, with its log lines kept. */
async function textingApp(env: Record<string, string> = {}) {
  const smtp = await startSmtpServer();
  const twilio = await startTwilioFake({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
  const lines: string[] = [];
  const state = { now: new Date('2027-06-01T08:00:00Z') };
  const app = await buildTestApp({
    clock: () => state.now,
    logDestination: { write: (line) => lines.push(line) },
    env: {
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
      NOTIFY_SETTLE_SECONDS: '300',
      TWILIO_ACCOUNT_SID: ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: '+14155550100',
      TWILIO_API_URL: twilio.url,
      ...env,
    },
  });
  return {
    app,
    twilio,
    lines,
    state,
    tick: async (at: string) => {
      state.now = new Date(at);
      await app.notifications.tick();
    },
    close: async () => {
      await app.close();
      await smtp.close();
      await twilio.close();
    },
  };
}

/** A title out on `date` and its id, put in the catalog as the providers would. */
async function release(app: FastifyInstance, title: string, date: string | null, at: Date) {
  const item = buildItem({ title, releaseDate: date, releaseDatePrecision: date ? 'day' : null });
  await insertItems(app, [item], at);
  const [row] = await app.database.db
    .select({ id: mediaItems.id })
    .from(mediaItems)
    .where(eq(mediaItems.providerId, item.providerId));
  return { id: row!.id, item };
}

const verifiedTexting = (phoneNumber: string) => ({
  phoneNumber,
  phoneVerifiedAt: new Date('2027-01-01T00:00:00Z'),
  notificationPreferences: ['email', 'mobile'] as ('email' | 'mobile')[],
  timeZone: 'UTC',
});

describe('caps on texts', () => {
  let world: Awaited<ReturnType<typeof textingApp>> | undefined;
  afterEach(async () => {
    await world?.close();
    world = undefined;
  });

  it('holds a member past 10 texts a day, then sends what waited as one text in their waking hours', async () => {
    world = await textingApp();
    const { app, twilio, lines, state, tick } = world;
    const phone = '+14155550140';
    const user = await signUp(app, { register: true });
    await app.database.db
      .update(userProfiles)
      .set(verifiedTexting(phone))
      .where(eq(userProfiles.userId, user.id));
    const textsToMember = () => twilio.messages.filter((m) => m.to === phone);
    const test = () =>
      app.inject({
        method: 'POST',
        url: '/api/notifications/test',
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      });

    // Ten test texts through the morning (the test button allows 3 per 10 minutes).
    for (let i = 0; i < 10; i++) {
      expect((await test()).json()).toEqual({ channels: ['email', 'mobile'] });
      state.now = new Date(state.now.getTime() + 11 * MINUTE);
    }
    const eleventh = await test();
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe(
      'The test could not be sent by SMS (at most 10 texts a day per member).',
    );
    expect(textsToMember()).toHaveLength(10);

    // A title out today (09:00 UTC) and another whose date is announced at noon: both held.
    const out = await release(app, 'Harbor Lights', '2027-06-01', new Date('2027-05-01T00:00:00Z'));
    const announced = await release(app, 'Paper Moons', null, new Date('2027-05-01T00:00:00Z'));
    for (const { id } of [out, announced]) await track(app, user.id, id, new Date('2027-05-02T00:00:00Z'));
    await tick('2027-06-01T10:00:00Z');
    await insertItems(
      app,
      [{ ...announced.item, releaseDate: '2027-09-01', releaseDatePrecision: 'day' }],
      new Date('2027-06-01T12:00:00Z'),
    );
    await tick('2027-06-01T12:06:00Z');
    expect(textsToMember()).toHaveLength(10);
    const held = await app.database.db
      .select({ status: notificationDeliveries.status, lastError: notificationDeliveries.lastError })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.userId, user.id),
          eq(notificationDeliveries.channel, 'sms'),
          inArray(notificationDeliveries.kind, ['released', 'date_announced']),
        ),
      );
    expect(held).toEqual([
      { status: 'pending', lastError: 'sms_cap: at most 10 texts a day per member' },
      { status: 'pending', lastError: 'sms_cap: at most 10 texts a day per member' },
    ]);
    expect(lines.filter((l) => l.includes('daily text cap'))).toHaveLength(1);

    // The day's window ends at 08:00 tomorrow, which is also when the member's quiet hours end.
    await tick('2027-06-02T07:59:00Z');
    expect(textsToMember()).toHaveLength(10);
    await tick('2027-06-02T08:00:00Z');
    const [digest, ...more] = textsToMember().slice(10);
    expect(more).toHaveLength(0);
    expect(digest!.body).toMatch(
      /^Releasebell: Harbor Lights is out now! \(\+1 more\) http:\/\/localhost:3999\/s\//,
    );
    await tick('2027-06-02T09:00:00Z');
    expect(textsToMember()).toHaveLength(11);
  });

  it('holds texts past SMS_MAX_PER_HOUR across the install until the next hour', async () => {
    world = await textingApp({ SMS_MAX_PER_HOUR: '2' });
    const { app, twilio, lines, tick } = world;
    const { id } = await release(app, 'Night Ferry', '2027-06-01', new Date('2027-05-01T00:00:00Z'));
    const phones = ['+14155550141', '+14155550142', '+14155550143'];
    for (const phone of phones) {
      const member = await insertMember(app, verifiedTexting(phone));
      await track(app, member.id, id, new Date('2027-05-02T00:00:00Z'));
    }
    await tick('2027-06-01T09:00:00Z');
    expect(twilio.messages).toHaveLength(2);
    await tick('2027-06-01T09:59:00Z');
    expect(twilio.messages).toHaveLength(2);
    expect(lines.filter((l) => l.includes('SMS_MAX_PER_HOUR reached'))).toHaveLength(1);
    await tick('2027-06-01T10:00:00Z');
    expect(twilio.messages.map((m) => m.to).sort()).toEqual(phones);
    // Held over the hour, on the day itself: still "out today".
    expect(twilio.messages.every((m) => m.body.startsWith('Releasebell: Night Ferry is out today!'))).toBe(
      true,
    );
  });
});
