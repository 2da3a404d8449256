import type BetterSqlite3 from 'better-sqlite3';
import SQLite from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

type Connection = BetterSqlite3.Database;
type Statement = BetterSqlite3.Statement<unknown[], unknown>;

/** Prepared statements kept per connection; the app's queries are far fewer than this. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * SQLite for a web process: a write connection that one transaction holds at a time, beside a
 * read-only connection that every read outside a transaction uses, so reads never queue behind a
 * write transaction (WAL lets readers run while a writer holds its lock). On `:memory:` there is
 * no second connection to open and everything uses the one.
 *
 * Kysely's own SQLite driver prepares every statement anew, and wakes every waiter of its lock
 * each time it is released (under load, most of a request's time went there); this one keeps the
 * prepared statements and hands its lock to waiters in turn.
 *
 * Transactions take the write lock when they begin (BEGIN IMMEDIATE). With the default deferred
 * BEGIN, a transaction that reads and then writes while another process (a worker beside the web
 * process) has written in between fails at once with SQLITE_BUSY instead of waiting its turn
 * under busy_timeout.
 */
export function sqliteDialect(file: string): SqliteDialect {
  const writer = open(file);
  const reader = file === ':memory:' ? writer : open(file, { readOnly: true });
  return new (class extends SqliteDialect {
    override createDriver(): Driver {
      return new ReadWriteDriver(writer, reader);
    }
  })({ database: writer });
}

function open(file: string, { readOnly = false } = {}): Connection {
  const connection = new SQLite(file);
  if (readOnly) connection.pragma('query_only = ON');
  else connection.pragma('journal_mode = WAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  return connection;
}

/**
 * Prepared statements of one connection, the least recently used dropped past the limit.
 *
 * On the read connection, the reads of one turn of the event loop share one read transaction
 * (a snapshot): outside a transaction each statement would begin and end its own, and in WAL mode
 * that is a round of file locks, several times the cost of a lookup by key. The snapshot is as
 * fresh as the requests it serves: it begins after the turn's requests arrived, so it holds every
 * commit that any of them can have seen answered; a commit of this process ends it at once (the
 * next read begins another), and so does the end of the turn.
 */
class Statements {
  private readonly cache = new Map<string, Statement>();
  private inSnapshot = false;

  constructor(readonly connection: Connection) {}

  joinSnapshot(): void {
    if (this.inSnapshot) return;
    this.connection.exec('begin');
    this.inSnapshot = true;
    setImmediate(() => this.endSnapshot());
  }

  endSnapshot(): void {
    if (!this.inSnapshot) return;
    this.inSnapshot = false;
    if (this.connection.inTransaction) this.connection.exec('commit');
  }

  get(sql: string): Statement {
    const cached = this.cache.get(sql);
    if (cached) {
      this.cache.delete(sql);
      this.cache.set(sql, cached);
      return cached;
    }
    const statement = this.connection.prepare(sql);
    this.cache.set(sql, statement);
    if (this.cache.size > STATEMENT_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return statement;
  }

  /** The statement, or undefined where this connection cannot prepare it (the writer then answers). */
  tryGet(sql: string): Statement | undefined {
    try {
      return this.get(sql);
    } catch {
      return undefined;
    }
  }
}

/** The write connection's lock, handed to its waiters one at a time, first come first served. */
class WriteLock {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  acquire(): Promise<void> | undefined {
    if (!this.held) {
      this.held = true;
      return undefined;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

class ReadWriteDriver implements Driver {
  private readonly writes: Statements;
  private readonly reads: Statements;
  private readonly lock = new WriteLock();

  constructor(writer: Connection, reader: Connection) {
    this.writes = new Statements(writer);
    this.reads = reader === writer ? this.writes : new Statements(reader);
  }

  async init(): Promise<void> {}

  /** A handle that takes the write lock only for a transaction or a write, not for a read. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new Handle(this.writes, this.reads, this.lock);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const handle = connection as Handle;
    await this.lock.acquire();
    handle.inTransaction = true;
    try {
      await handle.executeQuery(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      handle.inTransaction = false;
      this.lock.release();
      throw error;
    }
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as Handle, 'commit');
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await this.end(connection as Handle, 'rollback');
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    this.reads.endSnapshot();
    if (this.reads !== this.writes) this.reads.connection.close();
    this.writes.connection.close();
  }

  private async end(handle: Handle, command: 'commit' | 'rollback'): Promise<void> {
    try {
      await handle.executeQuery(CompiledQuery.raw(command));
    } finally {
      this.reads.endSnapshot();
      handle.inTransaction = false;
      this.lock.release();
    }
  }
}

/** A query, not a pragma or a transaction command (which SQLite also counts as read-only). */
const READ = /^\s*(select|with)\b/i;

/**
 * One caller's connection: inside a transaction every statement goes to the write connection,
 * whose lock the transaction holds; outside one, a read goes to the read connection at once and a
 * write waits for the lock, runs alone and lets go.
 */
class Handle implements DatabaseConnection {
  inTransaction = false;

  constructor(
    private readonly writes: Statements,
    private readonly reads: Statements,
    private readonly lock: WriteLock,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    if (this.inTransaction) return run<R>(this.writes.get(query.sql), query.parameters);
    const read =
      this.reads !== this.writes && READ.test(query.sql) ? this.reads.tryGet(query.sql) : undefined;
    if (read?.readonly) {
      this.reads.joinSnapshot();
      return run<R>(read, query.parameters);
    }
    await this.lock.acquire();
    try {
      return run<R>(this.writes.get(query.sql), query.parameters);
    } finally {
      this.reads.endSnapshot();
      this.lock.release();
    }
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not used on SQLite here');
  }
}

function run<R>(statement: Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
