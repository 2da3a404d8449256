import type { DomainEvent, DomainEventInput } from '@common/domainEvents';
import type { Clock } from '../clock';
import type { Db } from './database';
import { lockRow } from './locks';
import { repositoriesOn, type Repositories } from './repositories';

/** The repositories bound to one transaction, and the events it records. */
export interface Tx extends Repositories {
  /** Records a domain event: it exists if and only if the transaction commits. */
  record(event: DomainEventInput): Promise<DomainEvent>;
  /** Records many events in one statement (bulk actions). */
  recordMany(events: DomainEventInput[]): Promise<DomainEvent[]>;
  /** Locks one row until commit (PostgreSQL), so a check and the write it allows cannot interleave. */
  lock(table: 'workspaces' | 'projects', id: number): Promise<void>;
}

export type CommitListener = (events: DomainEvent[]) => Promise<void>;

/**
 * The one transaction convention: services do their writes in `transaction`, through the
 * repositories it hands out, and record what happened there. After commit, the events go to the
 * listeners (the event dispatcher); a rollback drops them with the rest. Reads outside a
 * transaction use `read`.
 */
export class UnitOfWork {
  readonly read: Repositories;
  private readonly listeners: CommitListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {
    this.read = repositoriesOn(db);
  }

  onCommit(listener: CommitListener): void {
    this.listeners.push(listener);
  }

  async transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const recorded: DomainEvent[] = [];
    const result = await this.db.transaction().execute((trx) => work(this.bind(trx, recorded)));
    if (recorded.length > 0) for (const listener of this.listeners) await listener(recorded);
    return result;
  }

  private bind(trx: Db, recorded: DomainEvent[]): Tx {
    const repositories = repositoriesOn(trx);
    const clock = this.clock;
    return Object.defineProperties(repositories as Tx, {
      record: {
        value: async (event: DomainEventInput) => {
          const saved = await repositories.domainEvents.insert(event, clock.now().toISOString());
          recorded.push(saved);
          return saved;
        },
      },
      recordMany: {
        value: async (events: DomainEventInput[]) => {
          const saved = await repositories.domainEvents.insertMany(events, clock.now().toISOString());
          recorded.push(...saved);
          return saved;
        },
      },
      lock: { value: (table: 'workspaces' | 'projects', id: number) => lockRow(trx, table, id) },
    });
  }
}
