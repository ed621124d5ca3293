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
    ['1.1.1.1', true],
    ['2606:4700::1111', true],
    ['fc00::1', false],
    // Forms that carry an IPv4 address inside an IPv6 one: none may lead to this host or a private network.
    ['::127.0.0.1', false],
    ['::7f00:1', false],
    ['::10.0.0.1', false],
    ['::8.8.8.8', false],
    ['::ffff:0:127.0.0.1', false],
    ['::ffff:0:7f00:1', false],
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::127.0.0.1', false],
    ['64:ff9b:1::a00:1', false],
    ['2002:7f00:1::', false],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false],
    ['fe80::1%eth0', false],
    ['ff02::1', false],
    ['4000::1', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('takes https to a named host, and http or private addresses only when allowed', () => {
    expect(outboundUrlProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(outboundUrlProblem('http://hooks.example.com/x', false)?.message).toBe('must be an https URL');
    expect(outboundUrlProblem('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(outboundUrlProblem('https://169.254.169.254/latest', false)?.message).toBe(
      'must be a public address',
    );
    expect(outboundUrlProblem('file:///etc/passwd', true)?.message).toBe('must be an https URL');
  });

  it.each([
    'https://[::127.0.0.1]/x',
    'https://[::ffff:0:127.0.0.1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[::1]/x',
    'https://[64:ff9b::7f00:1]/x',
    'https://[2002:7f00:1::]/x',
    'https://[fe80::1]/x',
    'https://[fc00::1]/x',
  ])('refuses %s as not public', (url) => {
    expect(outboundUrlProblem(url, false)?.message).toBe('must be a public address');
  });

  it('takes a public IPv6 or IPv4 address in a URL', () => {
    expect(outboundUrlProblem('https://[2606:4700::1111]/x', false)).toBeNull();
    expect(outboundUrlProblem('https://1.1.1.1/x', false)).toBeNull();
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
