import { NotificationService } from '../services/notifications/notifications';
import type { Platform } from './platform';
import type { ProjectServices } from './projects';

export type NotificationServices = ReturnType<typeof notificationServices>;

/**
 * Notifications: the calls of the panel and the bell. The subscriber that makes them from committed
 * events is registered in wiring/subscribers.ts.
 */
export function notificationServices(
  p: Platform,
  { projectAccess, projectAnswer }: Pick<ProjectServices, 'projectAccess' | 'projectAnswer'>,
) {
  return {
    /** A member's notifications: pages, seen, pins, opens, a project's mute. */
    notifications: new NotificationService(p.uow, projectAccess, projectAnswer, p.clock),
  };
}
