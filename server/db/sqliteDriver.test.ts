import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteDialect } from './sqliteDriver';

interface Tables {
  notes: { id: number; text: string };
}

const nextTurn = () => new Promise((done) => setImmediate(done));

describe('the SQLite driver: reads of one turn share a snapshot', () => {
  let dir: string;
  let db: Kysely<Tables>;
  /** Another connection to the same file: a worker process beside the web process. */
  let other: SQLite.Database;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'proofroom-driver-'));
    const file = join(dir, 'app.db');
    db = new Kysely<Tables>({ dialect: sqliteDialect(file) });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    other = new SQLite(file);
    other.pragma('busy_timeout = 5000');
  });

  afterEach(async () => {
    other.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const texts = async () =>
    (await db.selectFrom('notes').select('text').orderBy('id').execute()).map((n) => n.text);

  it('sees a commit of this process at once, in the same turn', async () => {
    expect(await texts()).toEqual([]);
    await db.insertInto('notes').values({ id: 1, text: 'written' }).execute();
    expect(await texts()).toEqual(['written']);
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('notes').values({ id: 2, text: 'in a transaction' }).execute();
    });
    expect(await texts()).toEqual(['written', 'in a transaction']);
  });

  it("sees another process's commit from the next turn on", async () => {
    expect(await texts()).toEqual([]);
    other.prepare('insert into notes (id, text) values (1, ?)').run('from the worker');
    // This turn's snapshot began before the worker's commit: its reads agree with one another.
    expect(await texts()).toEqual([]);
    await nextTurn();
    expect(await texts()).toEqual(['from the worker']);
  });

  it('never holds back a writer, here or in another process', async () => {
    expect(await texts()).toEqual([]);
    other.prepare('insert into notes (id, text) values (1, ?)').run('while a snapshot is open');
    await db.insertInto('notes').values({ id: 2, text: 'and from here' }).execute();
    expect(await texts()).toEqual(['while a snapshot is open', 'and from here']);
  });
});
