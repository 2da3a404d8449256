import type { z } from 'zod';
import { PROJECT_TEXTS, type createProjectSchema } from '@common/api/projects';
import { DEFAULT_PROJECT_LABELS, hoverColorOf } from '@common/labelColors';
import { projectDateErrors, todayIso } from '@common/projectDates';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { lockRow } from '../db/locks';
import { nameKey } from '../db/repositories/projects';
import { isUniqueViolation } from '../db/repositories/users';
import { forbidden, invalidRecord } from '../errors';
import type { ActivityLog } from './activityLog';
import type { WorkspaceAccess, WorkspaceView } from './workspaceAccess';
import { requireRoomForProject } from './workspaceLimits';

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
  if (view.member.role !== 'owner' && view.member.role !== 'admin')
    throw forbidden(PROJECT_TEXTS.cannotCreate);
  requireRoomForProject(view.state);
  return view;
}

export async function requireFreeName(db: Db, workspaceId: number, name: string, exceptId?: number) {
  let query = db
    .selectFrom('projects')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('name_key', '=', nameKey(name));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken();
}

/**
 * Counts the workspace's projects again under a lock on the workspace, inside the transaction that
 * adds one, so two requests racing for the last slot under the plan's count cannot both get it.
 */
export async function reserveProjectSlot(trx: Db, view: WorkspaceView): Promise<void> {
  await lockRow(trx, 'workspaces', view.workspace.id);
  const limit = view.state.subscriptionMaxProjectCount;
  if (limit === null) return;
  const { n } = await trx
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', view.workspace.id)
    .executeTakeFirstOrThrow();
  if (Number(n) >= limit) requireRoomForProject({ ...view.state, hasRoomForProjects: false });
}

export const nameTaken = () => invalidRecord({ name: [PROJECT_TEXTS.nameTaken] });

/** The unique (workspace, name_key) index settles two requests racing for one name. */
export function rethrowNameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw nameTaken();
  throw error;
}

/** Creating a project (projects-side §5): the creator becomes its owner. */
export class ProjectCreation {
  constructor(
    private readonly db: Db,
    private readonly workspaceAccess: WorkspaceAccess,
    private readonly activityLog: ActivityLog,
    private readonly clock: Clock,
  ) {}

  async create(userId: number, input: CreateProject): Promise<number> {
    const view = await workspaceForNewProject(this.workspaceAccess, input.workspace_id, userId);
    const now = this.clock.now();
    const dateErrors = projectDateErrors(input, todayIso(now));
    if (Object.keys(dateErrors).length > 0) throw invalidRecord(dateErrors);
    await requireFreeName(this.db, view.workspace.id, input.name);

    const at = now.toISOString();
    return this.db
      .transaction()
      .execute(async (trx) => {
        await reserveProjectSlot(trx, view);
        const { id } = await trx
          .insertInto('projects')
          .values({
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
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const collaborators = input.invite_all_members ? await this.otherMembers(trx, view, userId) : [];
        await trx
          .insertInto('project_members')
          .values([
            { project_id: id, user_id: userId, role: 'owner', created_at: at },
            ...collaborators.map((u) => ({
              project_id: id,
              user_id: u,
              role: 'collaborator',
              created_at: at,
            })),
          ])
          .execute();
        await trx
          .insertInto('labels')
          .values(
            DEFAULT_PROJECT_LABELS.map((l) => ({
              workspace_id: view.workspace.id,
              project_id: id,
              name: l.name,
              custom: 0,
              base_color: l.base,
              hover_color: hoverColorOf(l.base),
              created_at: at,
            })),
          )
          .execute();
        await trx
          .insertInto('project_user_states')
          .values({ project_id: id, user_id: userId, last_seen_at: at, hidden_at: null })
          .execute();
        await this.activityLog.record(trx, {
          projectId: id,
          userId,
          action: 'project_created',
          objectType: 'Project',
          objectId: id,
          data: { name: input.name },
        });
        return id;
      })
      .catch(rethrowNameTaken);
  }

  /**
   * 'invite_all_members': every current member of the workspace joins as a collaborator, except
   * limited members, whose role gives them no project access of their own (account-side §6).
   */
  private async otherMembers(trx: Db, view: WorkspaceView, creatorId: number): Promise<number[]> {
    const rows = await trx
      .selectFrom('workspace_members')
      .select('user_id')
      .where('workspace_id', '=', view.workspace.id)
      .where('role', '!=', 'limited')
      .where('user_id', '!=', creatorId)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.user_id);
  }
}
