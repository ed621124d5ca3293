import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, cookieFrom, TEST_ORIGIN } from '../test/helpers';
import { mimeParts } from '../test/smtp';
import { createUnsubscribeTokens } from './modules/notifications';

/** The suite's AUTH_SECRET (test/helpers.ts), which signs unsubscribe links. */
const TEST_AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';

/** Waits for `found` to answer something (mail and texts are written after the answer). */
const eventually = <T>(found: () => Promise<T | undefined>): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await found();
      if (value === undefined) throw new Error('not yet');
      return value;
    },
    { timeout: 5000, interval: 25 },
  );

describe('what the log says about members', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'releasebell-log-privacy-'));
    // No SMTP and no Twilio: mail and texts go to files, as on a fresh install.
    app = await buildTestApp({
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'debug' },
      logDestination: { write: (line) => lines.push(line) },
    });
  });
  afterAll(async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('never carries an email, a phone number, a password, a code or a token; a lost race is no error', async () => {
    const email = 'Grace.Private@Example.com';
    const password = 'private-password-77';
    const phone = '+1 415 555 0161';
    const post = (url: string, payload: object, cookie = '') =>
      app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, cookie }, payload });

    // Two sign-ups with one address at once: one wins, the other is told the address is in use.
    const both = await Promise.all([
      post('/api/auth/sign-up/email', { email, password, name: 'Grace Private' }),
      post('/api/auth/sign-up/email', { email, password, name: 'Grace Private' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const won = both.find((r) => r.statusCode === 200)!;
    const cookie = cookieFrom(won);
    const userId = won.json().user.id as string;

    await post('/api/auth/sign-in/email', { email, password: 'wrong-password-1' });
    await post('/api/auth/sign-in/email', { email: 'unknown.private@example.com', password });
    expect((await post('/api/auth/sign-in/email', { email, password })).statusCode).toBe(200);
    const registered = await post(
      '/user/register',
      { email, firebase_id: userId, phone_number: phone, notification_preferences: ['email', 'mobile'] },
      cookie,
    );
    expect(registered.statusCode).toBe(201);

    // The code goes to the local outbox; the log names the file only.
    expect((await post('/api/phone/verification', {}, cookie)).statusCode).toBe(202);
    const outbox = path.join(dataDir, 'sms-outbox');
    const [textFile] = await eventually(async () => {
      const files = await readdir(outbox).catch(() => []);
      return files.length > 0 ? files : undefined;
    });
    const code = /(\d{6}) is your Releasebell code/.exec(
      await readFile(path.join(outbox, textFile!), 'utf8'),
    )![1]!;
    expect((await post('/api/phone/verification/confirm', { code }, cookie)).statusCode).toBe(200);
    expect((await post('/api/notifications/test', {}, cookie)).statusCode).toBe(200);

    // The calendar feed's token is its only credential: calendar apps fetch it every hour.
    const calendar = await app.inject({ method: 'GET', url: '/api/calendar', headers: { cookie } });
    const calendarToken = /\/calendar\/([\w-]+)\.ics$/.exec(calendar.json().url as string)![1]!;
    const feedPath = new URL(calendar.json().url as string).pathname;
    expect((await app.inject({ method: 'GET', url: feedPath })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `${feedPath}?days=30` })).statusCode).toBe(200);
    // Other spellings of the link (escaped, mistyped) must not write the token either, served or not.
    await app.inject({ method: 'GET', url: feedPath.replace('/calendar/', '/%63alendar/') });
    await app.inject({ method: 'GET', url: feedPath.replace('/calendar/', '//Calendar/') });

    // The link in a release email: opened (to the page that asks), and pressed in one click.
    const unsubscribeToken = createUnsubscribeTokens(TEST_AUTH_SECRET).issue(userId);
    const unsubscribe = `/api/notifications/unsubscribe?token=${unsubscribeToken}`;
    expect((await app.inject({ method: 'GET', url: unsubscribe })).statusCode).toBe(303);
    expect((await app.inject({ method: 'POST', url: unsubscribe })).json()).toEqual({ email_paused: true });
    // Pressed from a web mail's page: refused as cross-site, and the warning names the path only.
    const fromWebMail = await app.inject({
      method: 'POST',
      url: unsubscribe,
      headers: { origin: 'https://webmail.example.net' },
    });
    expect(fromWebMail.statusCode).toBe(403);

    // A reset mail goes to the local mailbox; the log names the file, not the address or the link.
    await post('/api/auth/request-password-reset', { email });
    const mailbox = path.join(dataDir, 'mailbox');
    const resetMail = await eventually(async () => {
      for (const file of await readdir(mailbox).catch(() => [])) {
        const eml = await readFile(path.join(mailbox, file), 'utf8');
        if (eml.includes('reset-password?token=')) return { file, eml };
      }
      return undefined;
    });
    const text = mimeParts(resetMail.eml).find((p) => p.type === 'text/plain')?.body ?? '';
    const token = /reset-password\?token=([\w-]+)/.exec(text)![1]!;
    // better-auth's own form of the link carries the token in the path; it is not served here.
    const resetInPath = await app.inject({
      method: 'GET',
      url: `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`,
    });
    expect(resetInPath.statusCode).toBe(404);
    expect(
      (await post('/api/account/reset-password', { token, newPassword: 'another-password-88' })).statusCode,
    ).toBe(200);
    await eventually(async () => (lines.some((l) => l.includes(resetMail.file)) ? true : undefined));

    const log = lines.join('');
    const session = decodeURIComponent(cookie.split('=')[1]?.split(';')[0] ?? '');
    for (const secret of [
      email,
      email.toLowerCase(),
      'unknown.private@example.com',
      '+14155550161',
      '415 555 0161',
      '4155550161',
      password,
      'another-password-88',
      code,
      token,
      session.split('.')[0]!,
      calendarToken,
      unsubscribeToken,
      unsubscribeToken.split('.')[1]!,
    ]) {
      expect(
        log.includes(secret),
        `the log carries ${secret}:\n${lines.filter((l) => l.includes(secret)).join('')}`,
      ).toBe(false);
    }
    // Warnings are for the operator; a refused sign-in or a lost race is the member's business.
    const errors = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    expect(lines.some((l) => l.includes(resetMail.file) && l.includes('local mailbox'))).toBe(true);
    expect(lines.some((l) => l.includes(textFile!) && l.includes('SMS outbox'))).toBe(true);
    // The access lines still say which kind of request it was.
    expect(
      lines.some((l) => l.includes('"path":"/calendar/[token].ics"') && l.includes('"status":200')),
    ).toBe(true);
    expect(lines.some((l) => l.includes('"path":"/api/auth/reset-password/[token]"'))).toBe(true);
  });
});
