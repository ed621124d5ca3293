import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { loadDemoRecords } from '../../providers/demo/demo-provider';

const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

/** A Goodreads export row as Goodreads writes it (ISBNs behind ="…", a quoted title). */
const goodreadsRow = (id: number, title: string, author: string, isbn13: string, shelf: string) =>
  `${id},"${title}",${author},,,"=""""","=""${isbn13}""",0,4.1,Pub,Paperback,300,2027,2027,,2026/11/01,${shelf},${shelf} (#1),${shelf},,,,0,0`;

/** A multipart/form-data body with one file, as a browser sends it. */
function upload(name: string, content: string | Uint8Array, field = 'file') {
  const boundary = '----releasebell-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, Buffer.from(content), tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('importing a list', () => {
  let app: FastifyInstance;
  let member: TestUser;
  let other: TestUser;
  const as = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });
  const post = (user: TestUser | null, name: string, content: string | Uint8Array, field?: string) => {
    const body = upload(name, content, field);
    return app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, ...(user ? as(user) : { origin: TEST_ORIGIN }) },
    });
  };
  const preview = (user: TestUser, id: string) =>
    app.inject({ url: `/api/imports/${id}`, headers: as(user) });

  beforeAll(async () => {
    app = await buildTestApp({ seedDemo: true });
    member = await signUp(app, { register: true });
    other = await signUp(app, { register: true });
  });
  afterAll(async () => app.close());

  it('reads a Goodreads export, matches it against the catalog in the background, and previews it', async () => {
    const books = (await loadDemoRecords('books')).filter((b) => b.isbn13 && b.release !== null);
    const [first, second] = books;
    const csv = [
      HEADER,
      goodreadsRow(1, `${first!.title} (Some Series, #1)`, first!.author!, first!.isbn13!, 'to-read'),
      goodreadsRow(2, second!.title, second!.author!, second!.isbn13!, 'read'),
      goodreadsRow(3, 'A Book Nobody Has', 'Nobody', '9780000000002', 'to-read'),
      '4,"Broken row with too few cells',
    ].join('\n');
    const res = await post(member, 'goodreads_library_export.csv', csv);
    expect(res.statusCode).toBe(202);
    const created = res.json();
    expect(created).toEqual({ id: expect.any(String), source: 'goodreads', rows: 4, status: 'matching' });

    await vi.waitFor(async () => expect((await preview(member, created.id)).json().status).toBe('ready'));
    const answer = (await preview(member, created.id)).json();
    expect(answer).toMatchObject({
      id: created.id,
      source: 'goodreads',
      status: 'ready',
      rows: 4,
      progress: 1,
      matched: 1,
      ambiguous: 0,
      unmatched: 2,
      already_tracked: 0,
      suggested_follows: [],
    });
    expect(answer.entries.map((e: { line: number; status: string }) => [e.line, e.status])).toEqual([
      [2, 'matched'],
      [3, 'skipped'],
      [4, 'unmatched'],
      [5, 'unmatched'],
    ]);
    expect(answer.entries[0].item).toMatchObject({ title: first!.title, media_type: 'books' });
    expect(answer.entries[1].reason).toBe('on your read shelf');
    expect(answer.entries[3].reason).toEqual(expect.any(String));

    // Only its owner sees it.
    expect((await preview(other, created.id)).statusCode).toBe(404);
  });

  it('refuses what it cannot read, in words, naming the field', async () => {
    const unknown = await post(member, 'notes.csv', 'a,b,c\n1,2,3\n');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'IMPORT_UNRECOGNISED',
      details: [{ field: 'file', message: expect.stringContaining('Goodreads') }],
    });
    const big = await post(member, 'big.csv', new Uint8Array(10 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    const wrongField = await post(member, 'goodreads.csv', `${HEADER}\n`, 'upload');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.details).toEqual([{ field: 'file', message: 'is required' }]);
    expect((await post(null, 'goodreads.csv', `${HEADER}\n`)).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/imports/not-an-id', headers: as(member) })).statusCode).toBe(400);
  });
});
