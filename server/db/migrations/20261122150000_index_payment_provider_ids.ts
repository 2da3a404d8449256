import type { Kysely } from 'kysely';

/** Webhooks find an invoice by its provider payment id and a saved card by its provider id. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('invoices_provider_payment_id')
    .on('invoices')
    .column('provider_payment_id')
    .execute();
  await db.schema
    .createIndex('payment_methods_provider_id')
    .on('payment_methods')
    .column('provider_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('payment_methods_provider_id').execute();
  await db.schema.dropIndex('invoices_provider_payment_id').execute();
}
