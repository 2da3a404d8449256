import type { z } from 'zod';
import type { invitationByHashSchema, InviteRequest, WorkspaceInvitation } from '@common/api/workspaces';
import { WORKSPACE_TEXTS } from '@common/api/workspaces';
import {
  canDeleteInvite,
  canListAllMembers,
  invitableRoles,
  permissionsOf,
  takesSeat,
} from '@common/workspaceRoles';
import type { Mailer } from '../adapters/mail/mailer';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import { isUniqueViolation, type UserRow, type UsersRepository } from '../db/repositories/users';
import type { InvitationRow, WorkspaceInvitationsRepository } from '../db/repositories/workspaceInvitations';
import type { WorkspaceMembersRepository } from '../db/repositories/workspaceMembers';
import type { WorkspaceRow, WorkspacesRepository } from '../db/repositories/workspaces';
import { invitationUrl, workspaceInvitationEmail } from '../emails/workspaceEmails';
import { AppError, forbidden, invalidRecord, notFound } from '../errors';
import { presentInvitation } from '../presenters/workspaceMember';
import type { SignUpInvitations } from './accounts';
import type { InvitationEmailAllowance } from './invitationEmailAllowance';
import { randomToken, sha256 } from './secrets';
import type { WorkspaceView } from './workspaceAccess';
import { requireActive, requireSeat } from './workspaceLimits';

export type InvitationByHash = z.infer<typeof invitationByHashSchema>;

export const INVITATION_TEXTS = {
  cannotInvite: 'Only admins can invite people',
  roleNotAllowed: 'You cannot invite people with this role.',
  cannotDeleteInvite: 'You are not allowed to delete this invitation.',
  otherEmail: 'This invitation was sent to another e-mail address.',
  alreadyAccepted: 'This invitation has already been accepted.',
} as const;

/** Inviting people to a workspace by e-mail, listing and deleting invitations, and accepting them. */
export class WorkspaceInvitationService implements SignUpInvitations {
  constructor(
    private readonly db: Db,
    private readonly workspaces: WorkspacesRepository,
    private readonly members: WorkspaceMembersRepository,
    private readonly invitations: WorkspaceInvitationsRepository,
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
    private readonly emailAllowance: InvitationEmailAllowance,
    private readonly clock: Clock,
    private readonly options: { appUrl: string },
  ) {}

