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

  /** Adds a subscriber, run after those before it: wiring/subscribers.ts registers them all, in its order. */
  subscribe(subscriber: EventSubscriber): void {
    this.subscribers.push(subscriber);
  }

  async afterCommit(events: DomainEvent[]): Promise<void> {
    await this.handleMany(events);
    for (const event of events)
      await this.bus
        .publish(event)
        .catch((err: unknown) => this.log.warn({ err, event: event.id }, 'event not published'));
  }

  /** Handles the event unless another process holds it or has handled it; answers whether it ran here. */
  async handle(event: DomainEvent): Promise<boolean> {
    return (await this.handleMany([event])) === 1;
  }

  /**
   * Claims those of the events no other process holds or has handled, and hands them to every
   * subscriber together: a fixed number of statements however many events a change recorded.
   * Answers how many ran here.
   */
  async handleMany(events: DomainEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    const now = this.clock.now();
    const until = new Date(now.getTime() + LEASE_SECONDS * 1000).toISOString();
    const taken = new Set(
      await this.events.claim(
        events.map((e) => e.id),
        now.toISOString(),
        until,
      ),
    );
    const claimed = events.filter((e) => taken.has(e.id));
    if (claimed.length === 0) return 0;
    const ids = claimed.map((e) => e.id);
    try {
      for (const subscriber of this.subscribers) await subscriber.handle(claimed);
      await this.events.markHandled(ids, this.clock.now().toISOString());
    } catch (err) {
      this.log.error({ err, events: ids }, 'event subscriber failed');
      await this.events.markFailed(ids, err instanceof Error ? err.message : String(err));
    }
    return claimed.length;
  }

  /** Takes up events left unhandled; answers how many ran here. */
  async sweep(): Promise<number> {
    const due = await this.events.claimable(this.clock.now().toISOString(), MAX_EVENT_ATTEMPTS, SWEEP_BATCH);
    return this.handleMany(due);
  }
}
