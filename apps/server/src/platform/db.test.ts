import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db';

// pg-pool closes the connection of a statement that fails outside a transaction; openDatabase keeps
// it when the server merely refused the statement (platform/db.ts keepConnectionsOnRefusals).

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('the PostgreSQL pool', async () => {
  const database = await openDatabase({ url, poolSize: 1 });
  afterAll(() => database.close());
  const pid = async () =>
    ((await database.db.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] })
      .rows[0]!.pid;

  it('keeps the connection of a statement the server refused', async () => {
    const before = await pid();
    await expect(database.db.execute(sql`select 1 / 0`)).rejects.toThrow();
    await expect(database.db.execute(sql`select * from no_such_table`)).rejects.toThrow();
    expect(await pid()).toBe(before);
  });

  it('replaces a connection that broke', async () => {
    const before = await pid();
    await expect(database.db.execute(sql`select pg_terminate_backend(pg_backend_pid())`)).rejects.toThrow();
    const after = await pid();
    expect(after).not.toBe(before);
  });
});
