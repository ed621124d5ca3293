import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTwilioFake, type TwilioFake } from '../../../test/twilio';
import { DeliveryError } from '../delivery-error';
import { sendTwilioSms, type TwilioSettings } from './twilio';

const accountSid = `AC${'1'.repeat(32)}`;
const authToken = 'tok3n-that-must-never-leak-0123456789';
let fake: TwilioFake;
let settings: TwilioSettings;

beforeAll(async () => {
  fake = await startTwilioFake({ accountSid, authToken });
  settings = { apiUrl: fake.url, accountSid, authToken, from: '+15005550006' };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.messages.length = 0;
  fake.setBehaviour();
});

/** The DeliveryError a send fails with (the test fails if it resolves or throws something else). */
async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('sendTwilioSms', () => {
  it('sends the message and returns the SID Twilio gave it', async () => {
    const body = 'New: "Dune: Part Two" & more, 50% off? https://rb.example/r/abc?x=1&y=2';
    const { sid } = await sendTwilioSms(settings, { to: '+14155550123', body });
    expect(sid).toMatch(/^SM[0-9a-f]{32}$/);
    expect(fake.messages).toEqual([{ sid, to: '+14155550123', from: '+15005550006', body }]);
  });

  it('accepts an API URL with a trailing slash', async () => {
    await sendTwilioSms({ ...settings, apiUrl: `${fake.url}/` }, { to: '+14155550123', body: 'hi' });
    expect(fake.messages).toHaveLength(1);
  });

  it('reports an invalid number as permanent invalid_number (21211)', async () => {
    const error = await failure(sendTwilioSms(settings, { to: '+1555', body: 'hi' }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'invalid_number' });
    expect(error.message).toContain('21211');
    expect(fake.messages).toEqual([]);
  });

  it('reports an unsubscribed recipient as permanent unsubscribed (21610)', async () => {
    fake.unsubscribe('+14155550199');
    const error = await failure(sendTwilioSms(settings, { to: '+14155550199', body: 'hi' }));
    expect(error).toMatchObject({ kind: 'permanent', code: 'unsubscribed' });
  });

  it('maps other Twilio codes', async () => {
    fake.setBehaviour((msg) =>
      msg.body === 'region'
        ? { status: 403, code: 21408, message: 'Permission to send an SMS has not been enabled' }
        : msg.body === 'landline'
          ? { status: 400, code: 21614, message: "'To' number is not a valid mobile number" }
          : { status: 400, code: 21606, message: "The 'From' phone number is not valid" },
    );
    const send = (body: string) => failure(sendTwilioSms(settings, { to: '+14155550123', body }));
    expect(await send('region')).toMatchObject({ kind: 'permanent', code: 'region_not_allowed' });
    expect(await send('landline')).toMatchObject({ kind: 'permanent', code: 'invalid_number' });
    expect(await send('other')).toMatchObject({ kind: 'permanent', code: 'twilio_21606' });
    fake.setBehaviour();
    expect(await failure(sendTwilioSms(settings, { to: '+14155550123', body: '' }))).toMatchObject({
      kind: 'permanent',
      code: 'twilio_21602',
    });
  });

  it('reports 429 as transient with the Retry-After seconds', async () => {
    fake.failNext(1, { status: 429, code: 20429, message: 'Too Many Requests', retryAfter: 7 });
    const error = await failure(sendTwilioSms(settings, { to: '+14155550123', body: 'hi' }));
    expect(error).toMatchObject({ kind: 'transient', code: 'rate_limited', retryAfterSeconds: 7 });
  });

  it('reports 5xx as transient', async () => {
    fake.failNext(1, { status: 500 });
    const error = await failure(sendTwilioSms(settings, { to: '+14155550123', body: 'hi' }));
    expect(error).toMatchObject({ kind: 'transient', retryAfterSeconds: undefined });
    fake.failNext(1, { status: 503, retryAfter: 'Thu, 01 Jan 1970 00:00:00 GMT' });
    expect(await failure(sendTwilioSms(settings, { to: '+14155550123', body: 'hi' }))).toMatchObject({
      kind: 'transient',
      retryAfterSeconds: 0,
    });
    // The next send goes through: nothing was left queued.
    await sendTwilioSms(settings, { to: '+14155550123', body: 'hi' });
    expect(fake.messages).toHaveLength(1);
  });

  it('reports a dropped connection as transient', async () => {
    fake.failNext(1, 'drop');
    const error = await failure(sendTwilioSms(settings, { to: '+14155550123', body: 'hi' }));
    expect(error).toMatchObject({ kind: 'transient', code: 'network' });
  });

  it('reports a refused connection as transient', async () => {
    const closed = await startTwilioFake({ accountSid, authToken });
    await closed.close();
    const error = await failure(
      sendTwilioSms({ ...settings, apiUrl: closed.url }, { to: '+1415', body: 'hi' }),
    );
    // The errno is for the log; the message may reach a member's test.
    expect(error).toMatchObject({
      kind: 'transient',
      code: 'network',
      message: 'Twilio could not be reached.',
    });
    expect(error.detail).toContain('ECONNREFUSED');
  });

  it('reports an answer that does not come in time as transient', async () => {
    fake.failNext(1, 'hold');
    const error = await failure(
      sendTwilioSms({ ...settings, timeoutMs: 200 }, { to: '+14155550123', body: 'hi' }),
    );
    expect(error).toMatchObject({ kind: 'transient', code: 'timeout' });
  });

  it('reports wrong credentials as permanent auth_failed without the token', async () => {
    const wrong = 'wrong-token-secret-987654321';
    for (const bad of [
      { ...settings, authToken: wrong },
      { ...settings, accountSid: `AC${'2'.repeat(32)}`, authToken: wrong },
    ]) {
      const error = await failure(sendTwilioSms(bad, { to: '+14155550123', body: 'hi' }));
      expect(error).toMatchObject({ kind: 'permanent', code: 'auth_failed' });
      expect(error.message).toContain('TWILIO_ACCOUNT_SID');
      expect(error.message).toContain('TWILIO_AUTH_TOKEN');
      expect(error.message).not.toContain(wrong);
      expect(error.message).not.toContain(authToken);
    }
    expect(fake.messages).toEqual([]);
  });

  it('keeps the token out of messages even when Twilio echoes it', async () => {
    fake.setBehaviour(() => ({ status: 400, code: 21601, message: `Bad thing near ${authToken}` }));
    const error = await failure(sendTwilioSms(settings, { to: '+14155550123', body: 'hi' }));
    expect(error.code).toBe('twilio_21601');
    expect(error.message).not.toContain(authToken);
  });

  it('reports a wrong API path as permanent', async () => {
    const error = await failure(
      sendTwilioSms({ ...settings, apiUrl: `${fake.url}/not-twilio` }, { to: '+14155550123', body: 'hi' }),
    );
    expect(error).toMatchObject({ kind: 'permanent', code: 'twilio_20404' });
  });
});
