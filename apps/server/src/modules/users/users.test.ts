import { englishOf, LOCALE_MESSAGES, MOVIE_RELEASE_KINDS, VALIDATION_MESSAGES } from '@releasebell/contract';

const BAD_KIND = `must be one of: ${MOVIE_RELEASE_KINDS.join(', ')}`;

import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { generateUsername } from './service';

let app: FastifyInstance;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  app = await buildTestApp();
  owner = await signUp(app, { register: true });
  other = await signUp(app, { register: true });
});
afterAll(() => app.close());

const as = (user: TestUser | null) =>
  user ? { cookie: user.cookie, origin: TEST_ORIGIN } : { origin: TEST_ORIGIN };
const details = async (user: TestUser) =>
  (await app.inject({ url: `/user/details/${user.id}`, headers: as(user) })).json();

describe('generateUsername', () => {
  it('keeps the alphanumerics of the local part and adds 0-999', () => {
    expect(generateUsername('jane.doe+news@example.com', () => 7)).toBe('janedoenews7');
    expect(generateUsername('a_b-c@example.com', () => 999)).toBe('abc999');
    expect(generateUsername('...@example.com', () => 0)).toBe('member0');
  });
});

describe('POST /user/register', () => {
  it('creates the profile with the generated username, email preference by default and the utm fields', async () => {
    const user = await signUp(app);
    const res = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: as(user),
      payload: {
        email: user.email,
        firebase_id: user.id,
        username: 'ignored',
        first_name: ' Ada ',
        last_name: 'Lovelace',
        phone_number: '',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'launch',
        time_zone: 'America/St_Johns',
      },
    });
    expect(res.statusCode).toBe(201);
    const profile = res.json();
    // The browser's zone, taken at sign-up; release messages go at 09:00 there.
    expect(profile).toMatchObject({ time_zone: 'America/St_Johns', reminder_days: 1, email_paused: false });
    const local = user.email.split('@')[0]?.replace(/[^A-Za-z0-9]/g, '');
    expect(profile.username).toMatch(new RegExp(`^${local}\\d{1,3}$`));
    expect(profile).toMatchObject({
      uid: user.id,
      email: user.email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone_number: null,
      avatar: null,
      notification_preferences: ['email'],
    });
    const row = await app.database.db.query.userProfiles.findFirst({
      where: (p, { eq }) => eq(p.userId, user.id),
    });
    expect(row).toMatchObject({ utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch' });

    // Registering again changes nothing and answers the same profile.
    const again = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: as(user),
      payload: { email: user.email, firebase_id: user.id, first_name: 'Other' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ username: profile.username, first_name: 'Ada' });
  });

  it("sets the member's language from the browser's, else from the request's Accept-Language", async () => {
    const register = async (locale: string | undefined, acceptLanguage: string) => {
      const user = await signUp(app);
      const res = await app.inject({
        method: 'POST',
        url: '/user/register',
        headers: { ...as(user), 'accept-language': acceptLanguage },
        payload: { email: user.email, firebase_id: user.id, ...(locale ? { locale } : {}) },
      });
      return res;
    };
    expect((await register('ja', 'de-DE')).json().locale).toBe('ja');
    expect((await register(undefined, 'nl-NL, de;q=0.8')).json().locale).toBe('de');
    expect((await register(undefined, 'nl-NL')).json().locale).toBe('en-US');
    const bad = await register('klingon', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toEqual({
      field: 'locale',
      message: englishOf(LOCALE_MESSAGES.badLocale),
    });
  });

  it('gives two members with the same local part different usernames', async () => {
    const names = new Set<string>();
    for (const domain of ['a.example', 'b.example', 'c.example']) {
      const user = await signUp(app, { email: `twin@${domain}` });
      const res = await app.inject({
        method: 'POST',
        url: '/user/register',
        headers: as(user),
        payload: { email: user.email, firebase_id: user.id },
      });
      names.add(res.json().username);
    }
    expect(names.size).toBe(3);
  });

  it('refuses a body that names another user, a foreign email, unknown fields, and visitors', async () => {
    const user = await signUp(app);
    const base = { email: user.email, firebase_id: user.id };
    const foreign = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: as(user),
      payload: { ...base, firebase_id: other.id },
    });
    expect(foreign.statusCode).toBe(403);
    const wrongEmail = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: as(user),
      payload: { ...base, email: other.email },
    });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().error.details[0].field).toBe('email');
    const unknown = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: as(user),
      payload: { ...base, is_admin: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('is_admin');
    const mobile = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: as(user),
      payload: { ...base, notification_preferences: ['email', 'mobile'] },
    });
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json().error.details).toEqual([
      { field: 'notification_preferences', message: 'A phone number is required for mobile notifications.' },
    ]);
    const visitor = await app.inject({
      method: 'POST',
      url: '/user/register',
      headers: as(null),
      payload: base,
    });
    expect(visitor.statusCode).toBe(401);
    // None of those created a profile.
    const profile = await app.inject({ url: `/user/profile/${user.id}`, headers: as(user) });
    expect(profile.statusCode).toBe(404);
    expect(profile.json().error.code).toBe('PROFILE_NOT_FOUND');
  });
});

