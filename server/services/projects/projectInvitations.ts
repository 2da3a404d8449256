import type {
  Project,
  ProjectInvitation,
  ProjectInvitationByHash,
  ProjectInvite,
} from '@common/api/projects';
import { PROJECT_TEXTS } from '@common/api/projects';
import { PROJECT_ROLES, type InvitableProjectRole } from '@common/projectRoles';
import type { Mailer } from '../../adapters/mail/mailer';
import type { Clock } from '../../clock';
import type { ProjectInvitationRow } from '../../db/repositories/projectInvitations';
import { isUniqueViolation, type UserRow } from '../../db/repositories/users';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { projectInvitationEmail, projectInvitationUrl } from '../../emails/projectEmails';
import { AppError, invalidRecord, notFound } from '../../errors';
import {
  authorizeInvitation,
  authorizeInvitationAcceptance,
  authorizeInvitationDeletion,
  invitationAlreadyAccepted,
  joinsProjectOnSignUp,
  mayDeleteInvitation,
} from '../../policies/projectMembers';
import { presentProjectInvitation } from '../../presenters/projectMember';
import type { SignUpInvitations } from '../accounts/accounts';
import type { InvitationEmailAllowance } from '../workspaces/invitationEmailAllowance';
import type { ProjectAccess } from './projectAccess';
import type { ProjectAnswer } from './projectAnswer';
import { projectEvent } from './projectEvents';
import { randomToken, sha256 } from '../../secrets';
import type { WorkspaceAccess } from '../workspaces/workspaceAccess';
import { requireActive } from '../../policies/workspaces';

/** The repositories ProjectInvitationDeps uses. */
type ProjectInvitationRepositories =
  'projectInvitations' | 'projectMembers' | 'projects' | 'users' | 'workspaceMembers' | 'workspaces';

export interface ProjectInvitationDeps {
  uow: UnitOfWorkOf<ProjectInvitationRepositories>;
  projectAccess: ProjectAccess;
  projectAnswer: ProjectAnswer;
  workspaceAccess: WorkspaceAccess;
  mailer: Mailer;
  emailAllowance: InvitationEmailAllowance;
  clock: Clock;
  appUrl: string;
}

/**
 * Inviting people to a project by e-mail, pending invitations, and accepting them. Accepting
 * makes the user a workspace collaborator first when they are not a workspace member
 * (collaborators take no seat), then a project member with the invited role.
 */
export class ProjectInvitationService implements SignUpInvitations {
  constructor(private readonly deps: ProjectInvitationDeps) {}

  /** Checks the whole batch before anything is written or sent, so a refused batch sends nothing. */
  async invite(userId: number, projectId: number, request: ProjectInvite): Promise<ProjectInvitation[]> {
    const d = this.deps;
    const view = await d.projectAccess.forUser(projectId, userId);
    const read = d.uow.read;
    const role: InvitableProjectRole = request.role ?? 'viewer';
    authorizeInvitation(view, role);
    requireActive(await d.workspaceAccess.stateOf(view.project.workspace_id));

    const emails = [...new Set(request.invitees.map((e) => e.trim().toLowerCase()))];
    const members = await read.projectMembers.memberEmails(view.project.id, emails);
    const member = emails.find((e) => members.has(e));
    if (member) throw new AppError(400, 'invalid_user', PROJECT_TEXTS.alreadyMember(member));
    const pending = await read.projectInvitations.pendingEmails(view.project.id, emails);
    if (emails.some((e) => pending.has(e))) throw invalidRecord({ invitees: [PROJECT_TEXTS.alreadyInvited] });
    await d.emailAllowance.spend(view.userId, emails.length);

    const inviter = await read.users.findById(view.userId);
    const workspace = await read.workspaces.findById(view.project.workspace_id);
    if (!inviter || !workspace) throw notFound();
    const message = request.message || null;
    const sent: ProjectInvitation[] = [];
    for (const email of emails) {
      const token = randomToken();
      const row = await d.uow.transaction(async (tx) => {
        const created = await tx.projectInvitations.create({
          projectId: view.project.id,
          email,
          role,
          message,
          hashDigest: sha256(token),
          invitedById: inviter.id,
          now: d.clock.now().toISOString(),
        });
        await tx.record(
          projectEvent(view.project, inviter.id, 'member.invited', {
            subject: { type: 'ProjectInvitation', id: created.id },
            data: { email, role, role_label: PROJECT_ROLES[role].label },
          }),
        );
        return created;
      });
      try {
        await d.mailer.send(
          projectInvitationEmail({
            to: email,
            inviter,
            projectName: view.project.name,
            workspaceName: workspace.name,
            role,
            message,
            url: projectInvitationUrl(d.appUrl, token, email),
          }),
        );
      } catch (error) {
        // An invitation whose e-mail never left would block a new invitation to the same address.
        await read.projectInvitations.delete(row.id);
        throw error;
      }
      sent.push(presentProjectInvitation(row, view.project, workspace, inviter, true));
    }
    return sent;
  }

