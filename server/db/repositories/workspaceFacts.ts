import type { WorkspaceRole } from '@common/workspaceRoles';
import type { Db } from '../database';
import type { UserRow } from './users';
import type { AddOnRow, MemberRow, SubscriptionRow, WorkspaceRow } from './workspaces';

/** Everything a workspace's state is derived from, as one member sees it. */
export interface WorkspaceFactsRow {
  workspace: WorkspaceRow;
  /** The member the facts were read for (the caller, or the owner for `asOwner`). */
  member: MemberRow;
  owner: UserRow;
  subscription: SubscriptionRow | undefined;
  addOns: AddOnRow[];
  membersCount: number;
  /** Members and pending invitations that take a seat: every role but collaborator. */
  seatsUsed: number;
  /** Archived projects count too (docs/decisions.md, Projects). */
  projectsCount: number;
  storageUsedInBytes: number;
}

export interface WorkspaceUsageRow {
  projectsCount: number;
  storageUsedInBytes: number;
}

/**
 * A workspace's facts (its row, the member, the owner, the subscription with its add-ons, member
 * and seat counts, projects and storage used) in one SELECT, for one workspace or many: the
 * add-ons come as extra rows of the same statement and the counts as subqueries.
 */
export class WorkspaceFactsRepository {
  constructor(private readonly db: Db) {}

  /** The workspace as this member sees it; undefined when it does not exist or they are no member. */
  async forMember(workspaceId: number, userId: number): Promise<WorkspaceFactsRow | undefined> {
    const [facts] = await this.load({ userId, workspaceIds: [workspaceId] });
    return facts;
  }

  /** Every workspace the user is a member of, owned first, then by name. */
  async allForMember(userId: number): Promise<WorkspaceFactsRow[]> {
    const rows = await this.load({ userId });
    return rows.sort((a, b) => Number(b.member.role === 'owner') - Number(a.member.role === 'owner'));
  }

  /** These workspaces as their owners see them (being active and having room do not depend on who asks). */
  asOwner(workspaceIds: number[]): Promise<WorkspaceFactsRow[]> {
    if (workspaceIds.length === 0) return Promise.resolve([]);
    return this.load({ workspaceIds: [...new Set(workspaceIds)] });
  }

