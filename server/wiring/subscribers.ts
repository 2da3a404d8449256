import { ActivityLogSubscriber } from '../events/activityLogSubscriber';
import { NotificationSubscriber } from '../events/notificationSubscriber';
import type { EventSubscriber } from '../events/subscriber';
import { UploadAccessSubscriber } from '../events/uploadAccessSubscriber';
import type { AssetServices } from './assets';
import type { Platform } from './platform';

/**
 * The readers of committed domain events, the one place they are registered. Built once every
 * domain's services exist (server/context.ts), so a subscriber takes whichever services it needs.
 *
 * The dispatcher hands each batch of committed events to them one after another, in this order,
 * then marks the batch handled; if one fails, the batch is handed to all of them again later
 * (events/dispatcher.ts), so each must be safe to run twice (key its writes on the event ids).
 * The order: what the events record (the activity log) before what they set off.
 *
 * Adding a subscriber is one line in this list: a class in server/events/ implementing
 * `EventSubscriber`, given the services it uses.
 */
/** What the subscribers are built from: the platform and the services of the domains wired before. */
export type SubscriberDeps = Pick<Platform, 'uow' | 'events'> & Pick<AssetServices, 'uploadRevocation'>;

export function eventSubscribers(ctx: SubscriberDeps): EventSubscriber[] {
  return [
    // 1. The project's activity log: an entry for each event whose type names a verb (common/domainEvents.ts).
    new ActivityLogSubscriber(ctx.uow.read.activityLogs),
    // 2. Ends the open uploads of members who lost the right to upload.
    new UploadAccessSubscriber(ctx.uploadRevocation),
    // 3. The members' notifications (services/notifications/notificationPlan.ts says who and which kind).
    new NotificationSubscriber(ctx.uow.read.notifications),
  ];
}

/** Hands the subscribers to the dispatcher, in the order of `eventSubscribers`. */
export function registerSubscribers(ctx: SubscriberDeps): void {
  for (const subscriber of eventSubscribers(ctx)) ctx.events.subscribe(subscriber);
}
