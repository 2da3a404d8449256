import { PROJECT_TEXTS, type Project } from '@common/api/projects';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Clock } from '../../clock';
import { isUniqueViolation } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { projectOwnershipEmail } from '../../emails/projectOwnershipEmail';
import { invalidRecord } from '../../errors';
import {
  authorizeOwnershipTransfer,
  authorizeWorkspaceTransfer,
  changesOwner,
} from '../../policies/projectTransfers';
import {
  requireFreeName,
  reserveProjectSlot,
  rethrowNameTaken,
  workspaceForNewProject,
} from './projectCreation';
import type { ProjectAccess } from './projectAccess';
import type { ProjectAnswer } from './projectAnswer';
import { projectEvent } from './projectEvents';
import type { WorkspaceAccess } from '../workspaces/workspaceAccess';
import { requireStorage } from '../../policies/workspaces';

export const TRANSFER_TEXTS = {
  ownershipRaced: 'The ownership of this project has just changed. Reload and try again.',
  sameWorkspace: 'The project is already in this workspace.',
} as const;

/** The repositories ProjectTransfers uses. */
type ProjectTransfersRepositories = 'labels' | 'projectMembers' | 'projects' | 'users' | 'workspaceMembers';

/** Handing a project to another member, and moving it to another workspace (projects-side §2, §4). */
export class ProjectTransfers {
  constructor(
    private readonly uow: UnitOfWorkOf<ProjectTransfersRepositories>,
    private readonly access: ProjectAccess,
    private readonly workspaceAccess: WorkspaceAccess,
    private readonly answer: ProjectAnswer,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly appUrl: string,
  ) {}

  /**
   * The new owner must be a member of this project; the previous owner becomes a collaborator.
   * The one-owner index settles two transfers racing. The new owner is told by e-mail. Answers
   * the project as the caller sees it afterwards.
   */
  async transferOwnership(
    userId: number,
    projectId: number,
    memberId: number,
    message: string | undefined,
  ): Promise<Project> {
    const view = await this.access.forUser(projectId, userId);
    authorizeOwnershipTransfer(view);
    const { project } = view;
    const read = this.uow.read;
    const target = await read.projectMembers.findRow(project.id, memberId);
    if (!target) throw invalidRecord({ member_id: [PROJECT_TEXTS.notAMember] });
    if (!changesOwner(target)) return this.answer.asSeenBy(userId, projectId);
    const newOwner = await read.users.findById(target.user_id);
    if (!newOwner) throw invalidRecord({ member_id: [PROJECT_TEXTS.notAMember] });

    await this.uow
      .transaction(async (tx) => {
        await tx.projectMembers.demoteOwner(project.id);
        await tx.projectMembers.setRole(target.id, 'owner');
        await tx.record(
          projectEvent(project, view.userId, 'project.ownership_transferred', {
            subject: { type: 'ProjectMember', id: target.id },
            data: { to_name: newOwner.name },
          }),
        );
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalidRecord({ member_id: [TRANSFER_TEXTS.ownershipRaced] });
        throw error;
      });

    const by = await read.users.findById(view.userId);
    await this.mailer.send(
      projectOwnershipEmail({
        to: newOwner,
        by: { name: by?.name ?? 'Someone' },
        projectName: project.name,
        message: message || null,
        url: `${this.appUrl}/projects/${project.id}`,
      }),
    );
    return this.answer.asSeenBy(userId, projectId);
  }

  /**
   * By the project owner, into a workspace where they may create projects (owner or admin, active,
   * with room and storage), under a name free there. The old workspace's labels come off; members
   * who are not in the new workspace join it as collaborators (unlimited, no seat). Answers the
   * project as the caller sees it in its new workspace.
   */
  async transferToWorkspace(userId: number, projectId: number, workspaceId: number): Promise<Project> {
    const view = await this.access.forUser(projectId, userId);
    authorizeWorkspaceTransfer(view);
    const { project } = view;
    if (workspaceId === project.workspace_id)
      throw invalidRecord({ workspace_id: [TRANSFER_TEXTS.sameWorkspace] });
    const target = await workspaceForNewProject(this.workspaceAccess, workspaceId, view.userId);
    requireStorage(target.state, Number(project.storage_used_in_bytes));
    await requireFreeName(this.uow.read.projects, workspaceId, project.name);

    const now = this.clock.now().toISOString();
    await this.uow
      .transaction(async (tx) => {
        await reserveProjectSlot(tx, target);
        await tx.projects.update(project.id, { workspace_id: workspaceId, updated_at: now });
        await tx.labels.detachWorkspaceLabels(project.id, project.workspace_id);
        await tx.labels.moveProjectLabels(project.id, workspaceId);
        const newcomers = await tx.workspaceMembers.addCollaborators(
          workspaceId,
          await tx.projectMembers.userIdsOutsideWorkspace(project.id, workspaceId),
          now,
        );
        await tx.record(
          projectEvent(
            { id: project.id, workspace_id: workspaceId },
            view.userId,
            'project.moved_to_workspace',
            {
              data: { workspace_name: target.workspace.name },
            },
          ),
        );
        for (const member of newcomers)
          await tx.record({
            type: 'workspace.member_joined',
            workspaceId,
            actorId: view.userId,
            subject: { type: 'WorkspaceMember', id: member.id },
            data: { user_id: member.user_id, role: 'collaborator' },
          });
      })
      .catch(rethrowNameTaken);
    return this.answer.asSeenBy(userId, projectId);
  }
}
