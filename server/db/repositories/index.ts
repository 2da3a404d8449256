import type { Db } from '../database';
import { AccessCodesRepository } from './accessCodes';
import { AssetDecisionsRepository } from './assetDecisions';
import { AssetListsRepository } from './assetLists';
import { AssetUploadsRepository } from './assetUploads';
import { AssetUserStatesRepository } from './assetUserStates';
import { AssetVersionsRepository } from './assetVersions';
import { AssetViewersRepository } from './assetViewers';
import { AssetsRepository } from './assets';
import { ActivityLogsRepository } from './activityLogs';
import { AttemptThrottlesRepository } from './attemptThrottles';
import { BillingRepository } from './billing';
import { CommentsRepository } from './comments';
import { CommentRoundsRepository } from './commentRounds';
import { CommentThreadsRepository } from './commentThreads';
import { DomainEventsRepository } from './domainEvents';
import { GuestsRepository } from './guests';
import { FoldersRepository } from './folders';
import { LabelsRepository } from './labels';
import { LiveFactsRepository } from './liveFacts';
import { MailOutboxRepository } from './mailOutbox';
import { MemberProjectsRepository } from './memberProjects';
import { NotificationsRepository } from './notifications';
import { NotificationDigestsRepository } from './notificationDigests';
import { PasswordResetTokensRepository } from './passwordResetTokens';
import { ProjectFactsRepository } from './projectFacts';
import { ProjectInvitationsRepository } from './projectInvitations';
import { ProjectListsRepository } from './projectLists';
import { ProjectMembersRepository } from './projectMembers';
import { ProjectUserStatesRepository } from './projectUserStates';
import { ProjectsRepository } from './projects';
import { RateLimitsRepository } from './rateLimits';
import { SandboxPaymentsRepository } from './sandboxPayments';
import { SessionsRepository } from './sessions';
import { SharedAssetsRepository } from './sharedAssets';
import { ShareLinksRepository } from './shareLinks';
import { StoredKeysRepository } from './storedKeys';
import { SubscriptionsRepository } from './subscriptions';
import { TasksRepository } from './tasks';
import { UserDismissalsRepository } from './userDismissals';
import { UsersRepository } from './users';
import { WorkspaceFactsRepository } from './workspaceFacts';
import { WorkspaceInvitationsRepository } from './workspaceInvitations';
import { WorkspaceMembersRepository } from './workspaceMembers';
import { WorkspacesRepository } from './workspaces';
import { UploadLocksRepository } from './uploadLocks';

/** Every repository, by the name services use; a new repository is added here once. */
const REPOSITORIES = {
  accessCodes: (db: Db) => new AccessCodesRepository(db),
  activityLogs: (db: Db) => new ActivityLogsRepository(db),
  assets: (db: Db) => new AssetsRepository(db),
  assetDecisions: (db: Db) => new AssetDecisionsRepository(db),
  assetLists: (db: Db) => new AssetListsRepository(db),
  assetUploads: (db: Db) => new AssetUploadsRepository(db),
  assetUserStates: (db: Db) => new AssetUserStatesRepository(db),
  assetVersions: (db: Db) => new AssetVersionsRepository(db),
  assetViewers: (db: Db) => new AssetViewersRepository(db),
  uploadLocks: (db: Db) => new UploadLocksRepository(db),
  attemptThrottles: (db: Db) => new AttemptThrottlesRepository(db),
  billing: (db: Db) => new BillingRepository(db),
  comments: (db: Db) => new CommentsRepository(db),
  commentRounds: (db: Db) => new CommentRoundsRepository(db),
  commentThreads: (db: Db) => new CommentThreadsRepository(db),
  domainEvents: (db: Db) => new DomainEventsRepository(db),
  folders: (db: Db) => new FoldersRepository(db),
  guests: (db: Db) => new GuestsRepository(db),
  labels: (db: Db) => new LabelsRepository(db),
  liveFacts: (db: Db) => new LiveFactsRepository(db),
  mailOutbox: (db: Db) => new MailOutboxRepository(db),
  memberProjects: (db: Db) => new MemberProjectsRepository(db),
  notifications: (db: Db) => new NotificationsRepository(db),
  notificationDigests: (db: Db) => new NotificationDigestsRepository(db),
  passwordResetTokens: (db: Db) => new PasswordResetTokensRepository(db),
  projectFacts: (db: Db) => new ProjectFactsRepository(db),
  projectInvitations: (db: Db) => new ProjectInvitationsRepository(db),
  projectLists: (db: Db) => new ProjectListsRepository(db),
  projectMembers: (db: Db) => new ProjectMembersRepository(db),
  projectUserStates: (db: Db) => new ProjectUserStatesRepository(db),
  projects: (db: Db) => new ProjectsRepository(db),
  rateLimits: (db: Db) => new RateLimitsRepository(db),
  sandboxPayments: (db: Db) => new SandboxPaymentsRepository(db),
  sessions: (db: Db) => new SessionsRepository(db),
  sharedAssets: (db: Db) => new SharedAssetsRepository(db),
  shareLinks: (db: Db) => new ShareLinksRepository(db),
  storedKeys: (db: Db) => new StoredKeysRepository(db),
  subscriptions: (db: Db) => new SubscriptionsRepository(db),
  tasks: (db: Db) => new TasksRepository(db),
  userDismissals: (db: Db) => new UserDismissalsRepository(db),
  users: (db: Db) => new UsersRepository(db),
  workspaceFacts: (db: Db) => new WorkspaceFactsRepository(db),
  workspaceInvitations: (db: Db) => new WorkspaceInvitationsRepository(db),
  workspaceMembers: (db: Db) => new WorkspaceMembersRepository(db),
  workspaces: (db: Db) => new WorkspacesRepository(db),
};

export type Repositories = {
  readonly [K in keyof typeof REPOSITORIES]: ReturnType<(typeof REPOSITORIES)[K]>;
};

/** The repositories on one connection or transaction, each made when first used. */
export function repositoriesOn(db: Db): Repositories {
  const made: Partial<Record<keyof Repositories, unknown>> = {};
  const repositories = {} as Repositories;
  for (const name of Object.keys(REPOSITORIES) as (keyof Repositories)[]) {
    Object.defineProperty(repositories, name, {
      enumerable: true,
      get: () => (made[name] ??= REPOSITORIES[name](db)),
    });
  }
  return repositories;
}
