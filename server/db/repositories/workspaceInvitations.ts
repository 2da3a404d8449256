import type { Selectable } from 'kysely';
import type { WorkspaceRole } from '@common/workspaceRoles';
import type { Db } from '../database';
import type { WorkspaceInvitationsTable } from '../schema';
import { InvitationsRepository, type NewInvitation } from './invitations';

export type InvitationRow = Selectable<WorkspaceInvitationsTable> & { role: WorkspaceRole };

/** Workspace invitations; what they share with project invitations is in `InvitationsRepository`. */
export class WorkspaceInvitationsRepository extends InvitationsRepository<InvitationRow> {
  constructor(db: Db) {
    super(db, { name: 'workspace_invitations', scope: 'workspace_id' });
  }

  /** Pending invitations, oldest first; only the given roles when `roles` is set. */
  async pending(workspaceId: number, roles?: readonly WorkspaceRole[]): Promise<InvitationRow[]> {
    let query = this.db
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('accepted_at', 'is', null);
    if (roles) query = query.where('role', 'in', [...roles]);
    return (await query.orderBy('created_at').orderBy('id').execute()) as InvitationRow[];
  }

  async findPending(workspaceId: number, id: number): Promise<InvitationRow | undefined> {
    const row = await this.db
      .selectFrom('workspace_invitations')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    return row as InvitationRow | undefined;
  }

  create(values: NewInvitation<WorkspaceRole> & { workspaceId: number }): Promise<InvitationRow> {
    return this.insert(values.workspaceId, values);
  }
}
