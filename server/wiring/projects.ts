import { ProjectPresenter } from '../presenters/project';
import { ActivityLogReader } from '../services/projects/activityLogReader';
import { AssetFolderContents } from '../services/projects/assetFolderContents';
import { FolderService } from '../services/projects/folders';
import { GuestService } from '../services/projects/guests';
import { InvitationEmailAllowance } from '../services/workspaces/invitationEmailAllowance';
import { LabelService } from '../services/projects/labels';
import { ProjectAccess } from '../services/projects/projectAccess';
import { ProjectAnswer } from '../services/projects/projectAnswer';
import { ProjectBulkActions } from '../services/projects/projectBulkActions';
import { ProjectCover } from '../services/projects/projectCover';
import { ProjectCreation } from '../services/projects/projectCreation';
import { ProjectInvitationService } from '../services/projects/projectInvitations';
import { ProjectLists } from '../services/projects/projectLists';
import { ProjectMemberService } from '../services/projects/projectMembers';
import { ProjectService } from '../services/projects/projects';
import { ProjectSharing } from '../services/projects/projectSharing';
import { ProjectsViewOptionsService } from '../services/projects/projectsViewOptions';
import { ProjectTransfers } from '../services/projects/projectTransfers';
import { SharedAccess } from '../services/projects/sharedAccess';
import { ShareLinkService } from '../services/projects/shareLinks';
import { TaskService } from '../services/projects/tasks';
import { WorkspaceProjects } from '../services/projects/workspaceProjects';
import type { Platform } from './platform';
import type { WorkspaceServices } from './workspaces';

export type ProjectServices = ReturnType<typeof projectServices>;

/** Projects: access, lists, edits, members, folders, labels, sharing, transfers, the activity log. */
export function projectServices(
  p: Platform,
  { workspaceAccess, projectFiles }: Pick<WorkspaceServices, 'workspaceAccess' | 'projectFiles'>,
) {
  const { uow, clock, config, mailer, storage, limiter } = p;
  const projectAccess = new ProjectAccess(uow.read.projects);
  const projectPresenter = new ProjectPresenter(uow.read.projectFacts);
  const projectAnswer = new ProjectAnswer(projectAccess, projectPresenter);
  const projectsViewOptions = new ProjectsViewOptionsService(uow);
  const folders = new FolderService(
    uow,
    projectAccess,
    clock,
    new AssetFolderContents(uow, (rounds, otherKeys) => projectFiles.removeRounds(rounds, otherKeys)),
  );
  return {
    /** The one door to a project for signed-in users (404 for anyone not allowed to see it). */
    projectAccess,
    /** Presents projects for one user, their facts batch-loaded. */
    projectPresenter,
    /** One project as the caller now sees it (let in again, presented). */
    projectAnswer,
    projectCreation: new ProjectCreation(uow, workspaceAccess, projectAnswer, clock),
    /** Rename, edit, rush flag and last seen of one project. */
    projectService: new ProjectService(uow, projectAccess, workspaceAccess, projectAnswer, clock),
    /** Delete, archive, restore, hide, unhide and leave many projects. */
    projectBulkActions: new ProjectBulkActions(uow, projectAccess, projectFiles, clock),
    /** GET /projects/active, /archived, /hidden. */
    projectLists: new ProjectLists(uow.read.projectLists, projectPresenter, projectsViewOptions),
    projectsViewOptions,
    /** Ownership to another member; the project to another workspace. */
    projectTransfers: new ProjectTransfers(
      uow,
      projectAccess,
      workspaceAccess,
      projectAnswer,
      mailer,
      clock,
      config.appUrl,
    ),
    projectCover: new ProjectCover(uow, storage, projectAccess, workspaceAccess, projectAnswer, clock),
    /** The Projects tab of a workspace. */
    workspaceProjects: new WorkspaceProjects(uow, workspaceAccess),
    projectMembers: new ProjectMemberService(uow, projectAccess),
    projectInvitations: new ProjectInvitationService({
      uow,
      projectAccess,
      projectAnswer,
      workspaceAccess,
      mailer,
      emailAllowance: new InvitationEmailAllowance(limiter, clock, config.inviteEmailsPerDay),
      clock,
      appUrl: config.appUrl,
    }),
    folders,
    labels: new LabelService(uow, projectAccess, workspaceAccess, projectPresenter, clock),
    /** THE check every shared (anonymous) call goes through. */
    sharedAccess: new SharedAccess(
      uow.read.projects,
      uow.read.shareLinks,
      clock,
      limiter,
      config.sessionSecret,
    ),
    projectSharing: new ProjectSharing(uow, projectAccess, folders, clock),
    /** Links beside the public link: to the project, a folder or a selection (issue 26). */
    shareLinks: new ShareLinkService(uow, projectAccess, clock),
    /** Who the guests of review links are (their token's cookie). */
    guests: new GuestService(uow, clock),
    activityLogReader: new ActivityLogReader(uow, projectAccess),
    /** A project's tasks panel. */
    tasks: new TaskService(uow, projectAccess, clock),
  };
}
