import type { DomainEvent } from '@common/domainEvents';
import type { Logger } from 'pino';
import type { EventBus } from '../adapters/bus/eventBus';
import type { Clock } from '../clock';
import type { DomainEventsRepository } from '../db/repositories/domainEvents';
import type { EventSubscriber } from './subscriber';

const LEASE_SECONDS = 60;
/** An event whose subscribers failed this many times is left with its error for a person to look at. */
export const MAX_EVENT_ATTEMPTS = 10;
const SWEEP_BATCH = 200;

/**
 * Hands committed events to the subscribers, each event once across all instances: the instance
 * that committed claims it at once; events whose handling failed or whose process died are taken
 * again by `sweep` (the 'events.redeliver' job) once their lease has passed. Then the bus carries
 * the event to every web process.
 */
export class EventDispatcher {
  constructor(
    private readonly events: DomainEventsRepository,
    private readonly subscribers: EventSubscriber[],
    private readonly bus: EventBus,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async afterCommit(events: DomainEvent[]): Promise<void> {
    for (const event of events) await this.handle(event);
    for (const event of events)
      await this.bus
        .publish(event)
        .catch((err: unknown) => this.log.warn({ err, event: event.id }, 'event not published'));
  }

  /** Handles the event unless another process holds it or has handled it; answers whether it ran here. */
  async handle(event: DomainEvent): Promise<boolean> {
    const now = this.clock.now();
    const until = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
    if (!(await this.events.claim(event.id, now.toISOString(), until))) return false;
    try {
      for (const subscriber of this.subscribers) await subscriber.handle(event);
      await this.events.markHandled(event.id, this.clock.now().toISOString());
    } catch (err) {
      this.log.error({ err, event: event.id, type: event.type }, 'event subscriber failed');
      await this.events.markFailed(event.id, err instanceof Error ? err.message : String(err));
    }
    return true;
  }

  /** Takes up events left unhandled; answers how many ran here. */
  async sweep(): Promise<number> {
    const due = await this.events.claimable(this.clock.now().toISOString(), MAX_EVENT_ATTEMPTS, SWEEP_BATCH);
    let handled = 0;
    for (const event of due) if (await this.handle(event)) handled += 1;
    return handled;
  }
}
