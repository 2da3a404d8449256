import { InvitationEmailAllowance } from '../services/workspaces/invitationEmailAllowance';
import { MemberProjects } from '../services/workspaces/memberProjects';
import { ProjectFiles } from '../services/workspaces/projectFiles';
import { WorkspaceAccess } from '../services/workspaces/workspaceAccess';
import { WorkspaceBilling } from '../services/workspaces/workspaceBilling';
import { WorkspaceInvitationService } from '../services/workspaces/workspaceInvitations';
import { WorkspaceLifecycleService } from '../services/workspaces/workspaceLifecycle';
import { WorkspaceMemberService } from '../services/workspaces/workspaceMembers';
import { WorkspaceService } from '../services/workspaces/workspaces';
import { WorkspaceSubscriptions } from '../services/workspaces/workspaceSubscriptions';
import type { BillingServices } from './billing';
import type { Platform } from './platform';

export type WorkspaceServices = ReturnType<typeof workspaceServices>;

/**
 * Workspaces, their members and invitations, leaving and deleting, and the workspace's billing as
 * its members call it (the billing services behind the workspace's door).
 */
export function workspaceServices(
  p: Platform,
  billing: Pick<BillingServices, 'addOns' | 'billingRecords' | 'checkout' | 'subscriptions'>,
) {
  const { checkout } = billing;
  const { uow, clock, log, config, mailer, storage, catalogue, limiter } = p;
  const projectFiles = new ProjectFiles(uow, storage, log);
  const memberProjects = new MemberProjects(uow, projectFiles, clock);
  const workspaceAccess = new WorkspaceAccess(uow.read.workspaceFacts, catalogue, clock);
  const workspaceMembers = new WorkspaceMemberService(uow, workspaceAccess, memberProjects);
  return {
    /** A workspace as one member sees it, its state read in one query. */
    workspaceAccess,
    workspaceService: new WorkspaceService(
      uow,
      workspaceAccess,
      catalogue,
      checkout,
      storage,
      clock,
      config.billing.trialDays,
    ),
    workspaceMembers,
    /** Subscription actions and add-ons, answering the workspace as it is afterwards. */
    workspaceSubscriptions: new WorkspaceSubscriptions(
      workspaceAccess,
      billing.subscriptions,
      billing.addOns,
    ),
    /** Billing information, the saved card and invoices, for the owner. */
    workspaceBilling: new WorkspaceBilling(workspaceAccess, billing.billingRecords, checkout),
    workspaceInvitations: new WorkspaceInvitationService(
      uow,
      workspaceAccess,
      mailer,
      new InvitationEmailAllowance(limiter, clock, config.inviteEmailsPerDay),
      clock,
      { appUrl: config.appUrl },
    ),
    workspaceLifecycle: new WorkspaceLifecycleService(
      uow,
      workspaceAccess,
      workspaceMembers,
      memberProjects,
      mailer,
      storage,
      log,
      config.appUrl,
    ),
    /** A project's files in storage, removed after the rows are gone. */
    projectFiles,
    /** What a member's leaving or an ownership change does to their projects. */
    memberProjects,
  };
}
