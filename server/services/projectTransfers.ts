import { PROJECT_TEXTS } from '@common/api/projects';
import type { Mailer } from '../adapters/mail/mailer';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { isUniqueViolation, type UsersRepository } from '../db/repositories/users';
import { projectOwnershipEmail } from '../emails/projectOwnershipEmail';
import { invalidRecord } from '../errors';
import { authorizeOwnershipTransfer, authorizeWorkspaceTransfer } from '../policies/projectTransfers';
import type { ActivityLog } from './activityLog';
import {
  requireFreeName,
  reserveProjectSlot,
  rethrowNameTaken,
  workspaceForNewProject,
} from './projectCreation';
import type { ProjectView } from './projectAccess';
import type { WorkspaceAccess } from './workspaceAccess';
import { requireStorage } from './workspaceLimits';

export const TRANSFER_TEXTS = {
  ownershipRaced: 'The ownership of this project has just changed. Reload and try again.',
  sameWorkspace: 'The project is already in this workspace.',
} as const;

/** Handing a project to another member, and moving it to another workspace (projects-side §2, §4). */
export class ProjectTransfers {
  constructor(
    private readonly db: Db,
    private readonly workspaceAccess: WorkspaceAccess,
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
    private readonly activityLog: ActivityLog,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  /**
   * The new owner must be a member of this project; the previous owner becomes a collaborator.
   * The one-owner index settles two transfers racing. The new owner is told by e-mail.
   */
  async transferOwnership(view: ProjectView, memberId: number, message: string | undefined): Promise<void> {
    authorizeOwnershipTransfer(view);
    const { project } = view;
    const target = await this.db
      .selectFrom('project_members')
      .selectAll()
      .where('id', '=', memberId)
      .where('project_id', '=', project.id)
      .executeTakeFirst();
    if (!target) throw invalidRecord({ member_id: [PROJECT_TEXTS.notAMember] });
    if (target.role === 'owner') return;
    const newOwner = await this.users.findById(target.user_id);
    if (!newOwner) throw invalidRecord({ member_id: [PROJECT_TEXTS.notAMember] });

    await this.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('project_members')
          .set({ role: 'collaborator' })
          .where('project_id', '=', project.id)
          .where('role', '=', 'owner')
          .execute();
        await trx.updateTable('project_members').set({ role: 'owner' }).where('id', '=', target.id).execute();
        await this.activityLog.record(trx, {
          projectId: project.id,
          userId: view.userId,
          action: 'project_ownership_transferred',
          objectType: 'ProjectMember',
          objectId: target.id,
          data: { to_name: newOwner.name },
        });
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalidRecord({ member_id: [TRANSFER_TEXTS.ownershipRaced] });
        throw error;
      });

    const by = await this.users.findById(view.userId);
    await this.mailer.send(
      projectOwnershipEmail({
        to: newOwner,
        by: { name: by?.name ?? 'Someone' },
        projectName: project.name,
        message: message || null,
        url: `${this.appUrl}/projects/${project.id}`,
      }),
    );
  }

  /**
   * By the project owner, into a workspace where they may create projects (owner or admin, active,
   * with room and storage), under a name free there. The old workspace's labels come off; members
   * who are not in the new workspace join it as collaborators (unlimited, no seat).
   */
  async transferToWorkspace(view: ProjectView, workspaceId: number): Promise<void> {
    authorizeWorkspaceTransfer(view);
    const { project } = view;
    if (workspaceId === project.workspace_id)
      throw invalidRecord({ workspace_id: [TRANSFER_TEXTS.sameWorkspace] });
    const target = await workspaceForNewProject(this.workspaceAccess, workspaceId, view.userId);
    requireStorage(target.state, Number(project.storage_used_in_bytes));
    await requireFreeName(this.db, workspaceId, project.name);

    const now = this.clock.now().toISOString();
    await this.db
      .transaction()
      .execute(async (trx) => {
        await reserveProjectSlot(trx, target);
        await trx
          .updateTable('projects')
          .set({ workspace_id: workspaceId, updated_at: now })
          .where('id', '=', project.id)
          .execute();
        await trx
          .deleteFrom('project_labels')
          .where('project_id', '=', project.id)
          .where('label_id', 'in', (eb) =>
            eb
              .selectFrom('labels')
              .select('id')
              .where('workspace_id', '=', project.workspace_id)
              .where('project_id', 'is', null),
          )
          .execute();
        await trx
          .updateTable('labels')
          .set({ workspace_id: workspaceId })
          .where('project_id', '=', project.id)
          .execute();
        const newcomers = await trx
          .selectFrom('project_members as pm')
          .select('pm.user_id')
          .where('pm.project_id', '=', project.id)
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('workspace_members as wm')
                  .select('wm.id')
                  .whereRef('wm.user_id', '=', 'pm.user_id')
                  .where('wm.workspace_id', '=', workspaceId),
              ),
            ),
          )
          .execute();
        if (newcomers.length > 0)
          await trx
            .insertInto('workspace_members')
            .values(
              newcomers.map((m) => ({
                workspace_id: workspaceId,
                user_id: m.user_id,
                role: 'collaborator',
                created_at: now,
              })),
            )
            .execute();
        await this.activityLog.record(trx, {
          projectId: project.id,
          userId: view.userId,
          action: 'project_moved_to_workspace',
          objectType: 'Project',
          objectId: project.id,
          data: { workspace_name: target.workspace.name },
        });
      })
      .catch(rethrowNameTaken);
  }
}
