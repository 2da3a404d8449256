import type { Label } from '@common/api/projects';
import type { ActivityAction } from '@common/activity';
import { hoverColorOf, nextLabelColor } from '@common/labelColors';
import { messages } from '@common/validation';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { lockRow } from '../db/locks';
import { scopeOf, type LabelRow, type LabelScope, type LabelsRepository } from '../db/repositories/labels';
import { invalidRecord, notFound } from '../errors';
import { authorizeWorkspaceLabels } from '../policies/labels';
import { authorize } from '../policies/projects';
import { presentSortedLabels } from '../presenters/label';
import { parseLabelsOrder, presentLabel } from '../presenters/project';
import type { ActivityLog } from './activityLog';
import type { ProjectAccess, ProjectView } from './projectAccess';
import type { WorkspaceAccess } from './workspaceAccess';

export interface CreateLabel {
  name: string;
  labellable_type: 'Project' | 'Workspace';
  labellable_id: number;
  base_color?: string | undefined;
}

export interface EditLabel {
  name?: string | undefined;
  base_color?: string | undefined;
}

const nameTaken = () => invalidRecord({ name: [messages.unique('name')] });

/**
 * Labels of projects-side §3: workspace labels (managed by the workspace's owner and admins,
 * attached to projects to organise the project list) and a project's own labels (for its assets,
 * managed with the project's labels capabilities). The default project labels are not custom but
 * may be renamed and deleted like any other: they are a starting set, not a fixed one.
 */
export class LabelService {
  constructor(
    private readonly db: Db,
    private readonly labels: LabelsRepository,
    private readonly projectAccess: ProjectAccess,
    private readonly workspaceAccess: WorkspaceAccess,
    private readonly activityLog: ActivityLog,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, input: CreateLabel): Promise<Label> {
    const scope =
      input.labellable_type === 'Workspace'
        ? await this.workspaceScope(userId, input.labellable_id)
        : await this.projectScope(userId, input.labellable_id, 'labels.add');
    const row = await this.inScopeTransaction(scope, async (trx) => {
      if (await this.labels.nameTaken(trx, scope, input.name)) throw nameTaken();
      const base = input.base_color ?? nextLabelColor((await this.labels.inScope(scope, trx)).length);
      const created = await this.labels.create(trx, {
        ...scope,
        name: input.name,
        baseColor: base,
        hoverColor: hoverColorOf(base),
        now: this.clock.now().toISOString(),
      });
      await this.record(trx, scope, userId, 'label_created', created);
      return created;
    });
    return this.present(row);
  }

