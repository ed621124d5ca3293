import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, empty PGlite database that each test file's database starts from. */
    pgliteSnapshot: string | null;
  }
}

/**
 * With TEST_DATABASE_URL set, every test file works in a schema of its own on that server; the
 * extension is database-wide, so create it once here rather than racing from parallel files.
 * Without it, every file gets an in-memory PGlite database: initdb and the migrations run once here
 * (about 3 s), and each file starts from a copy of the result (about 1 s).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    project.provide('pgliteSnapshot', null);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('create extension if not exists pg_trgm with schema public');
    } finally {
      await client.end();
    }
    return;
  }

  const client = await PGlite.create({ extensions: { pg_trgm } });
  await migrate(drizzle({ client }), {
    migrationsFolder: path.join(import.meta.dirname, '../src/db/migrations'),
  });
  const file = path.join(os.tmpdir(), `releasebell-test-pglite-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  project.provide('pgliteSnapshot', file);
  return () => rm(file, { force: true });
}
