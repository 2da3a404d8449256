import type { Db } from '@server/db/database';

/**
 * The SQL statements an app runs during a piece of work (the job queue's polling left out): wrap
 * the app's database with `wrap` (startTestApp's wrapDb), then `during(work)`.
 */
export class StatementLog {
  private logged: string[] | null = null;

  readonly wrap = (db: Db): Db =>
    db.withPlugin({
      transformQuery: (args) => {
        const sql = db.getExecutor().compileQuery(args.node, args.queryId).sql;
        if (!/"jobs"|"job_schedules"/.test(sql)) this.logged?.push(sql);
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });

  /** What `work` answers, and the statements run while it ran. */
  async during<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
    const statements: string[] = [];
    this.logged = statements;
    try {
      return { result: await work(), statements };
    } finally {
      this.logged = null;
    }
  }
}
