import { deriveWorkspaceState, type WorkspaceState } from '@common/workspaceState';
import type { Catalogue } from '../../billing/catalogue';
import type { Clock } from '../../clock';
import type { WorkspaceFactsRepository, WorkspaceFactsRow } from '../../db/repositories/workspaceFacts';
import { notFound } from '../../errors';
import type { WorkspaceFactsRows, WorkspaceView } from '../../policies/workspaceView';
import { presentWorkspace } from '../../presenters/workspace';

/**
 * Loads a workspace as one member sees it, with its derived state; 404 for anyone else. Each call
 * reads its facts with one query (server/db/repositories/workspaceFacts.ts), however many
 * workspaces it answers.
 */
export class WorkspaceAccess {
  constructor(
    private readonly facts: WorkspaceFactsRepository,
    private readonly catalogue: Catalogue,
    private readonly clock: Clock,
  ) {}

  async forMember(workspaceId: number, userId: number): Promise<WorkspaceView> {
    const row = await this.facts.forMember(workspaceId, userId);
    if (!row) throw notFound();
    return this.view(row);
  }

  /** Every workspace of the user (GET /me/workspaces), owned first, then by name: one query for all. */
  async listForUser(userId: number): Promise<WorkspaceView[]> {
    return (await this.facts.allForMember(userId)).map((row) => this.view(row));
  }

  /**
   * The state of the workspace holding a project, whoever asks: being active and having room do
   * not depend on the member, so it is read as the owner sees it. 404 when it does not exist.
   */
  async stateOf(workspaceId: number, facts: WorkspaceFactsRepository = this.facts): Promise<WorkspaceState> {
    const state = (await this.statesOf([workspaceId], facts)).get(workspaceId);
    if (!state) throw notFound();
    return state;
  }

  /**
   * `stateOf` for many workspaces in one query; a workspace that does not exist is left out.
   * `facts`: a transaction's, when the caller holds a lock (read on the pool, a second connection
   * would wait for one while others wait for the lock).
   */
  async statesOf(
    workspaceIds: number[],
    facts: WorkspaceFactsRepository = this.facts,
  ): Promise<Map<number, WorkspaceState>> {
    const rows = await facts.asOwner(workspaceIds);
    return new Map(rows.map((row) => [row.workspace.id, this.view(row).state]));
  }

  private view(row: WorkspaceFactsRow): WorkspaceView {
    const { workspace, member } = row;
    const facts: WorkspaceFactsRows = {
      workspace,
      owner: row.owner,
      role: member.role,
      subscription: row.subscription,
      addOns: row.addOns,
      membersCount: row.membersCount,
      seatsUsed: row.seatsUsed,
      projectsCount: row.projectsCount,
      storageUsedInBytes: row.storageUsedInBytes,
    };
    const presented = presentWorkspace(facts, this.catalogue);
    const state = deriveWorkspaceState({
      ownerId: workspace.owner_id,
      currentUserId: member.user_id,
      currentUserRole: member.role,
      subscription: presented.subscription,
      plan: presented.pricing_plan,
      seatsUsed: facts.seatsUsed,
      projectsCount: facts.projectsCount,
      storageUsedInBytes: facts.storageUsedInBytes,
      now: this.clock.now(),
    });
    return { workspace, member, facts, state, presented };
  }
}
