import { englishOf, PHONE_MESSAGES } from '@releasebell/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { startTwilioFake } from '../../../test/twilio';

const ACCOUNT_SID = `AC${'2'.repeat(32)}`;
const AUTH_TOKEN = 'twilio-test-token';
const MINUTE = 60_000;

describe('verifying the mobile number before any text goes to it', () => {
  let app: FastifyInstance;
  let twilio: Awaited<ReturnType<typeof startTwilioFake>>;
  let now = new Date('2027-05-04T12:00:00Z');
  const later = (ms: number) => {
    now = new Date(now.getTime() + ms);
  };

  beforeAll(async () => {
    twilio = await startTwilioFake({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN });
    app = await buildTestApp({
      clock: () => now,
      env: {
        TWILIO_ACCOUNT_SID: ACCOUNT_SID,
        TWILIO_AUTH_TOKEN: AUTH_TOKEN,
        // A US sending number: texts go to US mobiles only unless SMS_COUNTRIES says otherwise.
        TWILIO_FROM: '+14155550100',
        TWILIO_API_URL: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await app.close();
    await twilio.close();
  });
  beforeEach(() => {
    // Each test starts a day later: the per-number and per-member windows of the last one are over.
    later(48 * 60 * MINUTE);
  });

  const post = (user: TestUser, url: string, payload?: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const profile = async (user: TestUser) =>
    (await app.inject({ url: `/user/details/${user.id}`, headers: { cookie: user.cookie } })).json();
  const savePhone = (user: TestUser, phone: string | null, first = 'Test') =>
    app.inject({
      method: 'PUT',
      url: `/user/update/${user.id}`,
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      payload: {
        first_name: first,
        last_name: 'Member',
        phone_number: phone,
        notification_preferences: phone ? ['email', 'mobile'] : ['email'],
      },
    });
  /** The code in the last text to `to`. */
  const lastCode = (to: string) => {
    const text = twilio.messages.filter((m) => m.to === to).at(-1);
    return /^(\d{6}) is your Releasebell code/.exec(text?.body ?? '')?.[1] ?? null;
  };
  const member = async (phone: string) => {
    const user = await signUp(app, { register: true });
    expect((await savePhone(user, phone)).statusCode).toBe(200);
    return user;
  };

  it("texts the code in the member's language, the code first and the WebOTP line as browsers read it", async () => {
    const texts: Record<string, RegExp> = {
      de: /^(\d{6}) ist dein Releasebell-Code\. Er läuft in 10 Minuten ab\.\n\n@localhost:3999 #\1$/,
      fr: /^(\d{6}) est votre code Releasebell\. Il expire dans 10 minutes\.\n\n@localhost:3999 #\1$/,
      ja: /^Releasebellの確認コードは(\d{6})です。有効期限は10分です。\n\n@localhost:3999 #\1$/,
    };
    let n = 0;
    for (const [locale, expected] of Object.entries(texts)) {
      n += 1;
      const phone = `+1 415 555 01${40 + n}`;
      const user = await member(phone);
      const base = { first_name: 'Test', last_name: 'Member', phone_number: phone };
      await app.inject({
        method: 'PUT',
        url: `/user/update/${user.id}`,
        headers: { cookie: user.cookie, origin: TEST_ORIGIN },
        payload: { ...base, notification_preferences: ['email', 'mobile'], locale },
      });
      expect((await post(user, '/api/phone/verification')).statusCode).toBe(202);
      const [text] = twilio.messages.filter((m) => m.to === `+1415555014${n}`);
      expect(text?.body, locale).toMatch(expected);
    }
  });

  it('texts a code, takes it once, and a new number needs a new proof', async () => {
    const user = await member('+1 415 555 0132');
    expect(await profile(user)).toMatchObject({ phone_number: '+14155550132', phone_verified: false });

    const sent = await post(user, '/api/phone/verification');
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({
      phone_number_display: '+1 415 555 0132',
      expires_at: new Date(now.getTime() + 10 * MINUTE).toISOString(),
    });
    const [text] = twilio.messages.filter((m) => m.to === '+14155550132');
    // The code leads (lock screens show the start); the last line lets the phone offer it to this site.
    expect(text!.body).toMatch(
      /^\d{6} is your Releasebell code\. It expires in 10 minutes\.\n\n@localhost:3999 #\d{6}$/,
    );
    const code = lastCode('+14155550132')!;

    const wrong = await post(user, '/api/phone/verification/confirm', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'INVALID_CODE',
      message: englishOf(PHONE_MESSAGES.wrongCode),
      details: [{ field: 'code', message: englishOf(PHONE_MESSAGES.wrongCode) }],
    });
    expect((await profile(user)).phone_verified).toBe(false);

    const right = await post(user, '/api/phone/verification/confirm', { code });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({ phone_verified: true });
    expect((await profile(user)).phone_verified).toBe(true);
    const again = await post(user, '/api/phone/verification/confirm', { code });
    expect(again.json().error).toMatchObject({
      code: 'INVALID_CODE',
      message: englishOf(PHONE_MESSAGES.noCode),
    });
    expect((await post(user, '/api/phone/verification')).json().error).toMatchObject({
      code: 'PHONE_NOT_VERIFIABLE',
      message: englishOf(PHONE_MESSAGES.alreadyVerified),
    });

    // Saving the profile with the same number keeps the proof; another number does not.
    expect((await savePhone(user, '+1 (415) 555-0132', 'Renamed')).json().phone_verified).toBe(true);
    expect((await savePhone(user, '+1 415 555 0199')).json().phone_verified).toBe(false);
    expect((await savePhone(user, '+1 415 555 0132')).json().phone_verified).toBe(false);
  });

  it('ends a code after five wrong tries, after ten minutes, and when the number changes', async () => {
    const user = await member('+1 415 555 0133');
    await post(user, '/api/phone/verification');
    const code = lastCode('+14155550133')!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const messages = [];
    for (let i = 0; i < 5; i++) {
      messages.push(
        (await post(user, '/api/phone/verification/confirm', { code: wrongCode })).json().error.message,
      );
    }
    expect(messages).toEqual([
      ...Array(4).fill(englishOf(PHONE_MESSAGES.wrongCode)),
      englishOf(PHONE_MESSAGES.noCode),
    ]);
    const late = await post(user, '/api/phone/verification/confirm', { code });
    expect(late.json().error.message).toBe(englishOf(PHONE_MESSAGES.noCode));

    await post(user, '/api/phone/verification');
    later(10 * MINUTE);
    const expired = await post(user, '/api/phone/verification/confirm', { code: lastCode('+14155550133') });
    expect(expired.json().error.message).toBe(englishOf(PHONE_MESSAGES.noCode));

    await post(user, '/api/phone/verification');
    const forOldNumber = lastCode('+14155550133');
    await savePhone(user, '+1 415 555 0134');
    const moved = await post(user, '/api/phone/verification/confirm', { code: forOldNumber });
    expect(moved.json().error.message).toBe(englishOf(PHONE_MESSAGES.noCode));
    expect((await profile(user)).phone_verified).toBe(false);
  });

  it('sends at most 3 codes a member an hour and 5 a number a day', async () => {
    const user = await member('+1 415 555 0135');
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await post(user, '/api/phone/verification')).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429]);
    const refused = await post(user, '/api/phone/verification');
    expect(refused.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: englishOf(PHONE_MESSAGES.tooManyCodes),
    });
    expect(twilio.messages.filter((m) => m.to === '+14155550135')).toHaveLength(3);

    // An hour on, this member may ask again; someone else typing the same number shares its 5 a day.
    later(61 * MINUTE);
    expect((await post(user, '/api/phone/verification')).statusCode).toBe(202);
    const other = await member('+1 415 555 0135');
    expect((await post(other, '/api/phone/verification')).statusCode).toBe(202);
    expect((await post(other, '/api/phone/verification')).statusCode).toBe(429);
    expect(twilio.messages.filter((m) => m.to === '+14155550135')).toHaveLength(5);
  });

  it('refuses premium-rate and foreign numbers when saving, naming phone_number and changing nothing', async () => {
    const user = await member('+1 415 555 0136');
    for (const [phone, message] of [
      [
        '+1 900 555 0199',
        'We can only text mobile numbers in the United States. This is a premium-rate number.',
      ],
      ['+44 9098 790000', 'We can only text mobile numbers in the United States.'],
      ['+881 6 1234 5678', 'We can only text mobile numbers in the United States.'],
      ['+7 999 123 4567', 'We can only text mobile numbers in the United States.'],
    ]) {
      const res = await savePhone(user, phone!);
      expect(res.statusCode, phone).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'phone_number', message }]);
    }
    expect((await profile(user)).phone_number).toBe('+14155550136');
    const signUpWithIt = await signUp(app);
    const registered = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: { cookie: signUpWithIt.cookie, origin: TEST_ORIGIN },
      payload: {
        email: signUpWithIt.email,
        firebase_id: signUpWithIt.id,
        phone_number: '+1 900 555 0199',
        notification_preferences: ['email', 'mobile'],
      },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.json().error.details[0].field).toBe('phone_number');
  });

  it('sends the test notification by text only to a verified number', async () => {
    const user = await member('+1 415 555 0137');
    const before = await post(user, '/api/notifications/test');
    expect(before.json()).toEqual({ channels: ['email'] });
    expect(twilio.messages.filter((m) => m.to === '+14155550137')).toHaveLength(0);

    await post(user, '/api/phone/verification');
    await post(user, '/api/phone/verification/confirm', { code: lastCode('+14155550137') });
    const after = await post(user, '/api/notifications/test');
    expect(after.json()).toEqual({ channels: ['email', 'mobile'] });
    expect(twilio.messages.filter((m) => m.to === '+14155550137').at(-1)!.body).toMatch(/test text/);
  });

  it('answers a member without a number, a malformed code, and anyone signed out', async () => {
    const user = await signUp(app, { register: true });
    expect((await post(user, '/api/phone/verification')).json().error).toMatchObject({
      code: 'PHONE_NOT_VERIFIABLE',
      message: englishOf(PHONE_MESSAGES.noNumber),
    });
    const malformed = await post(user, '/api/phone/verification/confirm', { code: '12 34' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.details).toEqual([
      { field: 'code', message: englishOf(PHONE_MESSAGES.codeFormat) },
    ]);
    // Someone else's pending code is not this member's to use.
    const owner = await member('+1 415 555 0138');
    await post(owner, '/api/phone/verification');
    const theirs = await post(user, '/api/phone/verification/confirm', { code: lastCode('+14155550138') });
    expect(theirs.json().error.message).toBe(englishOf(PHONE_MESSAGES.noCode));
    for (const url of ['/api/phone/verification', '/api/phone/verification/confirm']) {
      const res = await app.inject({
        method: 'POST',
        url,
        headers: { origin: TEST_ORIGIN },
        payload: { code: '123456' },
      });
      expect(res.statusCode, url).toBe(401);
    }
  });
});
