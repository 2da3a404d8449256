import type { z } from 'zod';
import { PROJECT_TEXTS, type createProjectSchema, type Project } from '@common/api/projects';
import { DEFAULT_PROJECT_LABELS, hoverColorOf } from '@common/labelColors';
import { projectDateErrors, todayIso } from '@common/projectDates';
import type { Clock } from '../../clock';
import { nameKey, type ProjectsRepository } from '../../db/repositories/projects';
import { isUniqueViolation } from '../../db/repositories/users';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord } from '../../errors';
import { authorizeProjectCreation } from '../../policies/workspaceProjects';
import type { ProjectAnswer } from './projectAnswer';
import { projectEvent } from './projectEvents';
import type { WorkspaceView } from '../../policies/workspaceView';
import type { WorkspaceAccess } from '../workspaces/workspaceAccess';
import { requireRoomForProject } from '../../policies/workspaces';

export type CreateProject = z.infer<typeof createProjectSchema>;

/**
 * The workspace a project may be created in or moved to: one the user belongs to (else 404), as
 * owner or admin (else 403), active and with room under the plan's project count.
 */
export async function workspaceForNewProject(
  access: WorkspaceAccess,
  workspaceId: number,
  userId: number,
): Promise<WorkspaceView> {
  const view = await access.forMember(workspaceId, userId);
  authorizeProjectCreation(view);
  requireRoomForProject(view.state);
  return view;
}

export async function requireFreeName(
  projects: ProjectsRepository,
  workspaceId: number,
  name: string,
  exceptId?: number,
) {
  if (await projects.nameInUse(workspaceId, name, exceptId)) throw nameTaken();
}

/**
 * Counts the workspace's projects again under a lock on the workspace, inside the transaction that
 * adds one, so two requests racing for the last slot under the plan's count cannot both get it.
 */
export async function reserveProjectSlot(tx: TxOf<'projects'>, view: WorkspaceView): Promise<void> {
  await tx.lock('workspaces', view.workspace.id);
  const limit = view.state.subscriptionMaxProjectCount;
  if (limit === null) return;
  if ((await tx.projects.countInWorkspace(view.workspace.id)) >= limit)
    requireRoomForProject({ ...view.state, hasRoomForProjects: false });
}

export const nameTaken = () => invalidRecord({ name: [PROJECT_TEXTS.nameTaken] });

/** The unique (workspace, name_key) index settles two requests racing for one name. */
export function rethrowNameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw nameTaken();
  throw error;
}

/** The repositories ProjectCreation uses. */
type ProjectCreationRepositories =
  'labels' | 'projectMembers' | 'projectUserStates' | 'projects' | 'workspaceMembers';

/** Creating a project (projects-side §5): the creator becomes its owner. */
export class ProjectCreation {
  constructor(
    private readonly uow: UnitOfWorkOf<ProjectCreationRepositories>,
    private readonly workspaceAccess: WorkspaceAccess,
    private readonly answer: ProjectAnswer,
    private readonly clock: Clock,
  ) {}

  /** Answers the new project as its owner sees it. */
  async create(userId: number, input: CreateProject): Promise<Project> {
    const view = await workspaceForNewProject(this.workspaceAccess, input.workspace_id, userId);
    const now = this.clock.now();
    const dateErrors = projectDateErrors(input, todayIso(now));
    if (Object.keys(dateErrors).length > 0) throw invalidRecord(dateErrors);
    await requireFreeName(this.uow.read.projects, view.workspace.id, input.name);

    const at = now.toISOString();
    const id = await this.uow
      .transaction(async (tx) => {
        await reserveProjectSlot(tx, view);
        const id = await tx.projects.create({
          workspace_id: view.workspace.id,
          name: input.name,
          name_key: nameKey(input.name),
          description: null,
          client_name: input.client_name || null,
          primary_contact: null,
          cover_key: null,
          start_date: input.start_date ?? null,
          due_date: input.due_date ?? null,
          assets_start_retouched: input.assets_start_retouched ? 1 : 0,
          rush_priority_set_at: null,
          share_hash: null,
          share_password_hash: null,
          share_expires_at: null,
          created_by_id: userId,
          last_activity_at: at,
          created_at: at,
          updated_at: at,
        });
        // 'invite_all_members': every current member of the workspace joins as a collaborator, except
        // limited members, whose role gives them no project access of their own (account-side §6).
        const collaborators = input.invite_all_members
          ? await tx.workspaceMembers.userIdsWithProjectAccess(view.workspace.id, userId)
          : [];
        await tx.projectMembers.addMany(
          id,
          [
            { userId, role: 'owner' },
            ...collaborators.map((u) => ({ userId: u, role: 'collaborator' as const })),
          ],
          at,
        );
        await tx.labels.createDefaults(
          { workspaceId: view.workspace.id, projectId: id },
          DEFAULT_PROJECT_LABELS.map((l) => ({
            name: l.name,
            baseColor: l.base,
            hoverColor: hoverColorOf(l.base),
          })),
          at,
        );
        await tx.projectUserStates.set([id], userId, 'last_seen_at', at);
        await tx.record(
          projectEvent({ id, workspace_id: view.workspace.id }, userId, 'project.created', {
            data: { name: input.name },
          }),
        );
        return id;
      })
      .catch(rethrowNameTaken);
    return this.answer.asSeenBy(userId, id);
  }
}