  /**
   * Invites each address (duplicates dropped) with its role and message, after every check of
   * account-side §5–8 has passed for the whole batch, so a refused batch sends nothing.
   */
  async invite(view: WorkspaceView, invites: InviteRequest['invites']): Promise<WorkspaceInvitation[]> {
    const role = view.member.role;
    if (!permissionsOf(role).invite) throw forbidden(INVITATION_TEXTS.cannotInvite);
    const allowed = invitableRoles(role);
    if (invites.some((i) => !allowed.includes(i.role))) throw forbidden(INVITATION_TEXTS.roleNotAllowed);
    requireActive(view.state);
    if (view.state.isOnFreeTrial)
      throw new AppError(403, 'forbidden_subscription_limit_reached', WORKSPACE_TEXTS.freeTrialFeature);

    const batch = [...new Map(invites.map((i) => [i.email, i])).values()];
    const emails = batch.map((i) => i.email);
    const members = await this.members.memberEmails(view.workspace.id, emails);
    const member = emails.find((e) => members.has(e));
    if (member) throw new AppError(400, 'invalid_user', WORKSPACE_TEXTS.alreadyMember(member));
    const pending = await this.invitations.pendingEmails(view.workspace.id, emails);
    const invited = emails.find((e) => pending.has(e));
    if (invited) throw invalidRecord({ email: [WORKSPACE_TEXTS.alreadyInvited] });
    requireSeats(view, batch.filter((i) => takesSeat(i.role)).length);
    await this.emailAllowance.spend(view.member.user_id, batch.length);

    const inviter = await this.users.findById(view.member.user_id);
    if (!inviter) throw notFound();
    const sent: WorkspaceInvitation[] = [];
    for (const item of batch) {
      const token = randomToken();
      const row = await this.invitations.create({
        workspaceId: view.workspace.id,
        email: item.email,
        role: item.role,
        message: item.message || null,
        hashDigest: sha256(token),
        invitedById: inviter.id,
        now: this.clock.now().toISOString(),
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
        await this.invitations.delete(row.id);
        throw error;
      }
      sent.push(presentInvitation(row, view.workspace, inviter));
    }
    return sent;
  }

  /** Pending invitations: all of them for owner and admin, collaborator ones for the other roles. */
  async listPending(view: WorkspaceView): Promise<WorkspaceInvitation[]> {
    const everyone = canListAllMembers(view.member.role);
    const rows = await this.invitations.pending(view.workspace.id, everyone ? undefined : ['collaborator']);
    const inviters = new Map<number, UserRow | undefined>();
    for (const id of new Set(rows.flatMap((r) => (r.invited_by_id === null ? [] : [r.invited_by_id]))))
      inviters.set(id, await this.users.findById(id));
    return rows.map((row) =>
      presentInvitation(
        row,
        view.workspace,
        row.invited_by_id === null ? undefined : inviters.get(row.invited_by_id),
      ),
    );
  }

  /** With the invite permission and an equal or lower level than the invitation's role. */
  async deleteInvitation(view: WorkspaceView, invitationId: number): Promise<void> {
    const invitation = await this.invitations.findPending(view.workspace.id, invitationId);
    if (!invitation) throw notFound();
    if (!canDeleteInvite(view.member.role, invitation.role))
      throw forbidden(INVITATION_TEXTS.cannotDeleteInvite);
    await this.invitations.delete(invitation.id);
  }

  /** The invitation page, for anyone holding the link; `em` must match the invited address. */
  async byHash(hash: string, em: string | undefined): Promise<InvitationByHash> {
    const invitation = await this.invitations.findByHash(sha256(hash));
    if (!invitation || em?.trim().toLowerCase() !== invitation.email) throw notFound();
    const workspace = await this.workspaces.findById(invitation.workspace_id);
    if (!workspace) throw notFound();
    const inviter =
      invitation.invited_by_id === null ? undefined : await this.users.findById(invitation.invited_by_id);
    return {
      ...presentInvitation(invitation, workspace, inviter),
      hash,
      user_exists: (await this.users.findByEmail(invitation.email)) !== undefined,
      accepted: invitation.accepted_at !== null,
    };
  }

  /** The signed-in user joins with the invited role; the invitation must be for their address. */
  async accept(user: UserRow, hash: string): Promise<WorkspaceRow> {
    const invitation = await this.invitations.findByHash(sha256(hash));
    if (!invitation) throw notFound();
    if (invitation.email !== user.email.toLowerCase()) throw forbidden(INVITATION_TEXTS.otherEmail);
    if (invitation.accepted_at !== null) throw invalidRecord({ base: [INVITATION_TEXTS.alreadyAccepted] });
    const workspace = await this.workspaces.findById(invitation.workspace_id);
    if (!workspace) throw notFound();
    await this.join(invitation, user);
    return workspace;
  }

  /** Sign-up with `invite_hash`: joins when the hash is a pending invitation for the new address. */
  async acceptOnSignUp(user: UserRow, hash: string): Promise<void> {
    const invitation = await this.invitations.findByHash(sha256(hash));
    if (!invitation || invitation.accepted_at !== null || invitation.email !== user.email.toLowerCase())
      return;
    await this.join(invitation, user);
  }

  /** Marks the invitation accepted and adds the member, unless they already are one. */
  private async join(invitation: InvitationRow, user: UserRow): Promise<void> {
    const now = this.clock.now().toISOString();
    await this.db
      .transaction()
      .execute(async (trx) => {
        if (!(await this.invitations.markAccepted(trx, invitation.id, now)))
          throw invalidRecord({ base: [INVITATION_TEXTS.alreadyAccepted] });
        const existing = await trx
          .selectFrom('workspace_members')
          .select('id')
          .where('workspace_id', '=', invitation.workspace_id)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (!existing)
          await this.members.add(trx, {
            workspaceId: invitation.workspace_id,
            userId: user.id,
            role: invitation.role,
            now,
          });
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invalidRecord({ base: [INVITATION_TEXTS.alreadyAccepted] });
        throw error;
      });
  }
}

/** Room for `count` more seat-taking people: requireSeat for the first, the plan's count for the batch. */
function requireSeats(view: WorkspaceView, count: number): void {
  if (count === 0) return;
  requireSeat(view.state);
  if (view.facts.seatsUsed + count > view.state.subscriptionMaxMembersCount)
    throw new AppError(403, 'forbidden_subscription_limit_reached', WORKSPACE_TEXTS.memberLimit);
}
