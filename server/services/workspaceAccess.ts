import type { Workspace } from '@common/api/workspaces';
import { deriveWorkspaceState, type WorkspaceState } from '@common/workspaceState';
import type { Catalogue } from '../billing/catalogue';
import type { Clock } from '../clock';
import type { UsersRepository } from '../db/repositories/users';
import type { MemberRow, WorkspaceRow, WorkspacesRepository } from '../db/repositories/workspaces';
import { notFound } from '../errors';
import { presentWorkspace, type WorkspaceFactsRows } from '../presenters/workspace';
import type { WorkspaceUsage } from './workspaceUsage';

export interface WorkspaceView {
  workspace: WorkspaceRow;
  member: MemberRow;
  facts: WorkspaceFactsRows;
  state: WorkspaceState;
  presented: Workspace;
}

/** Loads a workspace as one member sees it, with its derived state; 404 for anyone else. */
export class WorkspaceAccess {
  constructor(
    private readonly workspaces: WorkspacesRepository,
    private readonly users: UsersRepository,
    private readonly catalogue: Catalogue,
    private readonly clock: Clock,
    private readonly usage: WorkspaceUsage,
  ) {}

  async forMember(workspaceId: number, userId: number): Promise<WorkspaceView> {
    const workspace = await this.workspaces.findById(workspaceId);
    const member = workspace ? await this.workspaces.membership(workspaceId, userId) : undefined;
    if (!workspace || !member) throw notFound();
    return this.view(workspace, member, userId);
  }

  async listForUser(userId: number): Promise<WorkspaceView[]> {
    const rows = await this.workspaces.listForUser(userId);
    return Promise.all(
      rows.map(async ({ workspace }) => {
        const member = await this.workspaces.membership(workspace.id, userId);
        if (!member) throw notFound();
        return this.view(workspace, member, userId);
      }),
    );
  }

  private async view(workspace: WorkspaceRow, member: MemberRow, userId: number): Promise<WorkspaceView> {
    const subscription = await this.workspaces.subscriptionOf(workspace.id);
    const owner = await this.users.findById(workspace.owner_id);
    if (!owner) throw notFound();
    const facts: WorkspaceFactsRows = {
      workspace,
      owner,
      role: member.role,
      subscription,
      addOns: subscription ? await this.workspaces.addOnsOf(subscription.id) : [],
      membersCount: await this.workspaces.membersCount(workspace.id),
      seatsUsed: await this.workspaces.seatsUsed(workspace.id),
      projectsCount: await this.usage.projectsCount(workspace.id),
      storageUsedInBytes: await this.usage.storageUsedInBytes(workspace.id),
    };
    const presented = presentWorkspace(facts, this.catalogue);
    const state = deriveWorkspaceState({
      ownerId: workspace.owner_id,
      currentUserId: userId,
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