describe('GET /user/profile/:uid and /user/details/:uid', () => {
  it('answer the username and the full profile to their owner', async () => {
    const username = await app.inject({ url: `/user/profile/${owner.id}`, headers: as(owner) });
    expect(username.statusCode).toBe(200);
    expect(username.json()).toEqual({ username: expect.any(String), locale: 'en-US' });
    expect(username.headers['cache-control']).toBe('private, no-store');
    const full = await details(owner);
    expect(full).toMatchObject({ uid: owner.id, email: owner.email, username: username.json().username });
  });
});

describe('PUT /user/update/:uid', () => {
  const update = (user: TestUser, payload: Record<string, unknown>) =>
    app.inject({ method: 'PUT', url: `/user/update/${user.id}`, headers: as(user), payload });

  it('saves names, phone and SMS, always keeping email', async () => {
    const res = await update(owner, {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_number: '+44 7400 123456',
      notification_preferences: ['mobile'],
    });
    expect(res.statusCode).toBe(200);
    // Stored and answered in E.164, the form texts are sent to.
    expect(res.json()).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_number: '+447400123456',
      phone_number_display: '+44 7400 123456',
      notification_preferences: ['email', 'mobile'],
      // Not yet proven to be the member's: no text goes to it until it is (POST /api/phone/verification).
      phone_verified: false,
    });
    expect(await details(owner)).toMatchObject({
      first_name: 'Grace',
      notification_preferences: ['email', 'mobile'],
    });
  });

  it('refuses mobile without a phone, a bad phone, an email change and unknown fields, changing nothing', async () => {
    const before = await details(owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { first_name: 'X', last_name: 'Y', phone_number: '', notification_preferences: ['email', 'mobile'] },
        'notification_preferences',
        'A phone number is required for mobile notifications.',
      ],
      [
        { first_name: 'X', last_name: 'Y', phone_number: null, notification_preferences: ['mobile'] },
        'notification_preferences',
        'A phone number is required for mobile notifications.',
      ],
      [
        { first_name: 'X', last_name: 'Y', phone_number: 'call me', notification_preferences: ['email'] },
        'phone_number',
        'must be a phone number',
      ],
      [
        { first_name: 'X', last_name: 'Y', phone_number: '123', notification_preferences: ['email'] },
        'phone_number',
        'must have at least 7 digits',
      ],
      [
        // Digits enough, but no such number anywhere (555-01xx is fiction's range).
        {
          first_name: 'X',
          last_name: 'Y',
          phone_number: '+1 (555) 010-2030',
          notification_preferences: ['email'],
        },
        'phone_number',
        'Enter a valid phone number with its country code, e.g. +1 415 555 0132.',
      ],
      [
        {
          first_name: 'X',
          last_name: 'Y',
          phone_number: '020 7946 0958',
          notification_preferences: ['email'],
        },
        'phone_number',
        'Enter a valid phone number with its country code, e.g. +1 415 555 0132.',
      ],
      [
        {
          first_name: 'X',
          last_name: 'Y',
          phone_number: null,
          notification_preferences: ['email'],
          time_zone: 'Mars/Olympus',
        },
        'time_zone',
        'must be an IANA time zone name, e.g. Europe/Paris',
      ],
      [
        {
          first_name: 'X',
          last_name: 'Y',
          phone_number: null,
          notification_preferences: ['email'],
          reminder_days: 2,
        },
        'reminder_days',
        'must be 0, 1, 3 or 7',
      ],
      [
        {
          first_name: 'X',
          last_name: 'Y',
          phone_number: null,
          notification_preferences: ['email'],
          email_paused: 'yes',
        },
        'email_paused',
        '',
      ],
      [
        {
          first_name: 'X',
          last_name: 'Y',
          phone_number: null,
          notification_preferences: ['email'],
          email: 'new@example.com',
        },
        'email',
        '',
      ],
      [
        { first_name: 'X', last_name: 'Y', phone_number: null, notification_preferences: ['fax'] },
        'notification_preferences.0',
        '',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await update(owner, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const detail = res.json().error.details.find((d: { field: string }) => d.field === field);
      expect(detail, `${field} in ${res.body}`).toBeDefined();
      if (message) expect(detail.message).toBe(message);
    }
    expect(await details(owner)).toEqual(before);
  });

  it('keeps the release-notification settings: time zone, reminder days, paused email', async () => {
    expect(await details(owner)).toMatchObject({
      time_zone: 'UTC',
      reminder_days: 1,
      email_paused: false,
      sms_opted_out: false,
    });
    const base = {
      first_name: 'Ada',
      last_name: 'L',
      phone_number: null,
      notification_preferences: ['email'],
    };
    const res = await update(owner, {
      ...base,
      time_zone: 'Asia/Kathmandu',
      reminder_days: 7,
      email_paused: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ time_zone: 'Asia/Kathmandu', reminder_days: 7, email_paused: true });
    // Fields left out stay as they are; resuming is email_paused: false.
    const resumed = await update(owner, { ...base, email_paused: false });
    expect(resumed.json()).toMatchObject({
      time_zone: 'Asia/Kathmandu',
      reminder_days: 7,
      email_paused: false,
    });
  });

  it("keeps the member's region and kind of movie release, and refuses bad ones, changing nothing", async () => {
    expect(await details(owner)).toMatchObject({ region: null, movie_release_kind: 'theatrical' });
    const base = {
      first_name: 'Ada',
      last_name: 'L',
      phone_number: null,
      notification_preferences: ['email'],
    };
    const res = await update(owner, { ...base, region: 'gb', movie_release_kind: 'digital' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ region: 'GB', movie_release_kind: 'digital' });
    // Left out, they stay; null is "from my browser" again.
    expect((await update(owner, base)).json()).toMatchObject({ region: 'GB', movie_release_kind: 'digital' });
    const before = await details(owner);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, region: 'GBR' }, 'region', englishOf(VALIDATION_MESSAGES.region)],
      [{ ...base, region: 'ZZ' }, 'region', englishOf(VALIDATION_MESSAGES.knownRegion)],
      [{ ...base, region: 44 }, 'region', ''],
      [{ ...base, movie_release_kind: 'streaming' }, 'movie_release_kind', BAD_KIND],
      [{ ...base, movie_release_kind: null }, 'movie_release_kind', BAD_KIND],
    ];
    for (const [payload, field, message] of cases) {
      const bad = await update(owner, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      const detail = bad.json().error.details.find((d: { field: string }) => d.field === field);
      expect(detail, `${field} in ${bad.body}`).toBeDefined();
      if (message) expect(detail.message).toBe(message);
    }
    expect(await details(owner)).toEqual(before);
    const reset = await update(owner, { ...base, region: null, movie_release_kind: 'theatrical' });
    expect(reset.json()).toMatchObject({ region: null, movie_release_kind: 'theatrical' });
  });

  it("keeps the member's language, one of the seven, and refuses any other, changing nothing", async () => {
    const base = {
      first_name: 'Ada',
      last_name: 'L',
      phone_number: null,
      notification_preferences: ['email'],
    };
    const res = await update(owner, { ...base, locale: 'pt-BR' });
    expect(res.statusCode).toBe(200);
    expect(res.json().locale).toBe('pt-BR');
    expect((await update(owner, base)).json().locale).toBe('pt-BR');
    for (const locale of ['pt', 'en', 'fr-FR', 'zz-ZZ', '', null, 7]) {
      const bad = await update(owner, { ...base, first_name: 'Changed', locale });
      expect(bad.statusCode, String(locale)).toBe(400);
      expect(bad.json().error.details).toContainEqual({
        field: 'locale',
        message: englishOf(LOCALE_MESSAGES.badLocale),
      });
    }
    expect(await details(owner)).toMatchObject({ first_name: 'Ada', locale: 'pt-BR' });
    const username = await app.inject({ url: `/user/profile/${owner.id}`, headers: as(owner) });
    expect(username.json().locale).toBe('pt-BR');
    await update(owner, { ...base, locale: 'en-US' });
  });

  it("refuses an update sent from another site, even with the owner's cookie", async () => {
    const before = await details(owner);
    const res = await app.inject({
      method: 'PUT',
      url: `/user/update/${owner.id}`,
      headers: { cookie: owner.cookie, origin: 'https://evil.example' },
      payload: {
        first_name: 'Pwned',
        last_name: '',
        phone_number: null,
        notification_preferences: ['email'],
      },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CROSS_SITE_REQUEST');
    expect(await details(owner)).toEqual(before);
  });

  it('drops SMS when the phone is emptied with mobile unticked', async () => {
    const res = await update(owner, {
      first_name: 'Grace',
      last_name: 'Hopper',
      phone_number: '',
      notification_preferences: ['email'],
    });
    expect(res.json()).toMatchObject({ phone_number: null, notification_preferences: ['email'] });
  });
});

