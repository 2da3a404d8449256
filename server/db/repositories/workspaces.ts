import type { Selectable } from 'kysely';
import type { WorkspaceRole } from '@common/workspaceRoles';
import type { Db } from '../database';
import type {
  SubscriptionAddOnsTable,
  SubscriptionsTable,
  WorkspaceMembersTable,
  WorkspacesTable,
} from '../schema';

export type WorkspaceRow = Selectable<WorkspacesTable>;
export type MemberRow = Selectable<WorkspaceMembersTable> & { role: WorkspaceRole };
export type SubscriptionRow = Selectable<SubscriptionsTable>;
export type AddOnRow = Selectable<SubscriptionAddOnsTable>;

/** Workspaces, their members and their subscription rows. */
export class WorkspacesRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<WorkspaceRow | undefined> {
    return this.db.selectFrom('workspaces').selectAll().where('id', '=', id).executeTakeFirst();
  }

  ownedBy(userId: number): Promise<WorkspaceRow | undefined> {
    return this.db.selectFrom('workspaces').selectAll().where('owner_id', '=', userId).executeTakeFirst();
  }

  async membership(workspaceId: number, userId: number): Promise<MemberRow | undefined> {
    const row = await this.db
      .selectFrom('workspace_members')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row as MemberRow | undefined;
  }

  /** The user's workspaces with their role in each, owned first, then by name. */
  async listForUser(userId: number): Promise<{ workspace: WorkspaceRow; role: WorkspaceRole }[]> {
    const rows = await this.db
      .selectFrom('workspace_members as m')
      .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
      .selectAll('w')
      .select('m.role as member_role')
      .where('m.user_id', '=', userId)
      .orderBy('w.name')
      .orderBy('w.id')
      .execute();
    return rows
      .map(({ member_role, ...workspace }) => ({ workspace, role: member_role as WorkspaceRole }))
      .sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
  }

  subscriptionOf(workspaceId: number): Promise<SubscriptionRow | undefined> {
    return this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirst();
  }

  addOnsOf(subscriptionId: number): Promise<AddOnRow[]> {
    return this.db
      .selectFrom('subscription_add_ons')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id')
      .execute();
  }

  async membersCount(workspaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('workspace_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Members and pending invitations that take a seat: every role but collaborator. */
  async seatsUsed(workspaceId: number): Promise<number> {
    const members = await this.db
      .selectFrom('workspace_members')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('role', '!=', 'collaborator')
      .executeTakeFirstOrThrow();
    const invites = await this.db
      .selectFrom('workspace_invitations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .where('accepted_at', 'is', null)
      .where('role', '!=', 'collaborator')
      .executeTakeFirstOrThrow();
    return Number(members.n) + Number(invites.n);
  }

  /** Answers the new workspace's id; a unique violation when the owner already owns one. */
  async insert(values: { name: string; ownerId: number; now: string }): Promise<number> {
    const row = await this.db
      .insertInto('workspaces')
      .values({
        name: values.name,
        logo_key: null,
        owner_id: values.ownerId,
        payment_customer_id: null,
        created_at: values.now,
        updated_at: values.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(
    id: number,
    values: Partial<Pick<WorkspaceRow, 'name' | 'logo_key'>> & { updated_at: string },
  ): Promise<void> {
    await this.db.updateTable('workspaces').set(values).where('id', '=', id).execute();
  }

  /** Deletes the workspace; the database cascades to everything under it. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('workspaces').where('id', '=', id).execute();
  }

  /** Hands the workspace to `toUserId` if `fromUserId` still owns it; false when the ownership moved meanwhile. */
  async transferOwner(id: number, fromUserId: number, toUserId: number): Promise<boolean> {
    const moved = await this.db
      .updateTable('workspaces')
      .set({ owner_id: toUserId })
      .where('id', '=', id)
      .where('owner_id', '=', fromUserId)
      .executeTakeFirst();
    return Number(moved.numUpdatedRows) === 1;
  }

  /** The card processor's customer for the workspace. */
  async setPaymentCustomerId(id: number, customerId: string): Promise<void> {
    await this.db
      .updateTable('workspaces')
      .set({ payment_customer_id: customerId })
      .where('id', '=', id)
      .execute();
  }
}
