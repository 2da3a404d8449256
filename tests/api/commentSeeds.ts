import type { AppContext } from '@server/context';

/** One root comment to write, with what a test states of it. */
export interface SeedThread {
  /** Completed (by its author), so filter=unresolved leaves it out. */
  completed?: boolean;
  /** How many replies it gets, written after every root of the same call. */
  replies?: number;
}

export interface SeededThread {
  id: number;
  replyIds: number[];
}

const CHUNK = 200;
/** Each comment written gets its own second, later than every one written before, from here. */
const START = Date.parse('2026-01-01T00:00:00.000Z');
let seconds = 0;
const nextTime = () => new Date(START + 1000 * ++seconds).toISOString();

/**
 * Root comments (threads) and their replies written straight to the database on round
 * `roundNumber` of the asset (its current round when absent), by `authorId`: hundreds at once,
 * for the comment lists' pages. The roots are the oldest first in the order given; the replies
 * come after all of them, so a thread's replies are not next to it in time. Answers each root's
 * id with its replies' ids, in the order given. The unresolved counts are not moved.
 */
export async function seedThreads(
  ctx: AppContext,
  assetId: number,
  authorId: number,
  threads: SeedThread[],
  roundNumber?: number,
): Promise<SeededThread[]> {
  const asset = await ctx.db
    .selectFrom('assets')
    .select(['project_id', 'current_version_id', 'round_number'])
    .where('id', '=', assetId)
    .executeTakeFirstOrThrow();
  const round = await ctx.db
    .selectFrom('asset_versions')
    .select(['id', 'number'])
    .where('asset_id', '=', assetId)
    .where('number', '=', roundNumber ?? asset.round_number)
    .executeTakeFirstOrThrow();
  const row = (text: string, parentId: number | null, completed: boolean) => {
    const at = nextTime();
    return {
      project_id: asset.project_id,
      asset_id: assetId,
      version_id: round.id,
      round_number: round.number,
      user_id: authorId,
      parent_id: parentId,
      text,
      markup_number: null,
      completed_at: completed ? at : null,
      completed_by_id: completed ? authorId : null,
      created_at: at,
      updated_at: at,
    };
  };
  return ctx.db.transaction().execute(async (trx) => {
    const roots: number[] = [];
    for (let start = 0; start < threads.length; start += CHUNK) {
      const rows = threads
        .slice(start, start + CHUNK)
        .map((thread, i) => row(`Thread ${start + i + 1}`, null, thread.completed === true));
      const inserted = await trx.insertInto('comments').values(rows).returning('id').execute();
      roots.push(...inserted.map((r) => r.id).sort((a, b) => a - b));
    }
    const seeded: SeededThread[] = [];
    for (const [index, thread] of threads.entries()) {
      const id = roots[index]!;
      const replyIds: number[] = [];
      for (let r = 0; r < (thread.replies ?? 0); r++) {
        const { id: replyId } = await trx
          .insertInto('comments')
          .values(row(`Reply ${r + 1} to thread ${index + 1}`, id, false))
          .returning('id')
          .executeTakeFirstOrThrow();
        replyIds.push(replyId);
      }
      seeded.push({ id, replyIds });
    }
    return seeded;
  });
}