describe('avatars', () => {
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.alloc(64, 1),
  ]);
  const upload = (user: TestUser, body: Buffer, type: string) =>
    app.inject({
      method: 'PUT',
      url: `/user/avatar/${user.id}`,
      headers: { ...as(user), 'content-type': type },
      payload: body,
    });

  it('stores a PNG, serves it to its owner only, and removes it', async () => {
    const res = await upload(owner, png, 'image/png');
    expect(res.statusCode).toBe(200);
    const avatar = res.json().avatar as string;
    expect(avatar).toMatch(new RegExp(`^/user/avatar/${owner.id}\\?v=\\d+$`));
    const image = await app.inject({ url: avatar, headers: as(owner) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await app.inject({ url: avatar, headers: as(other) })).statusCode).toBe(403);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/user/avatar/${owner.id}`,
      headers: as(owner),
    });
    expect(removed.json().avatar).toBeNull();
    expect((await app.inject({ url: avatar, headers: as(owner) })).statusCode).toBe(404);
  });

  it('refuses other types, bytes that do not match the type, and files over 2 MB', async () => {
    const gif = await upload(owner, Buffer.from('GIF89a....'), 'image/gif');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.message).toBe('Choose a PNG, JPEG or WebP image.');
    const fake = await upload(owner, Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake.statusCode).toBe(415);
    const text = await upload(owner, Buffer.from('hello'), 'text/plain');
    expect(text.statusCode).toBe(415);
    const big = await upload(owner, Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(big.statusCode).toBe(413);
    expect((await details(owner)).avatar).toBeNull();
  });
});

describe('every user-scoped route answers only its own signed-in user', () => {
  const malformed = '..%2F..%2Fetc';
  const routes: {
    method: 'GET' | 'PUT' | 'DELETE';
    path: (uid: string) => string;
    payload?: unknown;
    type?: string;
  }[] = [
    { method: 'GET', path: (uid) => `/user/profile/${uid}` },
    { method: 'GET', path: (uid) => `/user/details/${uid}` },
    {
      method: 'PUT',
      path: (uid) => `/user/update/${uid}`,
      payload: {
        first_name: 'Mallory',
        last_name: 'M',
        phone_number: null,
        notification_preferences: ['email'],
      },
    },
    {
      method: 'PUT',
      path: (uid) => `/user/avatar/${uid}`,
      payload: Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.alloc(8),
      ]),
      type: 'image/png',
    },
    { method: 'DELETE', path: (uid) => `/user/avatar/${uid}` },
    { method: 'GET', path: (uid) => `/user/avatar/${uid}` },
  ];

  for (const route of routes) {
    it(`${route.method} ${route.path(':uid')}`, async () => {
      const before = [await details(owner), await details(other)];
      const call = (caller: TestUser | null, uid: string) =>
        app.inject({
          method: route.method,
          url: route.path(uid),
          headers: { ...as(caller), ...(route.type ? { 'content-type': route.type } : {}) },
          ...(route.payload !== undefined ? { payload: route.payload as never } : {}),
        });
      for (const uid of [owner.id, other.id, malformed]) {
        expect((await call(null, uid)).statusCode, `signed out, ${uid}`).toBe(401);
      }
      expect((await call(owner, other.id)).statusCode).toBe(403);
      expect((await call(owner, malformed)).statusCode).toBe(403);
      expect((await call(other, owner.id)).statusCode).toBe(403);
      // Nothing the refused calls carried reached either profile.
      expect([await details(owner), await details(other)]).toEqual(before);
      // The owner is served (the avatar GET is 404 when there is no picture).
      expect([200, 404]).toContain((await call(owner, owner.id)).statusCode);
    });
  }
});
