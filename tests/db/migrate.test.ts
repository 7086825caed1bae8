import { afterAll, beforeAll, expect, test } from 'vitest';
import { migrate, readMigrations } from '../../supabase/local/migrate.ts';
import { openTestDatabase, type TestDatabase } from '../support/database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

test('a migrated database has nothing left to apply', async () => {
  expect(await migrate(db)).toEqual([]);
});

test('a migration edited after it was applied is reported, not skipped', async () => {
  const [first] = await readMigrations();
  await db.query('update standin.schema_migrations set checksum = $1 where version = $2', ['0'.repeat(64), first!.version]);
  await expect(migrate(db)).rejects.toThrow(`Migration ${first!.version} was changed after it was applied`);
});
