import type { DomainEvent } from '@common/domainEvents';

/** One reader of committed events: the activity log now; notifications, digests and the live stream later. */
export interface EventSubscriber {
  name: string;
  /** Runs once per event it cares about, after commit; it must be safe to run again after a crash. */
  handle(event: DomainEvent): Promise<void>;
}
