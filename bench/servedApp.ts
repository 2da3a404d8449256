import type { ChildProcess, Serializable } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import type { QueryExecutor } from 'kysely';

/**
 * What the read benchmarks (reads.ts, assetLists.ts) share: the app under test serves in a child
 * process beside a bare Fastify route sending the same bytes, and reports its routes to the load
 * process, which asks it things by message.
 */

export interface Route {
  name: string;
  path: string;
  /** Database queries the app makes for one call of the route, counted in the app process. */
  queries: number;
  bytes: number;
}

/** What the app process reports once it serves. */
export interface Served {
  appUrl: string;
  bareUrl: string;
  cookie: string;
  routes: Route[];
}

export interface QueryCounter {
  count: number;
}

/** Counts the queries of `db` from now on; set `count` to 0 to start a measure. */
export function countQueries(db: { getExecutor(): QueryExecutor }): QueryCounter {
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  const counter = { count: 0 };
  executor.executeQuery = (...args) => {
    counter.count++;
    return execute(...args);
  };
  return counter;
}

/**
 * A route's answer to its second call (the first compiles it) and the queries that call made;
 * throws unless it is a 200.
 */
export async function measuredAnswer(
  name: string,
  url: string,
  cookie: string,
  queries: QueryCounter,
): Promise<{ body: Buffer; type: string; queries: number }> {
  await fetch(url, { headers: { cookie } });
  queries.count = 0;
  const answer = await fetch(url, { headers: { cookie } });
  const body = Buffer.from(await answer.arrayBuffer());
  if (answer.status !== 200) throw new Error(`${name}: ${answer.status} ${body.toString()}`);
  return { body, type: answer.headers.get('content-type') ?? 'application/json', queries: queries.count };
}

/** Starts the bare server on a free loopback port; its address. */
export async function listenOnLoopback(bare: FastifyInstance): Promise<string> {
  await bare.listen({ host: '127.0.0.1', port: 0 });
  const address = bare.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

/** Sends a message to an app process and waits for its answer. */
export function ask(child: ChildProcess, message: Serializable): Promise<unknown> {
  return new Promise((done) => {
    child.once('message', done);
    child.send(message);
  });
}

/** Asks an app process to close (it drops its PostgreSQL schema) and waits until it has ended. */
export async function closeApp(child: ChildProcess): Promise<void> {
  child.removeAllListeners('exit');
  const ended = new Promise((done) => child.once('exit', done));
  child.send({ kind: 'close' });
  await ended;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