  async edit(userId: number, labelId: number, input: EditLabel): Promise<Label> {
    const label = await this.authorizeLabel(userId, labelId, 'labels.edit');
    const scope = scopeOf(label);
    const row = await this.inScopeTransaction(scope, async (trx) => {
      if (input.name !== undefined && (await this.labels.nameTaken(trx, scope, input.name, label.id)))
        throw nameTaken();
      const updated = await this.labels.update(trx, label.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.base_color !== undefined
          ? { base_color: input.base_color, hover_color: hoverColorOf(input.base_color) }
          : {}),
      });
      if (input.name !== undefined && input.name !== label.name)
        await this.record(trx, scope, userId, 'label_renamed', label, { from: label.name, to: input.name });
      return updated;
    });
    return this.present(row);
  }

  /** Detaches the label from every project it was on and drops it from the project's order. */
  async delete(userId: number, labelId: number): Promise<void> {
    const label = await this.authorizeLabel(userId, labelId, 'labels.destroy');
    const scope = scopeOf(label);
    await this.db.transaction().execute(async (trx) => {
      if (scope.projectId === null) {
        for (const projectId of await this.labels.attachedProjectIds(label.id, trx))
          await this.record(trx, { ...scope, projectId }, userId, 'label_removed', label);
      } else {
        await this.record(trx, scope, userId, 'label_deleted', label);
        await this.setOrder(trx, scope.projectId, (order) => order.filter((id) => id !== label.id));
      }
      await this.labels.delete(trx, label.id);
    });
  }

  /** Workspace labels, for every member of the workspace. */
  async workspaceLabels(userId: number, workspaceId: number): Promise<Label[]> {
    await this.workspaceAccess.forMember(workspaceId, userId);
    return presentSortedLabels(await this.labels.inScope({ workspaceId, projectId: null }));
  }

  /** The project's own labels in the project's order, then the spec's rule. */
  async projectLabels(view: ProjectView): Promise<Label[]> {
    authorize(view, 'labels.see');
    return presentSortedLabels(
      await this.labels.inScope({ workspaceId: view.project.workspace_id, projectId: view.project.id }),
      parseLabelsOrder(view.project.labels_order),
    );
  }

  labelsOrder(view: ProjectView): { labels_order: number[] } {
    authorize(view, 'projects.see');
    return { labels_order: parseLabelsOrder(view.project.labels_order) };
  }

  /** Every id must be one of the project's own labels; duplicates are dropped. */
  async setLabelsOrder(view: ProjectView, labelIds: number[]): Promise<Label[]> {
    authorize(view, 'labels.order');
    const scope = { workspaceId: view.project.workspace_id, projectId: view.project.id };
    const own = await this.labels.inScope(scope);
    const ownIds = new Set(own.map((l) => l.id));
    if (labelIds.some((id) => !ownIds.has(id)))
      throw invalidRecord({ label_ids: ['Only labels of this project can be ordered.'] });
    const order = [...new Set(labelIds)];
    await this.db.transaction().execute(async (trx) => {
      await this.setOrder(trx, view.project.id, () => order);
      await this.activityLog.record(trx, {
        projectId: view.project.id,
        userId: view.userId,
        action: 'labels_reordered',
        objectType: 'Project',
        objectId: view.project.id,
      });
    });
    return presentSortedLabels(own, order);
  }

  /**
   * Attaches (or detaches) a workspace label to each project, all or nothing: the caller must be
   * able to flag every project, and the label must belong to each project's workspace.
   */
  async attach(views: ProjectView[], labelId: number, attach: boolean): Promise<void> {
    for (const view of views) authorize(view, 'projects.flag');
    const label = await this.labels.findById(labelId);
    if (
      !label ||
      label.project_id !== null ||
      views.some((v) => v.project.workspace_id !== label.workspace_id)
    )
      throw invalidRecord({ label_id: ['This label does not belong to the workspace of the project.'] });
    const now = this.clock.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      for (const view of views) {
        const changed = attach
          ? await this.labels.attach(trx, view.project.id, label.id, now)
          : await this.labels.detach(trx, view.project.id, label.id);
        const scope = { workspaceId: label.workspace_id, projectId: view.project.id };
        if (changed)
          await this.record(trx, scope, views[0]!.userId, attach ? 'label_added' : 'label_removed', label);
      }
    });
  }

  /** 404 for a label the caller cannot see; 403 without the right to change it. */
  private async authorizeLabel(
    userId: number,
    labelId: number,
    capability: 'labels.edit' | 'labels.destroy',
  ) {
    const label = await this.labels.findById(labelId);
    if (!label) throw notFound();
    if (label.project_id === null) await this.workspaceScope(userId, label.workspace_id);
    else await this.projectScope(userId, label.project_id, capability);
    return label;
  }

  private async workspaceScope(userId: number, workspaceId: number): Promise<LabelScope> {
    const view = await this.workspaceAccess.forMember(workspaceId, userId);
    authorizeWorkspaceLabels(view.member.role);
    return { workspaceId, projectId: null };
  }

  private async projectScope(
    userId: number,
    projectId: number,
    capability: 'labels.add' | 'labels.edit' | 'labels.destroy',
  ): Promise<LabelScope> {
    const view = await this.projectAccess.forUser(projectId, userId);
    authorize(view, capability);
    return { workspaceId: view.project.workspace_id, projectId };
  }

  /**
   * Names are unique per scope regardless of case. The check and the write happen under a lock on
   * the scope's row in PostgreSQL (SQLite runs one write transaction at a time), so two requests
   * racing for one name cannot both succeed.
   */
  private inScopeTransaction<T>(scope: LabelScope, change: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      if (scope.projectId === null) await lockRow(trx, 'workspaces', scope.workspaceId);
      else await lockRow(trx, 'projects', scope.projectId);
      return change(trx);
    });
  }

  private async setOrder(trx: Db, projectId: number, change: (order: number[]) => number[]) {
    const row = await trx
      .selectFrom('projects')
      .select('labels_order')
      .where('id', '=', projectId)
      .executeTakeFirst();
    if (!row) return;
    await trx
      .updateTable('projects')
      .set({ labels_order: JSON.stringify(change(parseLabelsOrder(row.labels_order))) })
      .where('id', '=', projectId)
      .execute();
  }

  /** Project labels and attachments are logged in the project; workspace labels have no project log. */
  private async record(
    trx: Db,
    scope: LabelScope,
    userId: number,
    action: ActivityAction,
    label: LabelRow,
    data: Record<string, unknown> = { name: label.name },
  ) {
    if (scope.projectId === null) return;
    await this.activityLog.record(trx, {
      projectId: scope.projectId,
      userId,
      action,
      objectType: 'Label',
      objectId: label.id,
      data,
    });
  }

  private async present(row: LabelRow): Promise<Label> {
    if (row.project_id === null) return presentLabel(row, []);
    const project = await this.db
      .selectFrom('projects')
      .select('labels_order')
      .where('id', '=', row.project_id)
      .executeTakeFirst();
    return presentLabel(row, parseLabelsOrder(project?.labels_order ?? '[]'));
  }
}
