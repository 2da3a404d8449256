import type { Db } from '../database';

type StateField = 'last_seen_at' | 'hidden_at' | 'notifications_muted_at';

/** Per-user state of projects: when the user last saw each one, and whether they hid it. */
export class ProjectUserStatesRepository {
  constructor(private readonly db: Db) {}

  /** Sets one field for the user on every project of `projectIds`, creating the rows it needs. */
  async set(projectIds: number[], userId: number, field: StateField, value: string | null): Promise<void> {
    if (projectIds.length === 0) return;
    await this.db
      .insertInto('project_user_states')
      .values(
        projectIds.map((projectId) => ({
          project_id: projectId,
          user_id: userId,
          last_seen_at: null,
          hidden_at: null,
          notifications_muted_at: null,
          [field]: value,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['project_id', 'user_id']).doUpdateSet((eb) => ({ [field]: eb.ref(`excluded.${field}`) })),
      )
      .execute();
  }
}
