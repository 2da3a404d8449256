import type { DomainEvent } from '@common/domainEvents';
import type { BusListener, BusSignal, EventBus, SignalListener } from './eventBus';

/** The embedded mode's bus: one process, so publishing is calling the listeners. */
export class MemoryEventBus implements EventBus {
  private readonly listeners = new Set<BusListener>();
  private readonly signalListeners = new Set<SignalListener>();

  async start(): Promise<void> {}

  async publish(event: DomainEvent): Promise<void> {
    for (const listener of this.listeners) listener(event);
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async signal(signal: BusSignal): Promise<void> {
    for (const listener of this.signalListeners) listener(signal);
  }

  onSignal(listener: SignalListener): () => void {
    this.signalListeners.add(listener);
    return () => this.signalListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.signalListeners.clear();
  }
}
