import pg from 'pg';

/**
 * With TEST_DATABASE_URL set, every test file works in a schema of its own on that server; the
 * extension is database-wide, so create it once here rather than racing from parallel files.
 */
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create extension if not exists pg_trgm with schema public');
  } finally {
    await client.end();
  }
}
