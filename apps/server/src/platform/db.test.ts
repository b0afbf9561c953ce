import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, writeGeneration } from './db';

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

describe('the write generation of the embedded database', async () => {
  const database = await openDatabase({});
  afterAll(() => database.close());
  const { db } = database;
  const generation = () => writeGeneration(db)!;

  it('stays while only plain reads run, and moves after any statement that may write', async () => {
    await db.execute(sql`create table gen_probe (id int primary key, n int not null default 0)`);
    const start = generation();
    await db.execute(sql`select count(*) from gen_probe`);
    expect(generation()).toBe(start);
    await db.execute(sql`insert into gen_probe (id) values (1)`);
    expect(generation()).toBe(start + 1);
    // A `with` may hide a change: it counts.
    await db.execute(sql`with up as (update gen_probe set n = n + 1 returning id) select * from up`);
    expect(generation()).toBe(start + 2);
  });

  it('moves once a transaction has ended, not while it runs', async () => {
    const start = generation();
    await db.transaction(async (tx) => {
      await tx.execute(sql`update gen_probe set n = n + 1`);
      expect(generation()).toBe(start);
    });
    expect(generation()).toBe(start + 1);
  });

  it.runIf(url)('is unknown on PostgreSQL, where other instances write', async () => {
    const pg = await openDatabase({ url, poolSize: 1 });
    expect(writeGeneration(pg.db)).toBeUndefined();
    await pg.close();
  });
});
