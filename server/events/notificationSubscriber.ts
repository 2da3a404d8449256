import type { DomainEvent } from '@common/domainEvents';
import type { NotificationsRepository } from '../db/repositories/notifications';
import { notifyingFacts, planNotifications } from '../services/notifications/notificationPlan';
import type { EventSubscriber } from './subscriber';

/**
 * Turns committed events into the members' notifications (projects-side §3; who gets which kind:
 * services/notifications/notificationPlan.ts). However many events and members: one query for the
 * members with their alarms and mutes, one for the actors' names, one insert per 500 rows; nothing
 * at all for events that notify no one. Safe to run twice: a row is unique per (event, user).
 */
export class NotificationSubscriber implements EventSubscriber {
  readonly name = 'notifications';

  constructor(private readonly notifications: NotificationsRepository) {}

  async handle(events: DomainEvent[]): Promise<void> {
    const { projectIds, actorIds } = notifyingFacts(events);
    if (projectIds.length === 0) return;
    const [members, names] = await Promise.all([
      this.notifications.recipients(projectIds),
      this.notifications.names(actorIds),
    ]);
    await this.notifications.insertMany(planNotifications(events, members, names));
  }
}
