import type { DomainEvent, DomainEventType } from '@common/domainEvents';

/**
 * An event as the bus carries it: whole, or, when too large for one message (PostgreSQL NOTIFY
 * takes 8000 bytes), with `data: { truncated: true }` in place of its data: read it by its id from
 * the events table then.
 */
export type BusEvent = DomainEvent | TruncatedDomainEvent;
export type TruncatedDomainEvent = {
  [K in DomainEventType]: Omit<DomainEvent<K>, 'data'> & { data: { truncated: true } };
}[DomainEventType];

export type BusListener = (event: BusEvent) => void;

export function isTruncated(event: BusEvent): event is TruncatedDomainEvent {
  return (event.data as { truncated?: unknown }).truncated === true;
}

/**
 * A passing state that is no domain event and is never replayed: someone arrived at or left an
 * asset (presence). It says what changed, not the new state: each process reads that itself.
 */
export interface BusSignal {
  type: 'asset.viewers_changed';
  projectId: number;
  assetId: number;
}
export type SignalListener = (signal: BusSignal) => void;

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
  /** Sends a signal to every web process (this one included), best effort. */
  signal(signal: BusSignal): Promise<void>;
  onSignal(listener: SignalListener): () => void;
  close(): Promise<void>;
}
