import type { DomainEvent } from '@common/domainEvents';
import type { BusListener, EventBus } from './eventBus';

/** The embedded mode's bus: one process, so publishing is calling the listeners. */
export class MemoryEventBus implements EventBus {
  private readonly listeners = new Set<BusListener>();

  async start(): Promise<void> {}

  async publish(event: DomainEvent): Promise<void> {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
