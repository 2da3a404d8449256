import type { Db } from '../db/database';

/**
 * What a workspace uses against its plan: projects and stored bytes. Every limit check reads it
 * from here. Archived projects count: they still hold their files and come back with one click,
 * so archiving is not a way around the plan's project count (docs/decisions.md, Projects).
 */
export class WorkspaceUsage {
  constructor(private readonly db: Db) {}

  async projectsCount(workspaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async storageUsedInBytes(workspaceId: number): Promise<number> {
    const row = await this.db
      .selectFrom('projects')
      .select((eb) => eb.fn.sum<number | string | null>('storage_used_in_bytes').as('bytes'))
      .where('workspace_id', '=', workspaceId)
      .executeTakeFirstOrThrow();
    return Number(row.bytes ?? 0);
  }
}
