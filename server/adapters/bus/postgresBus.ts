import type { DomainEvent } from '@common/domainEvents';
import pg from 'pg';
import type { Logger } from 'pino';
import type { BusEvent, BusListener, BusSignal, EventBus, SignalListener } from './eventBus';

/** NOTIFY payloads are limited to 8000 bytes; larger events travel without their data. */
const MAX_PAYLOAD = 7900;
const RECONNECT_MS = 1000;

/**
 * The scaled-out bus: every instance LISTENs on one channel of the database (one per schema, so
 * tenants of one server never hear each other) on a connection of its own, and publishes with
 * pg_notify. PostgreSQL delivers a notification to every listener, the publisher included.
 */
export class PostgresEventBus implements EventBus {
  private readonly listeners = new Set<BusListener>();
  private readonly signalListeners = new Set<SignalListener>();
  private client: pg.Client | null = null;
  private closed = false;
  /** One pg client runs one query at a time: notifies wait their turn (pg@9 drops its own queue). */
  private sending: Promise<unknown> = Promise.resolve();
  readonly channel: string;

  constructor(
    private readonly url: string,
    schema: string | undefined,
    private readonly log: Logger,
  ) {
    this.channel = schema ? `proofroom_events_${schema}` : 'proofroom_events';
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== this.channel || !message.payload) return;
      const parsed = JSON.parse(message.payload) as BusEvent | { signal: BusSignal };
      if ('signal' in parsed) for (const listener of this.signalListeners) listener(parsed.signal);
      else for (const listener of this.listeners) listener(parsed);
    });
    client.on('error', (err) => {
      this.log.warn({ err }, 'event bus connection lost');
      if (this.client === client) this.reconnect();
    });
    await client.connect();
    await client.query(`LISTEN "${this.channel}"`);
    this.client = client;
  }

  async publish(event: DomainEvent): Promise<void> {
    if (!this.client) return;
    let payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD)
      payload = JSON.stringify({ ...event, data: { truncated: true } });
    await this.notify(this.client, payload);
  }

  /** On the events' channel, told apart by its `signal` key (an event has none). */
  async signal(signal: BusSignal): Promise<void> {
    if (!this.client) return;
    await this.notify(this.client, JSON.stringify({ signal }));
  }

  private notify(client: pg.Client, payload: string): Promise<unknown> {
    const sent = this.sending.then(() => client.query('select pg_notify($1, $2)', [this.channel, payload]));
    this.sending = sent.catch(() => undefined);
    return sent;
  }

  onSignal(listener: SignalListener): () => void {
    this.signalListeners.add(listener);
    return () => this.signalListeners.delete(listener);
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.signalListeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private reconnect(): void {
    const lost = this.client;
    this.client = null;
    void lost?.end().catch(() => undefined);
    setTimeout(() => {
      if (this.closed) return;
      this.start().catch((err: unknown) => {
        this.log.error({ err }, 'event bus could not reconnect');
        this.reconnect();
      });
    }, RECONNECT_MS).unref();
  }
}
