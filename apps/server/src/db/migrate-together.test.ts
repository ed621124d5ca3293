import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/helpers';

// Several instances started at once on one database each apply the migrations at start: one applies
// them, the others wait and find nothing left, and none fails.

describe('migrations from instances starting together', () => {
  let database: TestDatabase | undefined;
  afterAll(async () => database?.close());

  it('apply once, whichever instance gets there first', async () => {
    database = await openTestDatabase();
    const others = await Promise.all([database.openAnother(), database.openAnother()]);
    try {
      await Promise.all([database.migrate(), ...others.map((other) => other.migrate())]);
      const applied = await database.executeSql('select count(*)::int as n from users');
      expect(applied.rows[0]).toEqual({ n: 0 });
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
  });
});
