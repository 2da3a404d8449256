import type { Kysely } from 'kysely';

/**
 * A charge that stands for one billing period carries a key (`renewal:{subscription}:{period end}`),
 * so a run that died after the processor charged but before the books were updated resumes the
 * same invoice, and the processor's idempotency answers the first outcome instead of charging again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').addColumn('period_key', 'text').execute();
  await db.schema
    .createIndex('invoices_period_key')
    .on('invoices')
    .columns(['workspace_id', 'period_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('invoices_period_key').execute();
  await db.schema.alterTable('invoices').dropColumn('period_key').execute();
}
