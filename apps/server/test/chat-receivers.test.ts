import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChatReceivers, startChatReceivers, verifySignature } from './chat-receivers';

let r: ChatReceivers;
beforeAll(async () => {
  r = await startChatReceivers();
});
afterAll(() => r.close());

// biome-ignore lint/suspicious/noExplicitAny: answer bodies are checked field by field.
type Json = any;

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const embed = {
  title: 'Dune: Part Three',
  description: 'Out in cinemas today',
  url: 'https://example.com/movie/1',
  timestamp: '2027-03-01T12:00:00.000Z',
  color: 0x5865f2,
  footer: { text: 'Releasebell' },
  image: { url: 'https://example.com/poster.jpg' },
  thumbnail: { url: 'http://example.com/thumb.jpg' },
  fields: [{ name: 'Release', value: '1 March 2027', inline: true }],
};

describe('Discord execute webhook', () => {
  it('creates webhooks with a snowflake id and a 68-character token', () => {
    const url = r.discordWebhook();
    expect(url).toMatch(new RegExp(`^${r.url}/api/webhooks/\\d{17,20}/[A-Za-z0-9_-]{68}$`));
  });

  it('accepts a valid embed with 204 and no body, and records it', async () => {
    const url = r.discordWebhook();
    const before = r.received.discord.length;
    const res = await postJson(url, { content: 'New release', embeds: [embed] });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(r.received.discord.slice(before)).toEqual([
      { url, body: { content: 'New release', embeds: [embed] } },
    ]);
    expect(r.hits(url)).toBe(1);
  });

  it('answers ?wait=true with 200 and the message object', async () => {
    const url = r.discordWebhook();
    const id = url.split('/').at(-2);
    const res = await postJson(`${url}?wait=true`, { embeds: [embed], username: 'Releasebell' });
    expect(res.status).toBe(200);
    const msg: Json = await res.json();
    expect(msg).toMatchObject({
      type: 0,
      content: '',
      webhook_id: id,
      author: { bot: true, id, username: 'Releasebell' },
      embeds: [{ ...embed, type: 'rich' }],
    });
    expect(msg.id).toMatch(/^\d+$/);
    expect(msg.channel_id).toMatch(/^\d+$/);
    expect(msg.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/);
    expect(r.hits(url)).toBe(1); // the query does not make it another endpoint
  });

  it('refuses a 300-character title with Invalid Form Body (50035) and Discord error tree', async () => {
    const url = r.discordWebhook();
    const before = r.received.discord.length;
    const res = await postJson(url, { embeds: [{ ...embed, title: 't'.repeat(300) }] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: {
        embeds: {
          0: {
            title: {
              _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 256 or fewer in length.' }],
            },
          },
        },
      },
    });
    expect(r.received.discord.length).toBe(before);
    expect(r.hits(url)).toBe(1);
  });

  it.each([
    ['content over 2000', { content: 'x'.repeat(2001) }, ['content'], 'BASE_TYPE_MAX_LENGTH'],
    [
      '11 embeds',
      { embeds: Array.from({ length: 11 }, () => ({ title: 'a' })) },
      ['embeds'],
      'BASE_TYPE_MAX_LENGTH',
    ],
    [
      'description over 4096',
      { embeds: [{ description: 'd'.repeat(4097) }] },
      ['embeds', '0', 'description'],
    ],
    [
      'footer over 2048',
      { embeds: [{ footer: { text: 'f'.repeat(2049) } }] },
      ['embeds', '0', 'footer', 'text'],
    ],
    [
      '26 fields',
      { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] },
      ['embeds', '0', 'fields'],
    ],
    [
      'field name over 256',
      { embeds: [{ fields: [{ name: 'n'.repeat(257), value: 'v' }] }] },
      ['embeds', '0', 'fields', '0', 'name'],
    ],
    [
      'field value over 1024',
      { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] },
      ['embeds', '0', 'fields', '0', 'value'],
    ],
    [
      'field without value',
      { embeds: [{ fields: [{ name: 'n' }] }] },
      ['embeds', '0', 'fields', '0', 'value'],
      'BASE_TYPE_REQUIRED',
    ],
    [
      'over 6000 in total',
      { embeds: [0, 1].map(() => ({ description: 'd'.repeat(4000) })) },
      ['embeds'],
      'MAX_EMBED_SIZE_EXCEEDED',
    ],
    [
      'ftp url',
      { embeds: [{ title: 'a', url: 'ftp://example.com/x' }] },
      ['embeds', '0', 'url'],
      'URL_TYPE_INVALID_SCHEME',
    ],
    ['image url not a URL', { embeds: [{ image: { url: 'poster.jpg' } }] }, ['embeds', '0', 'image', 'url']],
    [
      'thumbnail javascript:',
      { embeds: [{ thumbnail: { url: 'javascript:alert(1)' } }] },
      ['embeds', '0', 'thumbnail', 'url'],
    ],
    ['bad timestamp', { embeds: [{ title: 'a', timestamp: '1 March 2027' }] }, ['embeds', '0', 'timestamp']],
    [
      'color over 0xFFFFFF',
      { embeds: [{ title: 'a', color: 0x1000000 }] },
      ['embeds', '0', 'color'],
      'NUMBER_TYPE_MAX',
    ],
    ['negative color', { embeds: [{ title: 'a', color: -1 }] }, ['embeds', '0', 'color'], 'NUMBER_TYPE_MIN'],
    [
      'hex string color',
      { embeds: [{ title: 'a', color: '#ff0000' }] },
      ['embeds', '0', 'color'],
      'NUMBER_TYPE_COERCE',
    ],
  ])('refuses %s with 50035 at the right place', async (_name, body, path, code?: string) => {
    const res = await postJson(r.discordWebhook(), body);
    expect(res.status).toBe(400);
    const answer: Json = await res.json();
    expect(answer).toMatchObject({ message: 'Invalid Form Body', code: 50035 });
    const node = path.reduce((n: Json, key) => n?.[key], answer.errors);
    expect(node?._errors?.length, JSON.stringify(answer.errors)).toBeGreaterThan(0);
    if (code) expect(node._errors.map((e: Json) => e.code)).toContain(code);
  });

  it('refuses an empty message (50006) and invalid JSON (50109)', async () => {
    const url = r.discordWebhook();
    const empty = await postJson(url, { content: '', embeds: [] });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ message: 'Cannot send an empty message', code: 50006 });
    const broken = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ message: 'The request body contains invalid JSON.', code: 50109 });
  });

  it('answers 404 Unknown Webhook (10015) for an unknown id, and after deletion', async () => {
    const unknown = await postJson(`${r.url}/api/webhooks/123456789012345678/${'a'.repeat(68)}`, {
      content: 'x',
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Unknown Webhook', code: 10015 });

    const url = r.discordWebhook();
    expect((await postJson(url, { content: 'x' })).status).toBe(204);
    r.deleteDiscordWebhook(url);
    const gone = await postJson(url, { content: 'x' });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Unknown Webhook', code: 10015 });
  });

  it('answers 401 Invalid Webhook Token (50027) for a known id with the wrong token', async () => {
    const url = r.discordWebhook();
    const wrong = url.replace(/[^/]+$/, 'b'.repeat(68));
    const res = await postJson(wrong, { content: 'x' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Invalid Webhook Token', code: 50027 });
  });

  it('plays a scripted 429 with Retry-After and retry_after, then accepts', async () => {
    const url = r.discordWebhook();
    r.failNext(url, 429, { retryAfter: 0.25 });
    const limited = await postJson(url, { content: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toEqual({
      message: 'You are being rate limited.',
      retry_after: 0.25,
      global: false,
    });
    expect((await postJson(url, { content: 'x' })).status).toBe(204);
    expect(r.hits(url)).toBe(2);
  });

  it('plays scripted 5xx as plain text, as many times as asked', async () => {
    const url = r.discordWebhook();
    r.failNext(url, 502, { times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await postJson(url, { content: 'x' });
      expect(res.status).toBe(502);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe('error code: 502');
    }
    expect((await postJson(url, { content: 'x' })).status).toBe(204);
  });
});

describe('ntfy publish', () => {
  it('publishes as JSON to the root URL, answers the message and records it', async () => {
    const topicUrl = r.ntfyTopicUrl();
    const topic = topicUrl.split('/').at(-1);
    const before = r.received.ntfy.length;
    const body = {
      topic,
      message: 'Dune: Part Three is out',
      title: 'New release',
      tags: ['tada', 'movie'],
      priority: 4,
      click: 'https://example.com/movie/1',
      attach: 'https://example.com/poster.jpg',
      icon: 'https://example.com/icon.png',
      actions: [{ action: 'view', label: 'Open', url: 'https://example.com/movie/1' }],
    };
    const res = await postJson(`${r.url}/`, body);
    expect(res.status).toBe(200);
    const msg: Json = await res.json();
    expect(msg).toMatchObject({
      event: 'message',
      topic,
      title: 'New release',
      message: 'Dune: Part Three is out',
      priority: 4,
      tags: ['tada', 'movie'],
      click: 'https://example.com/movie/1',
      icon: 'https://example.com/icon.png',
      attachment: { name: 'poster.jpg', url: 'https://example.com/poster.jpg' },
      actions: [{ action: 'view', label: 'Open', url: 'https://example.com/movie/1', clear: false }],
    });
    expect(msg.id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(msg.expires - msg.time).toBe(12 * 3600);
    expect(r.received.ntfy.slice(before)).toEqual([
      expect.objectContaining({
        topic,
        title: 'New release',
        message: 'Dune: Part Three is out',
        tags: ['tada', 'movie'],
        priority: 4,
        click: 'https://example.com/movie/1',
        attach: 'https://example.com/poster.jpg',
        authorization: undefined,
        raw: JSON.stringify(body),
      }),
    ]);
    expect(r.hits(topicUrl)).toBe(1);
  });

  it('publishes with the body as message and the headers as fields (POST and PUT)', async () => {
    const topicUrl = r.ntfyTopicUrl();
    const before = r.received.ntfy.length;
    const res = await fetch(topicUrl, {
      method: 'POST',
      headers: {
        'X-Title': 'New release',
        Tags: 'tada, books',
        p: 'high',
        Click: 'https://example.com/book/1',
        'X-Attach': 'https://example.com/cover',
      },
      body: '  A new book is out  ',
    });
    expect(res.status).toBe(200);
    const msg: Json = await res.json();
    expect(msg).toMatchObject({ message: 'A new book is out', priority: 4, attachment: { name: 'cover' } });
    const put = await fetch(topicUrl, {
      method: 'PUT',
      headers: { t: '=?UTF-8?B?w4lwaXNvZGU=?=' },
      body: '',
    });
    expect(put.status).toBe(200);
    expect(r.received.ntfy.slice(before)).toEqual([
      expect.objectContaining({
        title: 'New release',
        message: 'A new book is out',
        tags: ['tada', 'books'],
        priority: 4,
        click: 'https://example.com/book/1',
        attach: 'https://example.com/cover',
        raw: '  A new book is out  ',
      }),
      expect.objectContaining({ title: 'Épisode', message: 'triggered', tags: [], priority: undefined }),
    ]);
  });

  it('refuses invalid topics, priorities and URLs with ntfy error codes', async () => {
    const bad = await postJson(`${r.url}/`, { topic: 'no spaces allowed', message: 'x' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ code: 40009, http: 400, error: 'invalid request: topic invalid' });

    const notJson = await fetch(`${r.url}/`, { method: 'POST', body: 'not json' });
    expect(await notJson.json()).toEqual({
      code: 40024,
      http: 400,
      error: 'invalid request: request body must be valid JSON',
    });

    // ntfy's router has no route for such a path at all.
    const path = await fetch(`${r.url}/bad.topic`, { method: 'POST', body: 'x' });
    expect(path.status).toBe(404);
    expect(await path.json()).toEqual({ code: 40401, http: 404, error: 'page not found' });

    const prio = await fetch(r.ntfyTopicUrl(), { method: 'POST', headers: { Priority: '7' }, body: 'x' });
    expect(prio.status).toBe(400);
    expect(((await prio.json()) as Json).code).toBe(40007);

    const attach = await postJson(`${r.url}/`, { topic: 'ok', message: 'x', attach: 'file:///etc/passwd' });
    expect(attach.status).toBe(400);
    expect(((await attach.json()) as Json).code).toBe(40013);
  });

  it('turns a body over 4096 bytes into an attachment, as ntfy.sh does', async () => {
    const res = await fetch(r.ntfyTopicUrl(), { method: 'POST', body: 'x'.repeat(5000) });
    const msg: Json = await res.json();
    expect(msg.message).toBe('You received a file: attachment.txt');
    expect(msg.attachment).toMatchObject({ name: 'attachment.txt', size: 5000 });
  });

  it('refuses a protected topic without the token (403) and a wrong token (401), then accepts it', async () => {
    const topic = `secret_${Date.now()}`;
    r.ntfyProtect(topic, 'tk_rightrightrightrightright12');
    const anonymous = await fetch(r.ntfyTopicUrl(topic), { method: 'POST', body: 'x' });
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toEqual({
      code: 40301,
      http: 403,
      error: 'forbidden',
      link: 'https://ntfy.sh/docs/publish/#authentication',
    });
    const wrong = await postJson(
      `${r.url}/`,
      { topic, message: 'x' },
      { authorization: 'Bearer tk_wrongwrongwrongwrongwrong12' },
    );
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as Json).code).toBe(40101);

    const before = r.received.ntfy.length;
    const ok = await postJson(
      `${r.url}/`,
      { topic, message: 'hello' },
      { authorization: 'Bearer tk_rightrightrightrightright12' },
    );
    expect(ok.status).toBe(200);
    expect(r.received.ntfy.slice(before)).toEqual([
      expect.objectContaining({
        topic,
        message: 'hello',
        authorization: 'Bearer tk_rightrightrightrightright12',
      }),
    ]);
    expect(r.hits(r.ntfyTopicUrl(topic))).toBe(3);
  });

  it('plays scripted 429 and 5xx in ntfy format, on JSON publishes too', async () => {
    const topicUrl = r.ntfyTopicUrl();
    const topic = topicUrl.split('/').at(-1);
    r.failNext(topicUrl, 429);
    r.failNext(topicUrl, 500);
    const limited = await postJson(`${r.url}/`, { topic, message: 'x' });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      code: 42901,
      http: 429,
      error: 'limit reached: too many requests, please be nice',
      link: 'https://ntfy.sh/docs/publish/#limitations',
    });
    const broken = await fetch(topicUrl, { method: 'POST', body: 'x' });
    expect(broken.status).toBe(500);
    expect(await broken.json()).toEqual({ code: 50001, http: 500, error: 'internal server error' });
    expect((await fetch(topicUrl, { method: 'POST', body: 'x' })).status).toBe(200);
    expect(r.hits(topicUrl)).toBe(3);
  });
});

describe('generic webhook', () => {
  const secret = 'whsec_test';
  const now = new Date('2027-03-01T12:00:00Z');
  const sign = (body: string, key = secret, at = now) => {
    const t = Math.floor(at.getTime() / 1000);
    return `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`;
  };

  it('records the raw body, headers and JSON, and the signature verifies', async () => {
    const url = r.webhookUrl('releases');
    const before = r.received.webhook.length;
    const body = JSON.stringify({ event: 'release', title: 'Dune: Part Three' });
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': sign(body) },
      body,
    });
    expect(res.status).toBe(200);
    const [got] = r.received.webhook.slice(before);
    expect(got).toMatchObject({
      name: 'releases',
      body,
      json: { event: 'release', title: 'Dune: Part Three' },
    });
    expect(verifySignature(got!.body, got!.headers['x-signature'] as string, secret, now)).toBe(true);
  });

  it('refuses a wrong secret, a changed body or time, a stale time, a missing or malformed header', () => {
    const body = '{"a":1}';
    const signed = sign(body);
    const t = Math.floor(now.getTime() / 1000);
    expect(verifySignature(body, signed, secret, now)).toBe(true);
    expect(verifySignature(body, signed, secret, new Date(now.getTime() + 300_000))).toBe(true);
    // Replayed six minutes later, as it was or with its time moved to look fresh.
    const later = new Date(now.getTime() + 360_000);
    expect(verifySignature(body, signed, secret, later)).toBe(false);
    expect(verifySignature(body, signed.replace(`t=${t}`, `t=${t + 360}`), secret, later)).toBe(false);
    expect(verifySignature(body, sign(body, 'other'), secret, now)).toBe(false);
    expect(verifySignature('{"a":2}', signed, secret, now)).toBe(false);
    expect(verifySignature(body, undefined, secret, now)).toBe(false);
    expect(verifySignature(body, signed.replace('v1=', 'v0='), secret, now)).toBe(false);
    expect(verifySignature(body, `${signed}00`, secret, now)).toBe(false);
    expect(verifySignature(body, `t=${t},v1=zz`, secret, now)).toBe(false);
  });

  it('plays a scripted failure with a short text body', async () => {
    const url = r.webhookUrl();
    r.failNext(url, 503, { retryAfter: 2 });
    const res = await fetch(url, { method: 'POST', body: 'x' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.text()).toBe('Service Unavailable');
    expect(r.hits(url)).toBe(1);
  });
});

describe('scripting', () => {
  it('hang: the request is never answered, so the client times out', async () => {
    const url = r.discordWebhook();
    r.hang(url);
    const hung = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"content":"x"}',
      signal: AbortSignal.timeout(300),
    });
    await expect(hung).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(r.hits(url)).toBe(1);
    // Only that one request hung: the next goes through.
    expect((await postJson(url, { content: 'x' })).status).toBe(204);
  });

  it('hang: close() releases a request that is still waiting', async () => {
    const own = await startChatReceivers();
    const url = own.webhookUrl();
    own.hang(url);
    const pending = fetch(url, { method: 'POST', body: 'x' });
    await own.waitForHits(url, 1);
    await own.close();
    await expect(pending).rejects.toThrow();
    await own.close(); // twice is fine
  });

  it('bigAnswer: the next success answer has exactly that many bytes, with or without Content-Length', async () => {
    const url = r.discordWebhook();
    r.bigAnswer(url, 100_000);
    const big = await postJson(url, { content: 'x' });
    expect(big.status).toBe(200);
    expect(big.headers.get('content-length')).toBe('100000');
    const text = await big.text();
    expect(text.length).toBe(100_000);
    expect(JSON.parse(text)).toHaveProperty('pad');
    expect((await postJson(url, { content: 'x' })).status).toBe(204);

    const topicUrl = r.ntfyTopicUrl();
    r.bigAnswer(topicUrl, 70_000, { chunked: true });
    const chunked = await fetch(topicUrl, { method: 'POST', body: 'x' });
    expect(chunked.headers.get('content-length')).toBeNull();
    expect((await chunked.arrayBuffer()).byteLength).toBe(70_000);
  });

  it('bigAnswer: a client that stops reading at 64 KB does not upset the server', async () => {
    const url = r.webhookUrl();
    r.bigAnswer(url, 10_000_000);
    const res = await fetch(url, { method: 'POST', body: 'x' });
    const reader = res.body!.getReader();
    let read = 0;
    while (read < 64 * 1024) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
    }
    await reader.cancel();
    expect(read).toBeGreaterThanOrEqual(64 * 1024);
    expect((await fetch(url, { method: 'POST', body: 'x' })).status).toBe(200);
  });

  it('waitFor: resolves when deliveries arrive, rejects on timeout', async () => {
    const own = await startChatReceivers();
    try {
      const waiting = own.waitFor('ntfy', 2);
      const topicUrl = own.ntfyTopicUrl();
      await fetch(topicUrl, { method: 'POST', body: 'one' });
      await fetch(topicUrl, { method: 'POST', body: 'two' });
      expect((await waiting).map((m) => m.message)).toEqual(['one', 'two']);
      await expect(own.waitFor('discord', 1, 50)).rejects.toThrow(/waitFor\('discord', 1\): 0 delivered/);
    } finally {
      await own.close();
    }
  });
});
