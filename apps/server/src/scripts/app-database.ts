import { existsSync } from 'node:fs';
import { type Config, ConfigError, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { findDataDirUsers, redactUrl } from './catalog-generator';

/**
 * For the operator commands: the app's configuration and database, migrated. Exits with a clear
 * message on a bad configuration, or when the embedded database is open in another process (it
 * allows one at a time; on PostgreSQL the commands run beside the app).
 */
export async function openAppDatabase(
  command: string,
): Promise<{ config: Config; database: DatabaseHandle; where: string }> {
  const fail = (message: string): never => {
    console.error(`${command}: ${message}`);
    process.exit(1);
  };
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) return fail(err.message);
    throw err;
  }
  if (!config.databaseUrl && existsSync(config.dataDir)) {
    const users = findDataDirUsers(config.dataDir);
    if (users.length > 0) {
      const list = users.map((u) => `  PID ${u.pid}: ${u.command || '(unknown command)'}`).join('\n');
      fail(
        `the embedded database in ${config.dataDir} is open in another process (the running app?):\n${list}\n` +
          'The embedded database (PGlite) allows one process at a time: stop the app first and run this again. ' +
          'On PostgreSQL (DATABASE_URL) this runs beside the app.',
      );
    }
  }
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  await database.migrate();
  const where = config.databaseUrl ? `PostgreSQL at ${redactUrl(config.databaseUrl)}` : config.dataDir;
  return { config, database, where };
}
