import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestUser } from '../../../test/helpers';
import { goodreadsSample } from '../../../test/import-samples';
import { multipartFile } from '../../../test/imports';
import { loadDemoRecords } from '../../providers/demo/demo-provider';
import { createImportsRepository } from './repository';

const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

/** A Goodreads export row as Goodreads writes it (ISBNs behind ="…", a quoted title). */
const goodreadsRow = (id: number, title: string, author: string, isbn13: string, shelf: string) =>
  `${id},"${title}",${author},,,"=""""","=""${isbn13}""",0,4.1,Pub,Paperback,300,2027,2027,,2026/11/01,${shelf},${shelf} (#1),${shelf},,,,0,0`;

describe('importing a list', () => {
  let app: FastifyInstance;
  let member: TestUser;
  let other: TestUser;
  const as = (user: TestUser) => ({ cookie: user.cookie, origin: TEST_ORIGIN });
  const post = (user: TestUser | null, name: string, content: string | Uint8Array, field?: string) => {
    const body = multipartFile(name, content, field);
    return app.inject({
      method: 'POST',
      url: '/api/imports',
      payload: body.payload,
      headers: { ...body.headers, ...(user ? as(user) : { origin: TEST_ORIGIN }) },
    });
  };
  const preview = (user: TestUser, id: string, language?: string) =>
    app.inject({
      url: `/api/imports/${id}`,
      headers: { ...as(user), ...(language ? { 'accept-language': language } : {}) },
    });
  const reasons = (answer: { entries: { reason?: string }[] }) => answer.entries.map((e) => e.reason ?? null);

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
    expect(reasons(answer)).toEqual([
      null,
      'on your read shelf',
      'not found',
      'A quote in this row is not closed where it should be, so the row cannot be read.',
    ]);
    // Worded for whoever reads the preview, in their language.
    expect(reasons((await preview(member, created.id, 'de')).json())).toEqual([
      null,
      'in deinem Regal „read“',
      'nicht gefunden',
      'Ein Anführungszeichen in dieser Zeile wird nicht richtig geschlossen, daher kann die Zeile nicht gelesen werden.',
    ]);

    // Only its owner sees it.
    expect((await preview(other, created.id)).statusCode).toBe(404);
  });

  it('adds what matched once, suggests an author read twice, follows them when ticked', async () => {
    const books = (await loadDemoRecords('books')).filter((b) => b.isbn13 && b.release !== null && b.author);
    const byAuthor = new Map<string, typeof books>();
    for (const b of books) byAuthor.set(b.author!, [...(byAuthor.get(b.author!) ?? []), b]);
    const [author, theirs] = [...byAuthor.entries()].find(([, list]) => list.length >= 3)!;
    const [wanted, ...read] = theirs;
    const csv = [
      HEADER,
      goodreadsRow(1, wanted!.title, author, wanted!.isbn13!, 'to-read'),
      ...read.slice(0, 2).map((b, i) => goodreadsRow(10 + i, b.title, author, b.isbn13!, 'read')),
    ].join('\n');
    const created = (await post(other, 'goodreads_library_export.csv', csv)).json();
    await vi.waitFor(async () => expect((await preview(other, created.id)).json().status).toBe('ready'));
    const ready = (await preview(other, created.id)).json();
    expect(ready.suggested_follows).toEqual([
      {
        ref: expect.stringMatching(/^demo:author:/),
        name: author,
        kind: 'author',
        because: 'You have read 2 of their books',
        checked: false,
      },
    ]);
    expect((await preview(other, created.id, 'fr')).json().suggested_follows[0].because).toBe(
      'Vous avez lu 2 de ses livres',
    );
    const apply = (body: object) =>
      app.inject({
        method: 'POST',
        url: `/api/imports/${created.id}/apply`,
        headers: as(other),
        payload: body,
      });

    // A choice must name a line of the import and one of its titles.
    const badLine = await apply({ choices: { '99': null } });
    expect(badLine.statusCode).toBe(400);
    expect(badLine.json().error.details).toEqual([
      { field: 'choices.99', message: 'is not a line of this import' },
    ]);
    const badItem = await apply({ choices: { '2': '00000000-0000-4000-8000-000000000000' } });
    expect(badItem.json().error.details).toEqual([
      { field: 'choices.2', message: "must be one of this line's titles" },
    ]);
    expect((await app.inject({ url: `/watchlist/${other.id}`, headers: as(other) })).json()).toEqual([]);

    const first = await apply({ follow: [ready.suggested_follows[0].ref] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ added: 1, already_tracked: 0, followed: 1 });
    const listed = (await app.inject({ url: `/watchlist/${other.id}`, headers: as(other) })).json();
    expect(listed.map((e: { title: string }) => e.title)).toContain(wanted!.title);
    const follows = (await app.inject({ url: '/api/follows', headers: as(other) })).json().follows;
    expect(follows.map((f: { name: string }) => f.name)).toEqual([author]);

    // Again: nothing more; and the same file uploaded again finds its title tracked already.
    expect((await apply({})).json()).toMatchObject({ added: 0 });
    const again = (await post(other, 'goodreads_library_export.csv', csv)).json();
    await vi.waitFor(async () => expect((await preview(other, again.id)).json().status).toBe('ready'));
    expect((await preview(other, again.id)).json()).toMatchObject({ matched: 0, already_tracked: 1 });
    const reapplied = await app.inject({
      method: 'POST',
      url: `/api/imports/${again.id}/apply`,
      headers: as(other),
      payload: {},
    });
    expect(reapplied.json()).toEqual({ added: 0, already_tracked: 1, followed: 0 });
    // Someone else's import is not there for them.
    const theirs2 = await app.inject({
      method: 'POST',
      url: `/api/imports/${created.id}/apply`,
      headers: as(member),
      payload: {},
    });
    expect(theirs2.statusCode).toBe(404);
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
    const many = await post(member, 'goodreads.csv', Buffer.from(goodreadsSample({ rows: 20_001, seed: 3 })));
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toMatchObject({
      code: 'IMPORT_TOO_MANY_ROWS',
      message: 'This file has more than 20,000 rows; split it and import each part.',
    });
    expect((await app.inject({ url: '/api/imports/not-an-id', headers: as(member) })).statusCode).toBe(400);
  });

  it('takes up an import a stopped process left halfway, once its claim lapses; a cut upload fails', async () => {
    let now = new Date();
    const clocked = await buildTestApp({ seedDemo: true, clock: () => now });
    try {
      const owner = await signUp(clocked, { register: true });
      const repo = createImportsRepository(clocked.database.db);
      const [book] = (await loadDemoRecords('books')).filter((b) => b.isbn13 && b.release !== null);
      const row = {
        line: 2,
        title: book!.title,
        year: null,
        kind: 'book' as const,
        isbn13: book!.isbn13!,
        status: 'to-read',
      };
      // An upload of `rows` rows whose process wrote one of them, held it for 2 minutes and stopped.
      const leftBy = async (rows: number) => {
        const claimedUntil = new Date(now.getTime() + 120_000);
        const created = await repo.create({
          userId: owner.id,
          source: 'goodreads',
          rows,
          at: now,
          claimedUntil,
        });
        await repo.addEntries(created.id, [row]);
        return created;
      };
      // One written whole, stopped before matching a row; one stopped while writing its rows.
      const stored = await leftBy(1);
      const cut = await leftBy(2);
      expect(await clocked.imports.resumeStalled()).toBe(0);
      now = new Date(now.getTime() + 121_000);
      expect(await clocked.imports.resumeStalled()).toBe(2);
      const preview = (
        await clocked.inject({ url: `/api/imports/${stored.id}`, headers: { cookie: owner.cookie } })
      ).json();
      expect(preview).toMatchObject({ status: 'ready', matched: 1, progress: 1 });
      // The cut one is not matched as if the file ended there: it failed, and says so.
      const failed = (
        await clocked.inject({ url: `/api/imports/${cut.id}`, headers: { cookie: owner.cookie } })
      ).json();
      expect(failed).toMatchObject({ status: 'failed', matched: 0 });
    } finally {
      await clocked.close();
    }
  });
});
