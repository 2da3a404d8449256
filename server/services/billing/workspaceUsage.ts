import type { WorkspaceFactsRepository, WorkspaceUsageRow } from '../../db/repositories/workspaceFacts';

/**
 * What a workspace uses against its plan: projects and stored bytes. Every limit check reads it
 * from here (WorkspaceAccess reads the same counts inside its one query). Archived projects count:
 * they still hold their files and come back with one click, so archiving is not a way around the
 * plan's project count (docs/decisions.md, Projects).
 */
export class WorkspaceUsage {
  constructor(private readonly facts: WorkspaceFactsRepository) {}

  /** Both counts in one query. */
  of(workspaceId: number): Promise<WorkspaceUsageRow> {
    return this.facts.usage(workspaceId);
  }

  async projectsCount(workspaceId: number): Promise<number> {
    return (await this.of(workspaceId)).projectsCount;
  }

  async storageUsedInBytes(workspaceId: number): Promise<number> {
    return (await this.of(workspaceId)).storageUsedInBytes;
  }
}
