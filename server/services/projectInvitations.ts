import type { ProjectInvitation, ProjectInvitationByHash, ProjectInviteRequest } from '@common/api/projects';
import { PROJECT_TEXTS } from '@common/api/projects';
import {
  canDeleteProjectInvite,
  invitableProjectRoles,
  PROJECT_ROLES,
  type InvitableProjectRole,
} from '@common/projectRoles';
import type { Mailer } from '../adapters/mail/mailer';
import type { Clock } from '../clock';
import type { Db } from '../db/database';
import type {
  ProjectInvitationRow,
  ProjectInvitationsRepository,
} from '../db/repositories/projectInvitations';
import type { ProjectMembersRepository } from '../db/repositories/projectMembers';
import type { ProjectsRepository } from '../db/repositories/projects';
import { isUniqueViolation, type UserRow, type UsersRepository } from '../db/repositories/users';
import type { WorkspaceMembersRepository } from '../db/repositories/workspaceMembers';
import type { WorkspacesRepository } from '../db/repositories/workspaces';
import { projectInvitationEmail, projectInvitationUrl } from '../emails/projectEmails';
import { AppError, forbidden, invalidRecord, notFound } from '../errors';
import { authorize } from '../policies/projects';
import { presentProjectInvitation } from '../presenters/projectMember';
import type { SignUpInvitations } from './accounts';
import type { ActivityLog } from './activityLog';
import type { InvitationEmailAllowance } from './invitationEmailAllowance';
import type { ProjectAccess, ProjectView } from './projectAccess';
import { workspaceStateOf } from './projectWorkspaceState';
import { randomToken, sha256 } from './secrets';
import type { WorkspaceAccess } from './workspaceAccess';
import { requireActive } from './workspaceLimits';

