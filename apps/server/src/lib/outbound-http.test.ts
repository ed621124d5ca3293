import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatReceivers, startChatReceivers } from '../../test/chat-receivers';
import { isPublicAddress, OutboundError, outboundUrlProblem, postOutbound } from './outbound-http';

describe('which addresses are public', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['10.0.0.8', false],
    ['172.20.1.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:93.184.216.34', true],
    ['not-an-address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('takes https to a named host, and http or private addresses only when allowed', () => {
    expect(outboundUrlProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(outboundUrlProblem('http://hooks.example.com/x', false)).toBe('must be an https URL');
    expect(outboundUrlProblem('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(outboundUrlProblem('https://169.254.169.254/latest', false)).toBe('must be a public address');
    expect(outboundUrlProblem('file:///etc/passwd', true)).toBe('must be an https URL');
  });
});

describe('posting to a member URL', () => {
  let receivers: ChatReceivers;
  beforeAll(async () => {
    receivers = await startChatReceivers();
  });
  afterAll(() => receivers.close());

  it('refuses a private address unless allowed, before connecting', async () => {
    const url = receivers.webhookUrl('private');
    await expect(postOutbound(url, '{}', {}, { allowPrivate: false })).rejects.toMatchObject({
      code: 'refused',
    });
    expect(receivers.hits(url)).toBe(0);
  });

  it('gives up on an answer that does not come in time', async () => {
    const url = receivers.webhookUrl('slow');
    receivers.hang(url);
    const error = await postOutbound(url, '{}', {}, { allowPrivate: true, timeoutMs: 200 }).catch((e) => e);
    expect(error).toBeInstanceOf(OutboundError);
    expect(error.code).toBe('timeout');
  });

  it('reads at most the allowed bytes of an answer', async () => {
    const url = receivers.webhookUrl('chatty');
    receivers.bigAnswer(url, 200_000);
    const answer = await postOutbound(
      url,
      '{}',
      { 'content-type': 'application/json' },
      { allowPrivate: true },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(64 * 1024);
  });
});
