import type { Logger } from 'pino';
import type { z } from 'zod';
import type { transferOwnershipSchema, Workspace } from '@common/api/workspaces';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import type { Mailer } from '../../adapters/mail/mailer';
import { removeStoredFiles } from './projectFiles';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import { isUniqueViolation } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { newOwnerEmail } from '../../emails/workspaceEmails';
import { forbidden, invalidRecord } from '../../errors';
import { authorizeLeaving, authorizeOwnershipCandidate, MEMBER_TEXTS } from '../../policies/workspaceMembers';
import type { MemberProjects } from './memberProjects';
import type { WorkspaceView } from '../../policies/workspaceView';
import { requireActive, requireOwner } from '../../policies/workspaces';
import type { WorkspaceAccess } from './workspaceAccess';
import type { WorkspaceMemberService } from './workspaceMembers';

export type TransferOwnership = z.infer<typeof transferOwnershipSchema>;

export const LIFECYCLE_TEXTS = {
  ownerCannotLeave: MEMBER_TEXTS.ownerCannotLeave,
  transferRaced: 'The ownership of this workspace has just changed. Reload and try again.',
} as const;

/** The repositories WorkspaceLifecycleService uses. */
type WorkspaceLifecycleRepositories = 'memberProjects' | 'users' | 'workspaceMembers' | 'workspaces';

/**
 * Handing a workspace to another member, leaving it, and deleting it with everything under it.
 * Each call lets the caller in (404 for anyone not a member), asks the policy (403), then acts.
 */
export class WorkspaceLifecycleService {
  constructor(
    private readonly uow: UnitOfWorkOf<WorkspaceLifecycleRepositories>,
    private readonly access: WorkspaceAccess,
    private readonly memberService: WorkspaceMemberService,
    private readonly projects: MemberProjects,
    private readonly mailer: Mailer,
    private readonly storage: FileStorage,
    private readonly log: Logger,
    private readonly appUrl: string,
  ) {}

  /**
   * The owner of an active workspace hands it to another member who owns no workspace; the
   * former owner becomes a Member (admin). A collaborator candidate needs a free seat, since both
   * of them then take one. The new owner is told by e-mail, with the owner's message. Answers the
   * workspace as the caller now sees it.
   */
  async transferOwnership(userId: number, workspaceId: number, input: TransferOwnership): Promise<Workspace> {
    const view = await this.access.forMember(workspaceId, userId);
    await this.transfer(view, input);
    return (await this.access.forMember(workspaceId, userId)).presented;
  }

  private async transfer(view: WorkspaceView, input: TransferOwnership): Promise<void> {
    requireOwner(view);
    requireActive(view.state);
    const candidate = await this.memberService.find(view, input.workspace_member_id);
    const ownsAWorkspace = (await this.uow.read.workspaces.ownedBy(candidate.user.id)) !== undefined;
    authorizeOwnershipCandidate(candidate.member, ownsAWorkspace, view.state);

    const formerOwnerId = view.member.user_id;
    const workspaceId = view.workspace.id;
    await this.uow
      .transaction(async (tx) => {
        if (!(await tx.workspaces.transferOwner(workspaceId, formerOwnerId, candidate.user.id)))
          throw forbidden(LIFECYCLE_TEXTS.transferRaced);
        await tx.workspaceMembers.setRole(candidate.member.id, 'owner');
        await tx.workspaceMembers.setRole(view.member.id, 'admin');
        await this.projects.ownershipTransferred(tx, workspaceId, formerOwnerId, candidate.user.id);
        await tx.record({
          type: 'workspace.ownership_transferred',
          workspaceId,
          actorId: formerOwnerId,
          subject: { type: 'Workspace', id: workspaceId },
          data: { from_user_id: formerOwnerId, to_user_id: candidate.user.id },
        });
      })
      .catch((error: unknown) => {
        // The candidate became the owner of another workspace meanwhile (owner_id is unique).
        if (isUniqueViolation(error)) throw invalidRecord({ base: [WORKSPACE_TEXTS.alreadyOwnsWorkspace] });
        throw error;
      });

    const formerOwner = await this.uow.read.users.findById(formerOwnerId);
    await this.mailer.send(
      newOwnerEmail({
        to: candidate.user,
        formerOwner: { name: formerOwner?.name ?? 'The former owner' },
        workspaceName: view.workspace.name,
        message: input.message || null,
        url: `${this.appUrl}/user/workspaces/${workspaceId}/plan`,
      }),
    );
  }

  /** Any member but the owner leaves; their seat frees and their projects go to the owner. */
  async leave(userId: number, workspaceId: number): Promise<{ message: string }> {
    const view = await this.access.forMember(workspaceId, userId);
    authorizeLeaving(view.member);
    await this.memberService.removeMember(view, await this.memberService.find(view, view.member.id));
    return { message: WORKSPACE_TEXTS.left(view.workspace.name) };
  }

  /**
   * The owner deletes the workspace, suspended or not: the row goes and the database cascades to
   * members, invitations, subscription, add-ons, invoices, billing information and payment method;
   * then the logo and the projects' files leave storage.
   */
  async delete(userId: number, workspaceId: number): Promise<void> {
    const view = await this.access.forMember(workspaceId, userId);
    requireOwner(view);
    const files = [
      ...(view.workspace.logo_key ? [view.workspace.logo_key] : []),
      ...(await this.projects.storedFileKeys(view.workspace.id)),
    ];
    await this.uow.transaction(async (tx) => {
      await tx.workspaces.delete(view.workspace.id);
      await tx.record({
        type: 'workspace.deleted',
        workspaceId: view.workspace.id,
        actorId: view.member.user_id,
        subject: { type: 'Workspace', id: view.workspace.id },
        data: { name: view.workspace.name },
      });
    });
    // The workspace is gone either way; a file left behind is only logged (the orphan sweep takes it later).
    await removeStoredFiles(this.storage, files, (error, key) =>
      this.log.error({ err: error, key }, 'could not delete a file of a deleted workspace'),
    );
  }
}
