import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { SandboxChargesTable, SandboxPaymentMethodsTable } from '../schema';

export type SandboxPaymentMethodRow = Selectable<SandboxPaymentMethodsTable>;
export type SandboxChargeRow = Selectable<SandboxChargesTable>;

/** The sandbox card processor's own records: tokenised test cards and the charges made on them. */
export class SandboxPaymentsRepository {
  constructor(private readonly db: Db) {}

  async insertPaymentMethod(values: SandboxPaymentMethodRow): Promise<void> {
    await this.db.insertInto('sandbox_payment_methods').values(values).execute();
  }

  paymentMethod(id: string): Promise<SandboxPaymentMethodRow | undefined> {
    return this.db.selectFrom('sandbox_payment_methods').selectAll().where('id', '=', id).executeTakeFirst();
  }

  chargeByIdempotencyKey(key: string): Promise<SandboxChargeRow | undefined> {
    return this.db
      .selectFrom('sandbox_charges')
      .selectAll()
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
  }

  /** Answers the new charge's id. */
  async insertCharge(values: Omit<SandboxChargeRow, 'id'>): Promise<number> {
    const row = await this.db
      .insertInto('sandbox_charges')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