  /** What the workspace uses against its plan. */
  async usage(workspaceId: number): Promise<WorkspaceUsageRow> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number | string | null>('storage_used_in_bytes').as('bytes'),
      ])
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return { projectsCount: Number(row.n), storageUsedInBytes: Number(row.bytes ?? 0) };
  }

  /** `userId`: as that member (inner join, so non-members get nothing); else as each owner. */
  private async load(by: { userId?: number; workspaceIds?: number[] }): Promise<WorkspaceFactsRow[]> {
    let query = this.db
      .selectFrom('workspaces as w')
      .innerJoin('workspace_members as m', (join) =>
        join
          .onRef('m.workspace_id', '=', 'w.id')
          .on((eb) =>
            by.userId === undefined
              ? eb('m.user_id', '=', eb.ref('w.owner_id'))
              : eb('m.user_id', '=', by.userId),
          ),
      )
      .innerJoin('users as u', 'u.id', 'w.owner_id')
      .leftJoin('subscriptions as s', 's.workspace_id', 'w.id')
      .leftJoin('subscription_add_ons as a', 'a.subscription_id', 's.id')
      .selectAll('w')
      .select([
        'm.id as member_id',
        'm.user_id as member_user_id',
        'm.role as member_role',
        'm.created_at as member_created_at',
        'u.name as owner_name',
        'u.email as owner_email',
        'u.password_hash as owner_password_hash',
        'u.avatar_key as owner_avatar_key',
        'u.created_at as owner_created_at',
        'u.updated_at as owner_updated_at',
        's.id as s_id',
        's.workspace_id as s_workspace_id',
        's.price_id as s_price_id',
        's.active as s_active',
        's.cancel_at_period_end as s_cancel_at_period_end',
        's.billing_period_started_at as s_billing_period_started_at',
        's.billing_period_ends_at as s_billing_period_ends_at',
        's.last_payment_succeeded as s_last_payment_succeeded',
        's.downgrade_price_id as s_downgrade_price_id',
        's.free_trial_expires_at as s_free_trial_expires_at',
        's.billing_claimed_until as s_billing_claimed_until',
        's.created_at as s_created_at',
        's.updated_at as s_updated_at',
        'a.id as a_id',
        'a.subscription_id as a_subscription_id',
        'a.add_on_price_id as a_add_on_price_id',
        'a.quantity as a_quantity',
        'a.created_at as a_created_at',
      ])
      .select((eb) => [
        eb
          .selectFrom('workspace_members as x')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('x.workspace_id', '=', 'w.id')
          .as('members_count'),
        eb
          .selectFrom('workspace_members as x')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('x.workspace_id', '=', 'w.id')
          .where('x.role', '!=', 'collaborator')
          .as('seat_members'),
        eb
          .selectFrom('workspace_invitations as i')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('i.workspace_id', '=', 'w.id')
          .where('i.accepted_at', 'is', null)
          .where('i.role', '!=', 'collaborator')
          .as('seat_invitations'),
        eb
          .selectFrom('projects as p')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('p.workspace_id', '=', 'w.id')
          .as('projects_count'),
        eb
          .selectFrom('projects as p')
          .select((sub) => sub.fn.sum<number | string | null>('p.storage_used_in_bytes').as('bytes'))
          .whereRef('p.workspace_id', '=', 'w.id')
          .as('storage_used'),
      ]);
    if (by.workspaceIds) query = query.where('w.id', 'in', by.workspaceIds);
    const rows = await query.orderBy('w.name').orderBy('w.id').orderBy('a.id').execute();

    const facts = new Map<number, WorkspaceFactsRow>();
    for (const row of rows) {
      let fact = facts.get(row.id);
      if (!fact) {
        fact = {
          workspace: {
            id: row.id,
            name: row.name,
            logo_key: row.logo_key,
            owner_id: row.owner_id,
            payment_customer_id: row.payment_customer_id,
            created_at: row.created_at,
            updated_at: row.updated_at,
          },
          member: {
            id: row.member_id,
            workspace_id: row.id,
            user_id: row.member_user_id,
            role: row.member_role as WorkspaceRole,
            created_at: row.member_created_at,
          },
          owner: {
            id: row.owner_id,
            name: row.owner_name,
            email: row.owner_email,
            password_hash: row.owner_password_hash,
            avatar_key: row.owner_avatar_key,
            created_at: row.owner_created_at,
            updated_at: row.owner_updated_at,
          },
          subscription:
            row.s_id === null
              ? undefined
              : {
                  id: row.s_id,
                  workspace_id: row.s_workspace_id!,
                  price_id: row.s_price_id!,
                  active: row.s_active!,
                  cancel_at_period_end: row.s_cancel_at_period_end!,
                  billing_period_started_at: row.s_billing_period_started_at,
                  billing_period_ends_at: row.s_billing_period_ends_at,
                  last_payment_succeeded: row.s_last_payment_succeeded!,
                  downgrade_price_id: row.s_downgrade_price_id,
                  free_trial_expires_at: row.s_free_trial_expires_at,
                  billing_claimed_until: row.s_billing_claimed_until,
                  created_at: row.s_created_at!,
                  updated_at: row.s_updated_at!,
                },
          addOns: [],
          membersCount: Number(row.members_count ?? 0),
          seatsUsed: Number(row.seat_members ?? 0) + Number(row.seat_invitations ?? 0),
          projectsCount: Number(row.projects_count ?? 0),
          storageUsedInBytes: Number(row.storage_used ?? 0),
        };
        facts.set(row.id, fact);
      }
      if (row.a_id !== null)
        fact.addOns.push({
          id: row.a_id,
          subscription_id: row.a_subscription_id!,
          add_on_price_id: row.a_add_on_price_id!,
          quantity: row.a_quantity!,
          created_at: row.a_created_at!,
        });
    }
    return [...facts.values()];
  }
}
