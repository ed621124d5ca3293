import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { bombZip, deflatedEntry, handZip } from '../../../test/hostile-zips';
import { letterboxdWatchlistCsv, letterboxdZip } from '../../../test/import-samples';
import { multipartFile } from '../../../test/imports';

const CSV = 'Date,Name,Year,Letterboxd URI\r\n2024-01-01,Heat,1995,https://boxd.it/h1\r\n';

/** A form with one part, as a browser writes it, around `boundary`. */
const form = (boundary: string, disposition = 'form-data; name="file"; filename="watchlist.csv"') =>
  `--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: text/csv\r\n\r\n${CSV}\r\n--${boundary}--\r\n`;
const multipart = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

describe('uploads the route cannot read', () => {
  let app: FastifyInstance;
  let member: TestUser;
  const lines: string[] = [];
  // Each upload from an address of its own: the route allows 10 a minute per address.
  let address = 0;
  const upload = (contentType: string, payload: string | Buffer | Uint8Array) =>
    app.inject({
      method: 'POST',
      url: '/api/imports',
      remoteAddress: `10.1.0.${++address}`,
      payload: Buffer.from(payload),
      headers: { 'content-type': contentType, cookie: member.cookie, origin: TEST_ORIGIN },
    });
  const uploadFile = (name: string, content: Uint8Array) => {
    const body = multipartFile(name, content);
    return upload(body.headers['content-type'], body.payload);
  };
  const errorLines = () =>
    lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.level >= 50);

  beforeAll(async () => {
    app = await buildTestApp({
      env: { LOG_LEVEL: 'debug' },
      logDestination: { write: (line) => lines.push(line) },
    });
    member = await signUp(app, { register: true });
  });
  beforeEach(() => {
    lines.length = 0;
  });
  afterAll(async () => app.close());

  const boundary = '----releasebell-boundary';
  const body = form(boundary);
  it.each([
    ['no boundary in the content type', 'multipart/form-data', body],
    ['a boundary other than the body’s', multipart('----another-boundary'), body],
    ['a body cut off in the file', multipart(boundary), body.slice(0, body.indexOf('Heat'))],
    ['a body cut off in a part’s headers', multipart(boundary), body.slice(0, 40)],
    [
      'a body with no closing boundary',
      multipart(boundary),
      body.slice(0, body.lastIndexOf(`--${boundary}`)),
    ],
    ['a body that is not a form at all', multipart(boundary), 'Date,Name,Year\r\n'],
    ['a boundary over 256 characters', multipart('b'.repeat(300)), form('b'.repeat(300))],
    [
      'the file under another field name',
      multipart(boundary),
      form(boundary, 'form-data; name="upload"; filename="watchlist.csv"'),
    ],
    ['a text field in place of the file', multipart(boundary), form(boundary, 'form-data; name="file"')],
    [
      'a part named after a prototype property',
      multipart(boundary),
      form(boundary, 'form-data; name="__proto__"; filename="watchlist.csv"'),
    ],
  ])('%s: 400 naming the file, nothing logged as an error', async (_case, contentType, payload) => {
    const res = await upload(contentType, payload);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^file /),
      details: [{ field: 'file', message: expect.any(String) }],
    });
    expect(errorLines()).toEqual([]);
  });

  it('answers a file over 10 MB with 413, nothing logged as an error', async () => {
    const res = await uploadFile('watchlist.csv', new Uint8Array(10 * 1024 * 1024 + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'IMPORT_TOO_LARGE', message: 'This file is over 10 MB.' });
    expect(errorLines()).toEqual([]);
  });

  it('refuses a ZIP bomb with a 400 naming the file', async () => {
    // 1 MB declaring 1 KB, inflating to 1 GB.
    const res = await uploadFile('letterboxd.zip', bombZip(2 ** 30));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'IMPORT_ZIP_TOO_LARGE',
      message: 'The watchlist.csv in this ZIP is over 10 MB once unpacked.',
      details: [{ field: 'file', message: 'The watchlist.csv in this ZIP is over 10 MB once unpacked.' }],
    });
    expect(errorLines()).toEqual([]);
  });

  it('refuses a ZIP of more files than an export holds with a 400 naming the file', async () => {
    const entries = Array.from({ length: 1000 }, (_, i) => deflatedEntry(`lists/list-${i}.csv`, 'Date\n'));
    const zip = handZip([...entries, deflatedEntry('watchlist.csv', CSV)]);
    const res = await uploadFile('letterboxd.zip', zip);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'IMPORT_ZIP_TOO_LARGE',
      details: [
        {
          field: 'file',
          message: 'This ZIP holds more than 1,000 files. Upload the watchlist.csv from it instead.',
        },
      ],
    });
  });

  it('imports a Letterboxd export, and a ZIP whose directory points at its watchlist 2,560 times', async () => {
    const genuine = await uploadFile('letterboxd-sample.zip', letterboxdZip({ rows: 300, seed: 3 }));
    expect(genuine.statusCode).toBe(202);
    expect(genuine.json()).toMatchObject({ source: 'letterboxd', rows: 300 });

    // That the watchlist is inflated once, not 2,560 times, is counted in parse.test.ts.
    const csv = letterboxdWatchlistCsv({ rows: 40, seed: 8 });
    const overlapping = handZip([deflatedEntry('watchlist.csv', csv)], Array(2560).fill(0));
    const once = await uploadFile('letterboxd.zip', overlapping);
    expect(once.statusCode).toBe(202);
    expect(once.json()).toMatchObject({ source: 'letterboxd', rows: 40 });

    // Matching runs after the answer: let it end before the app closes.
    for (const id of [genuine.json().id, once.json().id]) {
      await vi.waitFor(
        async () => {
          const preview = await app.inject({ url: `/api/imports/${id}`, headers: { cookie: member.cookie } });
          expect(preview.json().status).toBe('ready');
        },
        { timeout: 20_000, interval: 100 },
      );
    }
    expect(errorLines()).toEqual([]);
  });
});
