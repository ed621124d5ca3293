/**
 * `npm run requests:list`: the content requests nobody has dealt with yet, oldest first, so an
 * operator can add the titles people miss. Reads the app's database (on the embedded one, stop the
 * app first; on PostgreSQL it runs beside it).
 */
import { createRequestsRepository } from '../modules/requests';
import { openAppDatabase } from './app-database';
import { formatOpenRequests } from './open-requests';

async function main() {
  const { database } = await openAppDatabase('requests:list');
  try {
    console.log(formatOpenRequests(await createRequestsRepository(database.db).open()));
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
