import type { DomainEvent, DomainEventInput, DomainEventType } from '@common/domainEvents';
import type { Clock } from '../clock';
import type { Db } from './database';
import { lockRow } from './locks';
import { repositoriesOn, type Repositories } from './repositories';

/** The name of one repository, as a unit of work hands it out (`tx.folders`, `read.projects`). */
export type RepositoryName = keyof Repositories;

/** What a transaction does besides handing out repositories: it records events and locks rows. */
export interface TransactionActions {
  /**
   * Records a domain event: it exists if and only if the transaction commits. Its data is checked
   * against its type's in common/domainEvents.ts.
   */
  record<T extends DomainEventType>(event: DomainEventInput<T>): Promise<DomainEvent<T>>;
  /** Records many events in one statement (bulk actions). */
  recordMany<T extends DomainEventType>(events: DomainEventInput<T>[]): Promise<DomainEvent<T>[]>;
  /** Locks one row until commit (PostgreSQL), so a check and the write it allows cannot interleave. */
  lock(table: 'workspaces' | 'projects', id: number): Promise<void>;
}

/**
 * The repositories R bound to one transaction, and the events it records. A service names the
 * repositories it uses, so its type says what it can reach: `TxOf<'folders' | 'projects'>`
 * (`TxOf<never>` for a helper that only records or locks).
 */
export type TxOf<R extends RepositoryName> = Pick<Repositories, R> & TransactionActions;

/** A transaction over every repository: for the unit of work itself, not for services. */
export type Tx = TxOf<RepositoryName>;

/**
 * The unit of work narrowed to the repositories R: what a service receives, the way a route
 * receives its …RouteDeps rather than the whole AppContext. The one UnitOfWork is every one of them.
 */
export interface UnitOfWorkOf<R extends RepositoryName> {
  readonly read: Pick<Repositories, R>;
  transaction<T>(work: (tx: TxOf<R>) => Promise<T>): Promise<T>;
}

export type CommitListener = (events: DomainEvent[]) => Promise<void>;

/**
 * The one transaction convention: services do their writes in `transaction`, through the
 * repositories it hands out, and record what happened there. After commit, the events go to the
 * listeners (the event dispatcher); a rollback drops them with the rest. Reads outside a
 * transaction use `read`.
 */
export class UnitOfWork implements UnitOfWorkOf<RepositoryName> {
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
