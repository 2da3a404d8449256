import type { z } from 'zod';
import type {
  invitationByHashSchema,
  InviteRequest,
  Workspace,
  WorkspaceInvitation,
} from '@common/api/workspaces';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import { takesSeat } from '@common/workspaceRoles';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Clock } from '../../clock';
import { isUniqueViolation, type UserRow } from '../../db/repositories/users';
import type { InvitationRow } from '../../db/repositories/workspaceInvitations';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { invitationUrl, workspaceInvitationEmail } from '../../emails/workspaceEmails';
import { AppError, invalidRecord, notFound } from '../../errors';
import {
  authorizeAcceptance,
  authorizeInvitationDeletion,
  authorizeInvitationRoles,
  INVITATION_TEXTS,
  joinsOnSignUp,
  listedRoles,
  requireInvitationsAllowed,
} from '../../policies/workspaceMembers';
import { requireSeats } from '../../policies/workspaces';
import { presentInvitation } from '../../presenters/workspaceMember';
import type { SignUpInvitations } from '../accounts/accounts';
import type { InvitationEmailAllowance } from './invitationEmailAllowance';
import { randomToken, sha256 } from '../../secrets';
import type { WorkspaceAccess } from './workspaceAccess';

export type InvitationByHash = z.infer<typeof invitationByHashSchema>;

export { INVITATION_TEXTS };

/** The repositories WorkspaceInvitationService uses. */
type WorkspaceInvitationRepositories = 'users' | 'workspaceInvitations' | 'workspaceMembers' | 'workspaces';

/**
 * Inviting people to a workspace by e-mail, listing and deleting invitations, and accepting them.
 * The calls on a workspace let the caller in (404 for anyone not a member), ask the policy (403),
 * then act.
 */
export class WorkspaceInvitationService implements SignUpInvitations {
  constructor(
    private readonly uow: UnitOfWorkOf<WorkspaceInvitationRepositories>,
    private readonly access: WorkspaceAccess,
    private readonly mailer: Mailer,
    private readonly emailAllowance: InvitationEmailAllowance,
    private readonly clock: Clock,
    private readonly options: { appUrl: string },
  ) {}

  /**
   * Invites each address (duplicates dropped) with its role and message, after every check of
   * account-side §5–8 has passed for the whole batch, so a refused batch sends nothing.
   */
  async invite(
    userId: number,
    workspaceId: number,
    invites: InviteRequest['invites'],
  ): Promise<WorkspaceInvitation[]> {
    const view = await this.access.forMember(workspaceId, userId);
    const { read } = this.uow;
    authorizeInvitationRoles(
      view.member.role,
      invites.map((i) => i.role),
    );
    requireInvitationsAllowed(view.state);

    const batch = [...new Map(invites.map((i) => [i.email, i])).values()];
    const emails = batch.map((i) => i.email);
    const members = await read.workspaceMembers.memberEmails(view.workspace.id, emails);
    const member = emails.find((e) => members.has(e));
    if (member) throw new AppError(400, 'invalid_user', WORKSPACE_TEXTS.alreadyMember(member));
    const pending = await read.workspaceInvitations.pendingEmails(view.workspace.id, emails);
    const invited = emails.find((e) => pending.has(e));
    if (invited) throw invalidRecord({ email: [WORKSPACE_TEXTS.alreadyInvited] });
    requireSeats(view.state, view.facts.seatsUsed, batch.filter((i) => takesSeat(i.role)).length);
    await this.emailAllowance.spend(view.member.user_id, batch.length);

    const inviter = await read.users.findById(view.member.user_id);
    if (!inviter) throw notFound();
    const sent: WorkspaceInvitation[] = [];
    for (const item of batch) {
      const token = randomToken();
      const event = { workspaceId: view.workspace.id, actorId: inviter.id };
      const data = { email: item.email, role: item.role };
      const row = await this.uow.transaction(async (tx) => {
        const created = await tx.workspaceInvitations.create({
          workspaceId: view.workspace.id,
          email: item.email,
          role: item.role,
          message: item.message || null,
          hashDigest: sha256(token),
          invitedById: inviter.id,
          now: this.clock.now().toISOString(),
        });
        const subject = { type: 'WorkspaceInvitation', id: created.id };
        await tx.record({ type: 'workspace.member_invited', ...event, subject, data });
        return created;
      });
      const mail = workspaceInvitationEmail({
        to: item.email,
        inviter,
        workspaceName: view.workspace.name,
        role: item.role,
        message: row.message,
        url: invitationUrl(this.options.appUrl, token, item.email),
      });
      try {
        await this.mailer.send(mail);
      } catch (error) {
        // An invitation whose e-mail never left would hold a seat and block a new invitation.
        await this.uow.transaction(async (tx) => {
          await tx.workspaceInvitations.delete(row.id);
          const subject = { type: 'WorkspaceInvitation', id: row.id };
          await tx.record({ type: 'workspace.invitation_deleted', ...event, subject, data });
        });
        throw error;
      }
      sent.push(presentInvitation(row, view.workspace, inviter));
    }
    return sent;
  }

