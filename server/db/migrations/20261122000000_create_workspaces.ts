import type { Kysely } from 'kysely';
import { notNull, timestampType, withId } from '../columns';

export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(db);

  await withId(db, db.schema.createTable('workspaces'))
    .addColumn('name', 'text', notNull)
    .addColumn('logo_key', 'text')
    .addColumn('owner_id', 'integer', (c) => c.notNull().unique().references('users.id'))
    .addColumn('payment_customer_id', 'text')
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('workspace_members'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('workspace_members_workspace_user', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_user_id')
    .on('workspace_members')
    .column('user_id')
    .execute();

  await withId(db, db.schema.createTable('workspace_invitations'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', notNull)
    .addColumn('role', 'text', notNull)
    .addColumn('message', 'text')
    .addColumn('hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('accepted_at', ts)
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema
    .createIndex('workspace_invitations_workspace_email')
    .on('workspace_invitations')
    .columns(['workspace_id', 'email'])
    .execute();

  await withId(db, db.schema.createTable('subscriptions'))
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().unique().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('price_id', 'integer', notNull)
    .addColumn('active', 'integer', notNull)
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('billing_period_started_at', ts)
    .addColumn('billing_period_ends_at', ts)
    .addColumn('last_payment_succeeded', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('downgrade_price_id', 'integer')
    .addColumn('free_trial_expires_at', ts)
    /** Claimed by one instance while it runs the period end, so two never charge twice. */
    .addColumn('billing_claimed_until', ts)
    .addColumn('created_at', ts, notNull)
    .addColumn('updated_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('subscription_add_ons'))
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('subscriptions.id').onDelete('cascade'),
    )
    .addColumn('add_on_price_id', 'integer', notNull)
    .addColumn('quantity', 'integer', notNull)
    .addColumn('created_at', ts, notNull)
    .addUniqueConstraint('subscription_add_ons_price', ['subscription_id', 'add_on_price_id'])
    .execute();

  await db.schema
    .createTable('billing_information')
    .addColumn('workspace_id', 'integer', (c) =>
      c.primaryKey().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('country', 'text', notNull)
    .addColumn('state', 'text', notNull)
    .addColumn('postal_code', 'text', notNull)
    .addColumn('address', 'text', notNull)
    .addColumn('city', 'text', notNull)
    .addColumn('company_name', 'text')
    .addColumn('updated_at', ts, notNull)
    .execute();

  await db.schema
    .createTable('payment_methods')
    .addColumn('workspace_id', 'integer', (c) =>
      c.primaryKey().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('provider_id', 'text', notNull)
    .addColumn('brand', 'text', notNull)
    .addColumn('last4', 'text', notNull)
    .addColumn('exp_month', 'integer', notNull)
    .addColumn('exp_year', 'integer', notNull)
    .addColumn('billing_name', 'text')
    .addColumn('billing_country', 'text')
    .addColumn('billing_postal_code', 'text')
    .addColumn('updated_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('invoices'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('detail', 'text', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('status', 'text', notNull)
    /** JSON: the lines of the invoice (description, amount) for the printable page. */
    .addColumn('lines', 'text', notNull)
    .addColumn('provider_payment_id', 'text')
    .addColumn('failure_code', 'text')
    .addColumn('created_at', ts, notNull)
    .execute();
  await db.schema.createIndex('invoices_workspace_id').on('invoices').column('workspace_id').execute();

  /** The sandbox provider's vault: what a test-mode processor keeps of a card (never its number). */
  await db.schema
    .createTable('sandbox_payment_methods')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('brand', 'text', notNull)
    .addColumn('last4', 'text', notNull)
    .addColumn('exp_month', 'integer', notNull)
    .addColumn('exp_year', 'integer', notNull)
    .addColumn('cardholder_name', 'text', notNull)
    .addColumn('behaviour', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();

  await withId(db, db.schema.createTable('sandbox_charges'))
    .addColumn('payment_method_id', 'text', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .execute();

  /** Banners and popups a user closed, remembered per user (and workspace, where it applies). */
  await db.schema
    .createTable('user_dismissals')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', notNull)
    .addColumn('created_at', ts, notNull)
    .addPrimaryKeyConstraint('user_dismissals_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'user_dismissals',
    'sandbox_charges',
    'sandbox_payment_methods',
    'invoices',
    'payment_methods',
    'billing_information',
    'subscription_add_ons',
    'subscriptions',
    'workspace_invitations',
    'workspace_members',
    'workspaces',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
