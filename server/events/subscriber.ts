import type { DomainEvent } from '@common/domainEvents';

/**
 * One reader of committed events, registered in server/wiring/subscribers.ts. Narrowing on
 * `event.type` types `event.data` (common/domainEvents.ts).
 */
export interface EventSubscriber {
  name: string;
  /**
   * Runs once for the events committed together (or swept up together), in the order they
   * happened, and skips the kinds it does not read. It must be safe to run again after a crash:
   * key its writes on the event ids.
   */
  handle(events: DomainEvent[]): Promise<void>;
}
