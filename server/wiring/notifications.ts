import { NotificationSubscriber } from '../events/notificationSubscriber';
import { NotificationService } from '../services/notifications/notifications';
import type { Platform } from './platform';
import type { ProjectServices } from './projects';

export type NotificationServices = ReturnType<typeof notificationServices>;

/**
 * Notifications: the subscriber that makes them from committed events, and the calls of the panel
 * and the bell.
 */
export function notificationServices(
  p: Platform,
  { projectAccess, projectAnswer }: Pick<ProjectServices, 'projectAccess' | 'projectAnswer'>,
) {
  p.events.subscribe(new NotificationSubscriber(p.uow.read.notifications));
  return {
    /** A member's notifications: pages, seen, pins, opens, a project's mute. */
    notifications: new NotificationService(p.uow, projectAccess, projectAnswer, p.clock),
  };
}
