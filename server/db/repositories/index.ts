import type { Db } from '../database';
import { ActivityLogsRepository } from './activityLogs';
import { AttemptThrottlesRepository } from './attemptThrottles';
import { BillingRepository } from './billing';
import { DomainEventsRepository } from './domainEvents';
import { FoldersRepository } from './folders';
import { LabelsRepository } from './labels';
import { ProjectFactsRepository } from './projectFacts';
import { ProjectInvitationsRepository } from './projectInvitations';
import { ProjectMembersRepository } from './projectMembers';
import { ProjectUserStatesRepository } from './projectUserStates';
import { ProjectsRepository } from './projects';
import { SubscriptionsRepository } from './subscriptions';
import { UsersRepository } from './users';
import { WorkspaceInvitationsRepository } from './workspaceInvitations';
import { WorkspaceMembersRepository } from './workspaceMembers';
import { WorkspacesRepository } from './workspaces';

/** Every repository, by the name services use; a new repository is added here once. */
const REPOSITORIES = {
  activityLogs: (db: Db) => new ActivityLogsRepository(db),
  attemptThrottles: (db: Db) => new AttemptThrottlesRepository(db),
  billing: (db: Db) => new BillingRepository(db),
  domainEvents: (db: Db) => new DomainEventsRepository(db),
  folders: (db: Db) => new FoldersRepository(db),
  labels: (db: Db) => new LabelsRepository(db),
  projectFacts: (db: Db) => new ProjectFactsRepository(db),
  projectInvitations: (db: Db) => new ProjectInvitationsRepository(db),
  projectMembers: (db: Db) => new ProjectMembersRepository(db),
  projectUserStates: (db: Db) => new ProjectUserStatesRepository(db),
  projects: (db: Db) => new ProjectsRepository(db),
  subscriptions: (db: Db) => new SubscriptionsRepository(db),
  users: (db: Db) => new UsersRepository(db),
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
