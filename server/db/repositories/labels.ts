import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { LabelsTable } from '../schema';
import { nameKey } from './projects';

export type LabelRow = Selectable<LabelsTable>;

/** Where a label belongs: a workspace (projectId null) or one project of it. */
export interface LabelScope {
  workspaceId: number;
  projectId: number | null;
}

export const scopeOf = (label: LabelRow): LabelScope => ({
  workspaceId: label.workspace_id,
  projectId: label.project_id,
});

/** Workspace labels (attached to projects through project_labels) and projects' own labels. */
export class LabelsRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<LabelRow | undefined> {
    return this.db.selectFrom('labels').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The labels of a scope, by id. */
  inScope(scope: LabelScope): Promise<LabelRow[]> {
    let query = this.db.selectFrom('labels').selectAll().where('workspace_id', '=', scope.workspaceId);
    query =
      scope.projectId === null
        ? query.where('project_id', 'is', null)
        : query.where('project_id', '=', scope.projectId);
    return query.orderBy('id').execute();
  }

  /** Another label of the scope has this name, regardless of case and surrounding spaces. */
  async nameTaken(scope: LabelScope, name: string, exceptId?: number): Promise<boolean> {
    const key = nameKey(name);
    return (await this.inScope(scope)).some((l) => l.id !== exceptId && nameKey(l.name) === key);
  }

  create(
    values: LabelScope & { name: string; baseColor: string; hoverColor: string; now: string },
  ): Promise<LabelRow> {
    return this.db
      .insertInto('labels')
      .values({
        workspace_id: values.workspaceId,
        project_id: values.projectId,
        name: values.name,
        custom: 1,
        base_color: values.baseColor,
        hover_color: values.hoverColor,
        created_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  update(
    id: number,
    values: { name?: string; base_color?: string; hover_color?: string },
  ): Promise<LabelRow> {
    return this.db
      .updateTable('labels')
      .set(values)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Deleting a label detaches it from every project (project_labels cascades). */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('labels').where('id', '=', id).execute();
  }

  /** Projects a workspace label is attached to. */
  async attachedProjectIds(labelId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('project_labels')
      .select('project_id')
      .where('label_id', '=', labelId)
      .execute();
    return rows.map((r) => r.project_id);
  }

  /** True when the label was not attached yet. */
  async attach(projectId: number, labelId: number, now: string): Promise<boolean> {
    const result = await this.db
      .insertInto('project_labels')
      .values({ project_id: projectId, label_id: labelId, created_at: now })
      .onConflict((oc) => oc.columns(['project_id', 'label_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  /** True when the label was attached. */
  async detach(projectId: number, labelId: number): Promise<boolean> {
    const result = await this.db
      .deleteFrom('project_labels')
      .where('project_id', '=', projectId)
      .where('label_id', '=', labelId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  /** A new project's starting labels (not custom). */
  async createDefaults(
    scope: { workspaceId: number; projectId: number },
    labels: { name: string; baseColor: string; hoverColor: string }[],
    now: string,
  ): Promise<void> {
    await this.db
      .insertInto('labels')
      .values(
        labels.map((l) => ({
          workspace_id: scope.workspaceId,
          project_id: scope.projectId,
          name: l.name,
          custom: 0,
          base_color: l.baseColor,
          hover_color: l.hoverColor,
          created_at: now,
        })),
      )
      .execute();
  }

  /** Takes the labels of that workspace off the project. */
  async detachWorkspaceLabels(projectId: number, workspaceId: number): Promise<void> {
    await this.db
      .deleteFrom('project_labels')
      .where('project_id', '=', projectId)
      .where('label_id', 'in', (eb) =>
        eb
          .selectFrom('labels')
          .select('id')
          .where('workspace_id', '=', workspaceId)
          .where('project_id', 'is', null),
      )
      .execute();
  }

  /** The project's own labels follow it into another workspace. */
  async moveProjectLabels(projectId: number, workspaceId: number): Promise<void> {
    await this.db
      .updateTable('labels')
      .set({ workspace_id: workspaceId })
      .where('project_id', '=', projectId)
      .execute();
  }
}
