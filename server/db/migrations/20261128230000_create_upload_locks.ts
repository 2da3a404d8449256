import type { Kysely } from 'kysely';

/**
 * tus's lock on an upload (issue 25): one request at a time writes an upload, whichever instance
 * it reaches. A lease held by `holder` until `expires_at_ms`, renewed while its request runs; a
 * holder that died lets go when the lease runs out. `release_requested` is how a request on
 * another instance asks the holder to end (tus's own convention for a client that came back).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('upload_locks')
    .addColumn('upload_id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at_ms', 'bigint', (c) => c.notNull())
    .addColumn('release_requested', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('upload_locks').execute();
}
