import type { Config } from './config';
import { accountServices, type AccountServices } from './wiring/accounts';
import { assetServices, type AssetServices } from './wiring/assets';
import { billingServices, type BillingServices } from './wiring/billing';
import { commentServices, type CommentServices } from './wiring/comments';
import { notificationServices, type NotificationServices } from './wiring/notifications';
import { notificationDigestServices, type NotificationDigestServices } from './wiring/notificationDigests';
import { liveServices, type LiveServices } from './wiring/live';
import { createPlatform, type ContextOverrides, type Platform } from './wiring/platform';
import { projectServices, type ProjectServices } from './wiring/projects';
import { registerSubscribers } from './wiring/subscribers';
import { workspaceServices, type WorkspaceServices } from './wiring/workspaces';

export type { ContextOverrides } from './wiring/platform';

/**
 * Everything the processes (web, worker) are built from, once per process: the platform and the
 * services of each domain, wired in server/wiring/, then the event subscribers
 * (wiring/subscribers.ts). Routes never take all of it: each names the
 * services it calls (its `…RouteDeps` type).
 */
export type AppContext = Platform &
  BillingServices &
  WorkspaceServices &
  ProjectServices &
  AssetServices &
  CommentServices &
  NotificationServices &
  AccountServices &
  NotificationDigestServices &
  LiveServices;

export function createContext(config: Config, overrides: ContextOverrides = {}): AppContext {
  const platform = createPlatform(config, overrides);
  const billing = billingServices(platform);
  const workspaces = workspaceServices(platform, billing);
  const projects = projectServices(platform, workspaces);
  const assets = assetServices(platform, projects, workspaces);
  const comments = commentServices(platform, projects, assets);
  const notifications = notificationServices(platform, projects);
  const live = liveServices(platform, projects, assets);
  const accounts = accountServices(platform, [workspaces.workspaceInvitations, projects.projectInvitations]);
  const digests = notificationDigestServices(platform, projects, assets);
  const context = {
    ...platform,
    ...billing,
    ...workspaces,
    ...projects,
    ...assets,
    ...comments,
    ...notifications,
    ...accounts,
    ...digests,
    ...live,
  };
  registerSubscribers(context);
  return context;
}
