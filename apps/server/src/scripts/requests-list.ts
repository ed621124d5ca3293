/**
 * `npm run requests:list`: the content requests nobody has dealt with yet, oldest first, so an
 * operator can add the titles people miss. Reads the app's database (on the embedded one, stop the
 * app first; on PostgreSQL it runs beside it).
 */
import { existsSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createRequestsRepository } from '../modules/requests/repository';
import { findDataDirUsers } from './catalog-generator';
import { formatOpenRequests } from './open-requests';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`requests:list: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  if (!config.databaseUrl && existsSync(config.dataDir) && findDataDirUsers(config.dataDir).length > 0) {
    console.error(
      `requests:list: the embedded database in ${config.dataDir} is open in another process (the running app?). ` +
        'It allows one process at a time: stop the app first. On PostgreSQL (DATABASE_URL) this runs beside the app.',
    );
    process.exit(1);
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1 });
  try {
    await database.migrate();
    console.log(formatOpenRequests(await createRequestsRepository(database.db).open()));
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