  /** Pending invitations, each with whether the caller may delete it. */
  async listPending(userId: number, projectId: number): Promise<ProjectInvitation[]> {
    const read = this.deps.uow.read;
    const view = await this.deps.projectAccess.forUser(projectId, userId);
    const workspace = await read.workspaces.findById(view.project.workspace_id);
    if (!workspace) throw notFound();
    const rows = await read.projectInvitations.pending(view.project.id);
    const inviters = new Map<number, UserRow | undefined>();
    for (const id of new Set(rows.flatMap((r) => (r.invited_by_id === null ? [] : [r.invited_by_id]))))
      inviters.set(id, await read.users.findById(id));
    return rows.map((row) =>
      presentProjectInvitation(
        row,
        view.project,
        workspace,
        row.invited_by_id === null ? undefined : inviters.get(row.invited_by_id),
        mayDeleteInvitation(view, row),
      ),
    );
  }

  /** By someone who may invite the invitation's role; 404 for an invitation the caller cannot see. */
  async deleteInvitation(userId: number, invitationId: number): Promise<void> {
    const d = this.deps;
    const invitation = await d.uow.read.projectInvitations.findPending(invitationId);
    if (!invitation) throw notFound();
    const view = await d.projectAccess.forUser(invitation.project_id, userId);
    authorizeInvitationDeletion(view, invitation);
    await d.uow.transaction(async (tx) => {
      await tx.projectInvitations.delete(invitation.id);
      await tx.record(
        projectEvent(view.project, userId, 'invitation.deleted', {
          subject: { type: 'ProjectInvitation', id: invitation.id },
          data: { email: invitation.email },
        }),
      );
    });
  }

  /** The invitation page, for whoever holds the link; `em` must be the invited address. */
  async byHash(token: string, em: string | undefined): Promise<ProjectInvitationByHash> {
    const read = this.deps.uow.read;
    const invitation = await read.projectInvitations.findByHash(sha256(token));
    if (!invitation || em?.trim().toLowerCase() !== invitation.email) throw notFound();
    const project = await read.projects.findById(invitation.project_id);
    const workspace = project && (await read.workspaces.findById(project.workspace_id));
    if (!project || !workspace) throw notFound();
    const inviter =
      invitation.invited_by_id === null ? undefined : await read.users.findById(invitation.invited_by_id);
    return {
      ...presentProjectInvitation(invitation, project, workspace, inviter, false),
      hash: token,
      user_exists: (await read.users.findByEmail(invitation.email)) !== undefined,
      accepted: invitation.accepted_at !== null,
    };
  }

  /**
   * The signed-in user joins; the invitation must be for their address and not yet accepted.
   * Answers the project as they now see it.
   */
  async accept(userId: number, token: string): Promise<Project> {
    const { uow, projectAnswer } = this.deps;
    const user = await uow.read.users.findById(userId);
    if (!user) throw notFound();
    const invitation = await uow.read.projectInvitations.findByHash(sha256(token));
    if (!invitation) throw notFound();
    authorizeInvitationAcceptance(invitation, user.email);
    await this.join(invitation, user);
    return projectAnswer.asSeenBy(userId, invitation.project_id);
  }

  /** Sign-up with `invite_hash`: joins when the hash is a pending invitation for the new address. */
  async acceptOnSignUp(user: UserRow, token: string): Promise<void> {
    const invitation = await this.deps.uow.read.projectInvitations.findByHash(sha256(token));
    if (!invitation || !joinsProjectOnSignUp(invitation, user.email)) return;
    await this.join(invitation, user);
  }

  /**
   * Marks the invitation accepted, adds the user to the workspace as a collaborator unless they
   * are a member already, then to the project with the invited role unless they are one already.
   */
  private async join(invitation: ProjectInvitationRow, user: UserRow): Promise<void> {
    const d = this.deps;
    const project = await d.uow.read.projects.findById(invitation.project_id);
    if (!project) throw notFound();
    const now = d.clock.now().toISOString();
    await d.uow
      .transaction(async (tx) => {
        if (!(await tx.projectInvitations.markAccepted(invitation.id, now)))
          throw invitationAlreadyAccepted();
        if (!(await tx.workspaces.membership(project.workspace_id, user.id))) {
          const workspaceMemberId = await tx.workspaceMembers.add({
            workspaceId: project.workspace_id,
            userId: user.id,
            role: 'collaborator',
            now,
          });
          await tx.record({
            type: 'workspace.member_joined',
            workspaceId: project.workspace_id,
            actorId: user.id,
            subject: { type: 'WorkspaceMember', id: workspaceMemberId },
            data: { user_id: user.id, role: 'collaborator' },
          });
        }
        const memberId = await tx.projectMembers.addIfAbsent({
          projectId: project.id,
          userId: user.id,
          role: invitation.role,
          now,
        });
        // A project member already keeps their role.
        if (memberId === null) return;
        await tx.record(
          projectEvent(project, user.id, 'member.joined', {
            subject: { type: 'ProjectMember', id: memberId },
            data: { role: invitation.role, role_label: PROJECT_ROLES[invitation.role].label },
          }),
        );
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw invitationAlreadyAccepted();
        throw error;
      });
  }
}
