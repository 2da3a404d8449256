import type { Label, Project } from '@common/api/projects';
import type { DomainEventPayloads, DomainEventType } from '@common/domainEvents';
import { hoverColorOf, nextLabelColor } from '@common/labelColors';
import { messages } from '@common/validation';
import type { Capability } from '@common/projectRoles';
import type { Clock } from '../../clock';
import { scopeOf, type LabelRow, type LabelScope } from '../../db/repositories/labels';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord, notFound } from '../../errors';
import { authorizeWorkspaceLabels } from '../../policies/labels';
import { authorize } from '../../policies/projects';
import { presentSortedLabels } from '../../presenters/label';
import { parseLabelsOrder, presentLabel, type ProjectPresenter } from '../../presenters/project';
import type { ProjectAccess, ProjectView } from './projectAccess';
import { projectEvent } from './projectEvents';
import type { WorkspaceAccess } from '../workspaces/workspaceAccess';

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
    private readonly uow: UnitOfWorkOf<'labels' | 'projects'>,
    private readonly projectAccess: ProjectAccess,
    private readonly workspaceAccess: WorkspaceAccess,
    private readonly projects: ProjectPresenter,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, input: CreateLabel): Promise<Label> {
    const scope =
      input.labellable_type === 'Workspace'
        ? await this.workspaceScope(userId, input.labellable_id)
        : await this.projectScope(userId, input.labellable_id, 'labels.add');
    const row = await this.inScopeTransaction(scope, async (tx) => {
      if (await tx.labels.nameTaken(scope, input.name)) throw nameTaken();
      const base = input.base_color ?? nextLabelColor((await tx.labels.inScope(scope)).length);
      const created = await tx.labels.create({
        ...scope,
        name: input.name,
        baseColor: base,
        hoverColor: hoverColorOf(base),
        now: this.clock.now().toISOString(),
      });
      await this.record(tx, scope, userId, 'label.created', created, { name: created.name });
      return created;
    });
    return this.present(row);
  }

  async edit(userId: number, labelId: number, input: EditLabel): Promise<Label> {
    const label = await this.authorizeLabel(userId, labelId, 'labels.edit');
    const scope = scopeOf(label);
    const row = await this.inScopeTransaction(scope, async (tx) => {
      if (input.name !== undefined && (await tx.labels.nameTaken(scope, input.name, label.id)))
        throw nameTaken();
      const updated = await tx.labels.update(label.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.base_color !== undefined
          ? { base_color: input.base_color, hover_color: hoverColorOf(input.base_color) }
          : {}),
      });
      if (input.name !== undefined && input.name !== label.name)
        await this.record(tx, scope, userId, 'label.renamed', label, { from: label.name, to: input.name });
      if (input.base_color !== undefined && input.base_color !== label.base_color)
        await this.record(tx, scope, userId, 'label.recolored', label, {
          name: updated.name,
          from: label.base_color,
          to: input.base_color,
        });
      return updated;
    });
    return this.present(row);
  }

  /** Detaches the label from every project it was on and drops it from the project's order. */
  async delete(userId: number, labelId: number): Promise<void> {
    const label = await this.authorizeLabel(userId, labelId, 'labels.destroy');
    const scope = scopeOf(label);
    await this.uow.transaction(async (tx) => {
      if (scope.projectId === null) {
        for (const projectId of await tx.labels.attachedProjectIds(label.id))
          await this.record(tx, { ...scope, projectId }, userId, 'label.removed', label, {
            name: label.name,
          });
      } else {
        await this.setOrder(tx, scope.projectId, (order) => order.filter((id) => id !== label.id));
      }
      await this.record(tx, scope, userId, 'label.deleted', label, { name: label.name });
      await tx.labels.delete(label.id);
    });
  }

  /** Workspace labels, for every member of the workspace. */
  async workspaceLabels(userId: number, workspaceId: number): Promise<Label[]> {
    await this.workspaceAccess.forMember(workspaceId, userId);
    return presentSortedLabels(await this.uow.read.labels.inScope({ workspaceId, projectId: null }));
  }

  /** The project's own labels in the project's order, then the spec's rule. */
  async projectLabels(userId: number, projectId: number): Promise<Label[]> {
    const view = await this.projectView(userId, projectId, 'labels.see');
    return presentSortedLabels(
      await this.uow.read.labels.inScope({
        workspaceId: view.project.workspace_id,
        projectId: view.project.id,
      }),
      parseLabelsOrder(view.project.labels_order),
    );
  }

  async labelsOrder(userId: number, projectId: number): Promise<{ labels_order: number[] }> {
    const view = await this.projectView(userId, projectId, 'projects.see');
    return { labels_order: parseLabelsOrder(view.project.labels_order) };
  }

  /** Every id must be one of the project's own labels; duplicates are dropped. */
  async setLabelsOrder(userId: number, projectId: number, labelIds: number[]): Promise<Label[]> {
    const view = await this.projectView(userId, projectId, 'labels.order');
    const scope = { workspaceId: view.project.workspace_id, projectId: view.project.id };
    const own = await this.uow.read.labels.inScope(scope);
    const ownIds = new Set(own.map((l) => l.id));
    if (labelIds.some((id) => !ownIds.has(id)))
      throw invalidRecord({ label_ids: ['Only labels of this project can be ordered.'] });
    const order = [...new Set(labelIds)];
    await this.uow.transaction(async (tx) => {
      await this.setOrder(tx, view.project.id, () => order);
      await tx.record(projectEvent(view.project, view.userId, 'labels.reordered'));
    });
    return presentSortedLabels(own, order);
  }

  /**
   * Attaches (or detaches) a workspace label to each project, all or nothing: the caller must be
   * able to flag every project, and the label must belong to each project's workspace. Answers
   * the projects as the caller sees them.
   */
  async attach(userId: number, projectIds: number[], labelId: number, attach: boolean): Promise<Project[]> {
    const views = await this.projectAccess.forMany(projectIds, userId);
    for (const view of views) authorize(view, 'projects.flag');
    const label = await this.uow.read.labels.findById(labelId);
    if (
      !label ||
      label.project_id !== null ||
      views.some((v) => v.project.workspace_id !== label.workspace_id)
    )
      throw invalidRecord({ label_id: ['This label does not belong to the workspace of the project.'] });
    const now = this.clock.now().toISOString();
    await this.uow.transaction(async (tx) => {
      for (const view of views) {
        const changed = attach
          ? await tx.labels.attach(view.project.id, label.id, now)
          : await tx.labels.detach(view.project.id, label.id);
        const scope = { workspaceId: label.workspace_id, projectId: view.project.id };
        if (changed)
          await this.record(tx, scope, views[0]!.userId, attach ? 'label.added' : 'label.removed', label, {
            name: label.name,
          });
      }
    });
    const rows = await this.uow.read.projects.findMany(views.map((v) => v.project.id));
    return this.projects.many(rows, userId);
  }

  /** 404 for a label the caller cannot see; 403 without the right to change it. */
  private async authorizeLabel(
    userId: number,
    labelId: number,
    capability: 'labels.edit' | 'labels.destroy',
  ) {
    const label = await this.uow.read.labels.findById(labelId);
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
    const view = await this.projectView(userId, projectId, capability);
    return { workspaceId: view.project.workspace_id, projectId };
  }

  /** The caller's view of the project (404), if they have `capability` on it (403). */
  private async projectView(userId: number, projectId: number, capability: Capability): Promise<ProjectView> {
    const view = await this.projectAccess.forUser(projectId, userId);
    authorize(view, capability);
    return view;
  }

  /**
   * Names are unique per scope regardless of case. The check and the write happen under a lock on
   * the scope's row in PostgreSQL (SQLite runs one write transaction at a time), so two requests
   * racing for one name cannot both succeed.
   */
  private inScopeTransaction<T>(scope: LabelScope, change: (tx: TxOf<'labels'>) => Promise<T>): Promise<T> {
    return this.uow.transaction(async (tx) => {
      if (scope.projectId === null) await tx.lock('workspaces', scope.workspaceId);
      else await tx.lock('projects', scope.projectId);
      return change(tx);
    });
  }

  private async setOrder(tx: TxOf<'projects'>, projectId: number, change: (order: number[]) => number[]) {
    const stored = await tx.projects.labelsOrderOf(projectId);
    if (stored === undefined) return;
    await tx.projects.setLabelsOrder(projectId, change(parseLabelsOrder(stored)));
  }

  /**
   * Project labels and attachments are events of the project, which write its activity log;
   * workspace labels' events belong to the workspace alone (no project, so no activity entry).
   */
  private async record<T extends Extract<DomainEventType, `label.${string}`>>(
    tx: TxOf<never>,
    scope: LabelScope,
    userId: number,
    type: T,
    label: LabelRow,
    data: DomainEventPayloads[T],
  ) {
    const subject = { type: 'Label', id: label.id } as const;
    await tx.record(
      scope.projectId === null
        ? {
            type,
            workspaceId: scope.workspaceId,
            projectId: null,
            actorId: userId,
            subject,
            data,
          }
        : projectEvent({ id: scope.projectId, workspace_id: scope.workspaceId }, userId, type, {
            subject,
            data,
          }),
    );
  }

  private async present(row: LabelRow): Promise<Label> {
    if (row.project_id === null) return presentLabel(row, []);
    const order = await this.uow.read.projects.labelsOrderOf(row.project_id);
    return presentLabel(row, parseLabelsOrder(order ?? '[]'));
  }
}