  /** Pending invitations: all of them for owner and admin, collaborator ones for the other roles. */
  async listPending(userId: number, workspaceId: number): Promise<WorkspaceInvitation[]> {
    const view = await this.access.forMember(workspaceId, userId);
    const { read } = this.uow;
    const rows = await read.workspaceInvitations.pending(
      view.workspace.id,
      listedRoles(view.member.role, 'all'),
    );
    const inviters = new Map<number, UserRow | undefined>();
    for (const id of new Set(rows.flatMap((r) => (r.invited_by_id === null ? [] : [r.invited_by_id]))))
      inviters.set(id, await read.users.findById(id));
    return rows.map((row) =>
      presentInvitation(
        row,
        view.workspace,
        row.invited_by_id === null ? undefined : inviters.get(row.invited_by_id),
      ),
    );
  }

  /** With the invite permission and an equal or lower level than the invitation's role. */
  async deleteInvitation(userId: number, workspaceId: number, invitationId: number): Promise<void> {
    const view = await this.access.forMember(workspaceId, userId);
    const invitation = await this.uow.read.workspaceInvitations.findPending(view.workspace.id, invitationId);
    if (!invitation) throw notFound();
    authorizeInvitationDeletion(view.member.role, invitation.role);
    await this.uow.transaction(async (tx) => {
      await tx.workspaceInvitations.delete(invitation.id);
      await tx.record({
        type: 'workspace.invitation_deleted',
        workspaceId: view.workspace.id,
        actorId: view.member.user_id,
        subject: { type: 'WorkspaceInvitation', id: invitation.id },
        data: { email: invitation.email, role: invitation.role },
      });
    });
  }

  /** The invitation page, for anyone holding the link; `em` must match the invited address. */
  async byHash(hash: string, em: string | undefined): Promise<InvitationByHash> {
    const { read } = this.uow;
    const invitation = await read.workspaceInvitations.findByHash(sha256(hash));
    if (!invitation || em?.trim().toLowerCase() !== invitation.email) throw notFound();
    const workspace = await read.workspaces.findById(invitation.workspace_id);
    if (!workspace) throw notFound();
    const inviter =
      invitation.invited_by_id === null ? undefined : await read.users.findById(invitation.invited_by_id);
    return {
      ...presentInvitation(invitation, workspace, inviter),
      hash,
      user_exists: (await read.users.findByEmail(invitation.email)) !== undefined,
      accepted: invitation.accepted_at !== null,
    };
  }

  /**
   * The signed-in user joins with the invited role; the invitation must be for their address.
   * Answers the workspace as they now see it.
   */
  async accept(userId: number, hash: string): Promise<Workspace> {
    const { read } = this.uow;
    const user = await read.users.findById(userId);
    if (!user) throw notFound();
    const invitation = await read.workspaceInvitations.findByHash(sha256(hash));
    if (!invitation) throw notFound();
    authorizeAcceptance(invitation, user.email);
    const workspace = await read.workspaces.findById(invitation.workspace_id);
    if (!workspace) throw notFound();
    await this.join(invitation, user);
    return (await this.access.forMember(workspace.id, userId)).presented;
  }

  /** Sign-up with `invite_hash`: joins when the hash is a pending invitation for the new address. */
  async acceptOnSignUp(user: UserRow, hash: string): Promise<void> {
    const invitation = await this.uow.read.workspaceInvitations.findByHash(sha256(hash));
    if (!invitation || !joinsOnSignUp(invitation, user.email)) return;
    await this.join(invitation, user);
  }

  /** Marks the invitation accepted and adds the member, unless they already are one. */
  private async join(invitation: InvitationRow, user: UserRow): Promise<void> {
    const now = this.clock.now().toISOString();
    const alreadyAccepted = () => invalidRecord({ base: [INVITATION_TEXTS.alreadyAccepted] });
    await this.uow
      .transaction(async (tx) => {
        if (!(await tx.workspaceInvitations.markAccepted(invitation.id, now))) throw alreadyAccepted();
        if (await tx.workspaces.membership(invitation.workspace_id, user.id)) return;
        const memberId = await tx.workspaceMembers.add({
          workspaceId: invitation.workspace_id,
          userId: user.id,
          role: invitation.role,
          now,
        });
        await tx.record({
          type: 'workspace.member_joined',
          workspaceId: invitation.workspace_id,
          actorId: user.id,
          subject: { type: 'WorkspaceMember', id: memberId },
          data: { user_id: user.id, role: invitation.role, invitation_id: invitation.id },
        });
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw alreadyAccepted();
        throw error;
      });
  }
}
