/**
 * `node --import tsx apps/server/src/scripts/write-openapi.ts <file>`: writes the OpenAPI document the
 * app serves at /api/openapi.json, without listening: the app is built over an in-memory database and
 * asked for `app.swagger()`. `npm run lint:openapi` lints the result with Redocly.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

async function main() {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: write-openapi.ts <output file>');
    process.exit(2);
  }
  // A fixed configuration, not the caller's environment: the document must not depend on a local .env.
  // Without PUBLIC_URL, as on the embedded default: the server is the origin serving the document.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LOG_PRETTY: 'false',
    SEED_DEMO_CATALOG: 'false',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    AUTH_SECRET: 'openapi-document-only-openapi-document-only',
  });
  const database = await openDatabase({});
  const app = await buildApp(config, { database });
  try {
    await app.ready();
    const document = app.swagger();
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    await writeFile(out, `${JSON.stringify(document, null, 2)}\n`);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();
