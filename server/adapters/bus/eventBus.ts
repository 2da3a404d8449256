import type { DomainEvent } from '@common/domainEvents';

export type BusListener = (event: DomainEvent) => void;

/**
 * Fans committed domain events out to every web process (for the live stream): in-process when
 * one process runs the app, PostgreSQL LISTEN/NOTIFY between instances. Delivery is best effort
 * and at most once per process; what must happen exactly once is done by the subscribers.
 */
export interface EventBus {
  start(): Promise<void>;
  publish(event: DomainEvent): Promise<void>;
  /** Answers the function that stops listening. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}
