import type { Db } from '../database';
import { commentsWithAuthors, type CommentWithAuthor } from './comments';

/** Which threads of an asset a comment list pages through. */
export interface ThreadScope {
  assetId: number;
  /** Those made on this round (its id); every round's when absent. */
  versionId?: number;
  /** Open root comments only (filter=unresolved). */
  unresolved?: boolean;
}

/**
 * An asset's comments a page of threads at a time (GET /assets/{id}/comments and per round): the
 * root comments of a page in the list's order (the oldest first, then by id), how many there are,
 * and the replies of just those roots.
 */
export class CommentThreadsRepository {
  constructor(private readonly db: Db) {}

  private withAuthor() {
    return commentsWithAuthors(this.db);
  }

  /** `limit` root comments of `scope` from `offset`, with their authors. */
  rootPage(scope: ThreadScope, limit: number, offset: number): Promise<CommentWithAuthor[]> {
    return this.withAuthor()
      .where('c.asset_id', '=', scope.assetId)
      .where('c.parent_id', 'is', null)
      .$if(scope.versionId !== undefined, (q) => q.where('c.version_id', '=', scope.versionId!))
      .$if(scope.unresolved === true, (q) => q.where('c.completed_at', 'is', null))
      .orderBy('c.created_at')
      .orderBy('c.id')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  /** How many root comments `rootPage` pages through. */
  async countRoots(scope: ThreadScope): Promise<number> {
    const { count } = await this.db
      .selectFrom('comments as c')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('c.asset_id', '=', scope.assetId)
      .where('c.parent_id', 'is', null)
      .$if(scope.versionId !== undefined, (q) => q.where('c.version_id', '=', scope.versionId!))
      .$if(scope.unresolved === true, (q) => q.where('c.completed_at', 'is', null))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Every reply of these root comments, with their authors, the oldest first. */
  repliesOf(rootIds: number[]): Promise<CommentWithAuthor[]> {
    if (rootIds.length === 0) return Promise.resolve([]);
    return this.withAuthor()
      .where('c.parent_id', 'in', rootIds)
      .orderBy('c.created_at')
      .orderBy('c.id')
      .execute();
  }
}
