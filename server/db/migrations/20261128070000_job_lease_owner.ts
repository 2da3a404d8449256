import type { Kysely } from 'kysely';

/**
 * The process holding an active job (server/processIdentity.ts): a process starting on the same
 * machine takes back at once the jobs of a predecessor it knows is dead, rather than wait for their
 * leases. Jobs claimed before this column have no owner and come back when their lease passes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('lease_owner', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('lease_owner').execute();
}
