import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, cookieFrom, signUp, TEST_ORIGIN } from '../../../test/helpers';
import { mailHeader, mimeParts, startSmtpServer } from '../../../test/smtp';

let app: FastifyInstance;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Releasebell <bell@releasebell.test>' } });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

const requestReset = (email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    headers: { origin: TEST_ORIGIN },
    payload: { email },
  });
const reset = (token: string, newPassword: string) =>
  app.inject({
    method: 'POST',
    url: '/api/account/reset-password',
    headers: { origin: TEST_ORIGIN },
    payload: { token, newPassword },
  });
const signIn = (email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
const tokenIn = (text: string) => text.match(/\/reset-password\?token=([\w-]+)/)?.[1];

/** Asks for a reset and returns the token from the mail the SMTP server received. */
async function mailedToken(email: string, nth = 1): Promise<string> {
  await requestReset(email);
  const mails = await smtp.waitFor(email, nth);
  const text = mimeParts(mails[nth - 1]?.raw ?? '').find((p) => p.type === 'text/plain')?.body ?? '';
  const token = tokenIn(text);
  if (!token) throw new Error(`no reset link in:\n${text}`);
  return token;
}

describe('password reset by email', () => {
  it('answers alike for known and unknown addresses, and mails only the known one', async () => {
    const user = await signUp(app);
    const unknown = await requestReset('nobody-at-all@example.com');
    const known = await requestReset(user.email);
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const [mail] = await smtp.waitFor(user.email);
    expect(mail?.from).toBe('bell@releasebell.test');
    expect(mail?.raw).toMatch(/^Subject: Reset your Releasebell password/m);
    const parts = mimeParts(mail?.raw ?? '');
    expect(parts.map((p) => p.type).sort()).toEqual(['text/html', 'text/plain']);
    for (const part of parts) expect(part.body).toContain(`${TEST_ORIGIN}/reset-password?token=`);
    expect(smtp.mails.some((m) => m.to.includes('nobody-at-all@example.com'))).toBe(false);
  });

  it("writes the mail in the member's language, and the link still works", async () => {
    const user = await signUp(app, { register: true });
    await app.database.db.execute(sql`update user_profiles set locale = 'de' where user_id = ${user.id}`);
    await requestReset(user.email);
    const [mail] = await smtp.waitFor(user.email);
    expect(mailHeader(mail?.raw ?? '', 'Subject')).toBe('Setze dein Releasebell-Passwort zurück');
    const parts = mimeParts(mail?.raw ?? '');
    const html = parts.find((p) => p.type === 'text/html')?.body ?? '';
    const text = parts.find((p) => p.type === 'text/plain')?.body ?? '';
    expect(html).toMatch(/<html[^>]* lang="de"/);
    expect(text).toContain('Jemand (hoffentlich du) hat darum gebeten');
    expect(text).toContain('läuft in 60 Minuten ab');
    expect(text).toContain('Wenn du das nicht warst, ignoriere diese E-Mail');
    expect(text).not.toMatch(/Someone \(we hope you\)|expires in|Choose a new password/);
    const token = tokenIn(text);
    expect(token).toBeTruthy();
    expect((await reset(token!, 'neues Passwort 1')).statusCode).toBe(200);
  });

  it('sets a new password that follows the rules, signs the user in, and works once', async () => {
    const user = await signUp(app);
    const token = await mailedToken(user.email);

    for (const [password, message] of [
      ['short1', 'Password must be at least 8 characters'],
      ['no digits here', 'Password must include a number'],
    ]) {
      const bad = await reset(token, password as string);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.details[0]).toEqual({ field: 'newPassword', message });
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);

    const ok = await reset(token, 'fresh start 2027');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ id: user.id, email: user.email });
    const session = await app.inject({ url: '/api/session', headers: { cookie: cookieFrom(ok) } });
    expect(session.json().user.id).toBe(user.id);

    expect((await signIn(user.email, user.password)).json().error.code).toBe('INVALID_PASSWORD');
    expect((await signIn(user.email, 'fresh start 2027')).statusCode).toBe(200);

    const again = await reset(token, 'another try 3');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({
      code: 'INVALID_TOKEN',
      message: 'This reset link has expired or was already used. Ask for a new one.',
    });
  });

  it('ends every other reset link of the member once one is used', async () => {
    const user = await signUp(app);
    const first = await mailedToken(user.email, 1);
    const second = await mailedToken(user.email, 2);
    expect(first).not.toBe(second);
    expect((await reset(second, 'second link 22')).statusCode).toBe(200);
    const old = await reset(first, 'first link 11');
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('INVALID_TOKEN');
    expect((await signIn(user.email, 'second link 22')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await signUp(app);
    const token = await mailedToken(user.email);
    await app.database.db.execute(
      sql`update verifications set expires_at = now() - interval '1 minute' where identifier = ${`reset-password:${token}`}`,
    );
    const res = await reset(token, 'too late 1234');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_TOKEN');
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('a mail server that does not answer', () => {
  it('does not hold up the answer, so known and unknown addresses answer alike', async () => {
    // Accepts connections and never greets: a send waits until nodemailer gives up.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const stalled = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const user = await signUp(stalled);
      const mailAccepted = new Promise<void>((resolve) => silent.once('connection', () => resolve()));
      const res = await stalled.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: TEST_ORIGIN },
        payload: { email: user.email },
      });
      expect(res.statusCode).toBe(200);
      await mailAccepted; // the mail is still on its way
    } finally {
      for (const socket of sockets) socket.destroy();
      await stalled.close();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('without SMTP', () => {
  it('writes each mail as an .eml file under DATA_DIR/mailbox', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'releasebell-mailbox-'));
    const local = await buildTestApp({ env: { DATA_DIR: dataDir } });
    try {
      const user = await signUp(local);
      await local.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: TEST_ORIGIN },
        payload: { email: user.email },
      });
      const mailbox = path.join(dataDir, 'mailbox');
      let files: string[] = [];
      for (let i = 0; i < 100 && files.length === 0; i++) {
        files = await readdir(mailbox).catch(() => []);
        if (files.length === 0) await new Promise((r) => setTimeout(r, 50));
      }
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(path.join(mailbox, files[0] as string), 'utf8');
      expect(eml).toMatch(new RegExp(`^To: ${user.email}`, 'm'));
      const text = mimeParts(eml).find((p) => p.type === 'text/plain')?.body ?? '';
      expect(tokenIn(text)).toBeTruthy();
    } finally {
      await local.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('reset emails to one address', () => {
  it('sends at most 3 an hour, whoever asks, and answers every request alike', async () => {
    const lines: string[] = [];
    const capped = await buildTestApp({
      env: { SMTP_URL: smtp.url, LOG_LEVEL: 'info' },
      logDestination: { write: (line) => lines.push(line) },
    });
    try {
      const user = await signUp(capped);
      const answers = [];
      for (let i = 1; i <= 6; i++) {
        const res = await capped.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          headers: { origin: TEST_ORIGIN },
          remoteAddress: `198.51.100.${i}`,
          payload: { email: user.email },
        });
        answers.push([res.statusCode, res.body]);
      }
      const unknown = await capped.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: TEST_ORIGIN },
        payload: { email: 'nobody-here@example.com' },
      });
      expect(
        new Set([...answers, [unknown.statusCode, unknown.body]].map((a) => JSON.stringify(a))).size,
      ).toBe(1);
      // The mails go after the answers: three arrive, and three are refused (said in the log).
      await smtp.waitFor(user.email, 3);
      await vi.waitFor(() => expect(lines.filter((l) => l.includes('reset email not sent'))).toHaveLength(3));
      expect(smtp.mails.filter((m) => m.to.includes(user.email))).toHaveLength(3);
    } finally {
      await capped.close();
    }
  });
});
