import type { z } from 'zod';
import { PROJECT_TEXTS, type editProjectSchema, type Project } from '@common/api/projects';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { projectDateErrors, todayIso } from '@common/projectDates';
import type { Clock } from '../../clock';
import { nameKey, type ProjectRow } from '../../db/repositories/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, invalidRecord } from '../../errors';
import { authorize } from '../../policies/projects';
import { requireFreeName, rethrowNameTaken } from './projectCreation';
import type { ProjectAccess, ProjectView } from './projectAccess';
import type { ProjectAnswer } from './projectAnswer';
import { changeProject, projectEvent } from './projectEvents';
import type { WorkspaceAccess } from '../workspaces/workspaceAccess';

export type EditProject = z.infer<typeof editProjectSchema>;
type EditableField = Exclude<keyof EditProject, 'name'>;

/** How each edited field reads in the activity log ('updated the project client name and due date'). */
const FIELD_NAMES: Record<EditableField, string> = {
  description: 'description',
  client_name: 'client name',
  primary_contact: 'primary contact',
  start_date: 'start date',
  due_date: 'due date',
};

/** 403 inactive_workspace when the project's workspace is suspended, with the spec's text for the action. */
export async function requireActiveProjectWorkspace(
  workspaceAccess: WorkspaceAccess,
  view: ProjectView,
  message: string = WORKSPACE_TEXTS.inactiveWorkspace,
): Promise<void> {
  const state = await workspaceAccess.stateOf(view.project.workspace_id);
  if (!state.isActive) throw new AppError(403, 'inactive_workspace', message);
}

/**
 * One project: reading it, its information (rename, edit), its rush flag and the user's last visit
 * (projects-side §4, §5, §8). Each call answers the project as the caller sees it afterwards.
 */
export class ProjectService {
  constructor(
    private readonly uow: UnitOfWorkOf<'projectUserStates' | 'projects'>,
    private readonly access: ProjectAccess,
    private readonly workspaceAccess: WorkspaceAccess,
    private readonly answer: ProjectAnswer,
    private readonly clock: Clock,
  ) {}

  /** GET /projects/{id}, for whoever sees the project. */
  get(userId: number, projectId: number): Promise<Project> {
    return this.answer.asSeenBy(userId, projectId);
  }

  /** PUT /projects/{id}: the name only; refused in a suspended workspace with the spec's text. */
  async rename(userId: number, projectId: number, name: string): Promise<Project> {
    const view = await this.editable(userId, projectId, PROJECT_TEXTS.suspendedNameEdit);
    await this.apply(view, { name });
    return this.answer.asSeenBy(userId, projectId);
  }

  /** PATCH /projects/{id}: the edited fields of project settings. */
  async edit(userId: number, projectId: number, input: EditProject): Promise<Project> {
    const suspendedText = input.name === undefined ? undefined : PROJECT_TEXTS.suspendedNameEdit;
    const view = await this.editable(userId, projectId, suspendedText);
    await this.apply(view, input);
    return this.answer.asSeenBy(userId, projectId);
  }

  /** Rush priority (§4): flagging stamps the time (the priority sort's order), unflagging clears it. */
  async setRushPriority(userId: number, projectId: number, flagged: boolean): Promise<Project> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'projects.flag');
    if ((view.project.rush_priority_set_at !== null) !== flagged)
      await changeProject(
        this.uow,
        this.clock,
        view,
        { rush_priority_set_at: flagged ? this.clock.now().toISOString() : null },
        flagged ? 'project.flagged' : 'project.unflagged',
      );
    return this.answer.asSeenBy(userId, projectId);
  }

  /** The user has seen the project now: it is no longer new to them, nor has new activity. */
  async markSeen(userId: number, projectId: number): Promise<Project> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'projects.see');
    await this.uow.read.projectUserStates.set(
      [view.project.id],
      view.userId,
      'last_seen_at',
      this.clock.now().toISOString(),
    );
    return this.answer.asSeenBy(userId, projectId);
  }

  /** The caller's view (404) if they may edit the project (403) and its workspace is active (403). */
  private async editable(userId: number, projectId: number, suspendedText?: string): Promise<ProjectView> {
    const view = await this.access.forUser(projectId, userId);
    authorize(view, 'projects.edit');
    await this.requireActive(view, suspendedText);
    return view;
  }

  private requireActive(view: ProjectView, message?: string): Promise<void> {
    return requireActiveProjectWorkspace(this.workspaceAccess, view, message);
  }

  private async apply(view: ProjectView, input: EditProject): Promise<void> {
    const { project } = view;
    const name = input.name !== undefined && input.name !== project.name ? input.name : undefined;
    const changes = this.changedFields(project, input);
    const dates = {
      start_date: changes.start_date === undefined ? project.start_date : changes.start_date,
      due_date: changes.due_date === undefined ? project.due_date : changes.due_date,
    };
    const dateErrors = projectDateErrors(dates, todayIso(this.clock.now()), changes.start_date !== undefined);
    if (Object.keys(dateErrors).length > 0) throw invalidRecord(dateErrors);
    if (name !== undefined)
      await requireFreeName(this.uow.read.projects, project.workspace_id, name, project.id);
    const fields = Object.keys(changes) as EditableField[];
    if (name === undefined && fields.length === 0) return;

    await this.uow
      .transaction(async (tx) => {
        await tx.projects.update(project.id, {
          ...changes,
          ...(name !== undefined ? { name, name_key: nameKey(name) } : {}),
          updated_at: this.clock.now().toISOString(),
        });
        if (name !== undefined)
          await tx.record(
            projectEvent(project, view.userId, 'project.renamed', { data: { from: project.name, to: name } }),
          );
        if (fields.length > 0)
          await tx.record(
            projectEvent(project, view.userId, 'project.updated', {
              data: { fields: fields.map((f) => FIELD_NAMES[f]) },
            }),
          );
      })
      .catch(rethrowNameTaken);
  }

  /** The fields other than the name whose value differs from the project's; emptied text becomes null. */
  private changedFields(
    project: ProjectRow,
    input: EditProject,
  ): Partial<Record<EditableField, string | null>> {
    const changes: Partial<Record<EditableField, string | null>> = {};
    for (const field of Object.keys(FIELD_NAMES) as EditableField[]) {
      const raw = input[field];
      if (raw === undefined) continue;
      const value = raw === '' ? null : raw;
      if (value !== project[field]) changes[field] = value;
    }
    return changes;
  }
}