export interface ProjectInvitationDeps {
  db: Db;
  projects: ProjectsRepository;
  projectAccess: ProjectAccess;
  members: ProjectMembersRepository;
  invitations: ProjectInvitationsRepository;
  workspaces: WorkspacesRepository;
  workspaceAccess: WorkspaceAccess;
  workspaceMembers: WorkspaceMembersRepository;
  users: UsersRepository;
  mailer: Mailer;
  emailAllowance: InvitationEmailAllowance;
  activityLog: ActivityLog;
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
  async invite(view: ProjectView, request: ProjectInviteRequest): Promise<ProjectInvitation[]> {
    const d = this.deps;
    authorize(view, 'projects.invite', PROJECT_TEXTS.cannotInvite);
    const role: InvitableProjectRole = request.role ?? 'viewer';
    if (!invitableProjectRoles(view.actor.role).includes(role)) throw forbidden(PROJECT_TEXTS.roleNotAllowed);
    requireActive(await workspaceStateOf(d.workspaces, d.workspaceAccess, view.project.workspace_id));

    const emails = [...new Set(request.invitees.map((e) => e.trim().toLowerCase()))];
    const members = await d.members.memberEmails(view.project.id, emails);
    const member = emails.find((e) => members.has(e));
    if (member) throw new AppError(400, 'invalid_user', PROJECT_TEXTS.alreadyMember(member));
    const pending = await d.invitations.pendingEmails(view.project.id, emails);
    if (emails.some((e) => pending.has(e))) throw invalidRecord({ invitees: [PROJECT_TEXTS.alreadyInvited] });
    await d.emailAllowance.spend(view.userId, emails.length);

    const inviter = await d.users.findById(view.userId);
    const workspace = await d.workspaces.findById(view.project.workspace_id);
    if (!inviter || !workspace) throw notFound();
    const message = request.message || null;
    const sent: ProjectInvitation[] = [];
    for (const email of emails) {
      const token = randomToken();
      const row = await d.db.transaction().execute(async (trx) => {
        const created = await d.invitations.create(trx, {
          projectId: view.project.id,
          email,
          role,
          message,
          hashDigest: sha256(token),
          invitedById: inviter.id,
          now: d.clock.now().toISOString(),
        });
        await d.activityLog.record(trx, {
          projectId: view.project.id,
          userId: inviter.id,
          action: 'member_invited',
          objectType: 'ProjectInvitation',
          objectId: created.id,
          data: { email, role, role_label: PROJECT_ROLES[role].label },
        });
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
        await d.invitations.delete(d.db, row.id);
        throw error;
      }
      sent.push(presentProjectInvitation(row, view.project, workspace, inviter, true));
    }
    return sent;
  }

  /** Pending invitations, each with whether the caller may delete it. */
  async listPending(view: ProjectView): Promise<ProjectInvitation[]> {
    const d = this.deps;
    const workspace = await d.workspaces.findById(view.project.workspace_id);
    if (!workspace) throw notFound();
    const rows = await d.invitations.pending(view.project.id);
    const inviters = new Map<number, UserRow | undefined>();
    for (const id of new Set(rows.flatMap((r) => (r.invited_by_id === null ? [] : [r.invited_by_id]))))
      inviters.set(id, await d.users.findById(id));
    return rows.map((row) =>
      presentProjectInvitation(
        row,
        view.project,
        workspace,
        row.invited_by_id === null ? undefined : inviters.get(row.invited_by_id),
        canDeleteProjectInvite(view.actor.role, row.role),
      ),
    );
  }

  /** By someone who may invite the invitation's role; 404 for an invitation the caller cannot see. */
  async deleteInvitation(userId: number, invitationId: number): Promise<void> {
    const d = this.deps;
    const invitation = await d.invitations.findPending(invitationId);
    if (!invitation) throw notFound();
    const view = await d.projectAccess.forUser(invitation.project_id, userId);
    if (!canDeleteProjectInvite(view.actor.role, invitation.role))
      throw forbidden('You are not allowed to delete this invitation.');
    await d.db.transaction().execute(async (trx) => {
      await d.invitations.delete(trx, invitation.id);
      await d.activityLog.record(trx, {
        projectId: view.project.id,
        userId,
        action: 'invitation_deleted',
        objectType: 'ProjectInvitation',
        objectId: invitation.id,
        data: { email: invitation.email },
      });
    });
  }

  /** The invitation page, for whoever holds the link; `em` must be the invited address. */
  async byHash(token: string, em: string | undefined): Promise<ProjectInvitationByHash> {
    const d = this.deps;
    const invitation = await d.invitations.findByHash(sha256(token));
    if (!invitation || em?.trim().toLowerCase() !== invitation.email) throw notFound();
    const project = await d.projects.findById(invitation.project_id);
    const workspace = project && (await d.workspaces.findById(project.workspace_id));
    if (!project || !workspace) throw notFound();
    const inviter =
      invitation.invited_by_id === null ? undefined : await d.users.findById(invitation.invited_by_id);
    return {
      ...presentProjectInvitation(invitation, project, workspace, inviter, false),
      hash: token,
      user_exists: (await d.users.findByEmail(invitation.email)) !== undefined,
      accepted: invitation.accepted_at !== null,
    };
  }

  /** The signed-in user joins; the invitation must be for their address and not yet accepted. */
  async accept(user: UserRow, token: string): Promise<ProjectInvitationRow> {
    const invitation = await this.deps.invitations.findByHash(sha256(token));
    if (!invitation) throw notFound();
    if (invitation.email !== user.email.toLowerCase()) throw forbidden(PROJECT_TEXTS.invitationOtherEmail);
    if (invitation.accepted_at !== null) throw alreadyAccepted();
    await this.join(invitation, user);
    return invitation;
  }

  /** Sign-up with `invite_hash`: joins when the hash is a pending invitation for the new address. */
  async acceptOnSignUp(user: UserRow, token: string): Promise<void> {
    const invitation = await this.deps.invitations.findByHash(sha256(token));
    if (!invitation || invitation.accepted_at !== null || invitation.email !== user.email.toLowerCase())
      return;
    await this.join(invitation, user);
  }

  /**
   * Marks the invitation accepted, adds the user to the workspace as a collaborator unless they
   * are a member already, then to the project with the invited role unless they are one already.
   */
  private async join(invitation: ProjectInvitationRow, user: UserRow): Promise<void> {
    const d = this.deps;
    const project = await d.projects.findById(invitation.project_id);
    if (!project) throw notFound();
    const now = d.clock.now().toISOString();
    await d.db
      .transaction()
      .execute(async (trx) => {
        if (!(await d.invitations.markAccepted(trx, invitation.id, now))) throw alreadyAccepted();
        const inWorkspace = await trx
          .selectFrom('workspace_members')
          .select('id')
          .where('workspace_id', '=', project.workspace_id)
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        if (!inWorkspace)
          await d.workspaceMembers.add(trx, {
            workspaceId: project.workspace_id,
            userId: user.id,
            role: 'collaborator',
            now,
          });
        const memberId = await d.members.addIfAbsent(trx, {
          projectId: project.id,
          userId: user.id,
          role: invitation.role,
          now,
        });
        // A project member already keeps their role.
        if (memberId === null) return;
        await d.activityLog.record(trx, {
          projectId: project.id,
          userId: user.id,
          action: 'member_joined',
          objectType: 'ProjectMember',
          objectId: memberId,
          data: { role: invitation.role, role_label: PROJECT_ROLES[invitation.role].label },
        });
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw alreadyAccepted();
        throw error;
      });
  }
}

const alreadyAccepted = () => invalidRecord({ base: [PROJECT_TEXTS.invitationAccepted] });
