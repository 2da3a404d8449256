import { NotificationDigestService } from '../services/notifications/notificationDigests';
import type { AssetServices } from './assets';
import type { Platform } from './platform';
import type { ProjectServices } from './projects';

export type NotificationDigestServices = ReturnType<typeof notificationDigestServices>;

/** E-mail digests of notifications: the recurring run, each user's delivery, the unsubscribe link. */
export function notificationDigestServices(
  p: Platform,
  { projectAccess }: Pick<ProjectServices, 'projectAccess'>,
  { assets }: Pick<AssetServices, 'assets'>,
) {
  const { uow, jobs, mailDelivery, clock, config, log } = p;
  return {
    notificationDigests: new NotificationDigestService(
      uow,
      projectAccess,
      jobs,
      mailDelivery,
      clock,
      { appUrl: config.appUrl, secret: config.sessionSecret },
      log,
      (userId, versionId) => assets.roundFile(userId, versionId),
    ),
  };
}
