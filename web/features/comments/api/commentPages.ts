import type { Comment } from '@common/api/comments';
import type { Pagination } from '@common/api/projects';
import { isTemporary, type CommentList } from './commentCache';

/**
 * A round's comments read page after page (GET …/comments?page=N answers up to 100 threads, the
 * oldest first, each with all its replies) into the one flat list the screen and its optimistic
 * changes (commentCache.ts) work on.
 */

/** One page as the server answers it. */
export interface CommentPage {
  comments: Comment[];
  pagination: Pagination;
}

/**
 * The list on screen while a first load reads its pages: written after each page, and read back
 * before the next, as the user may have changed it since (added, edited, completed or deleted a
 * comment).
 */
export interface ShownList {
  read(): CommentList | undefined;
  write(list: Comment[]): void;
}

/** The server's order of a list: the oldest thread first, then by id. */
function listOrder(a: Comment, b: Comment): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id - b.id;
}

/**
 * Pages merged one after the other into a list the user may change between them. The threads
 * stay in the server's order (the oldest first) whatever page brought them, the user's comments
 * still on their way last; a thread already in the list stays as the list has it, and one that was
 * in it and is gone (the user deleted it) is not brought back by a page read before the deletion.
 */
export class PageMerge {
  /** Root ids that have been in the list. */
  private readonly seen = new Set<number>();

  add(current: CommentList, page: readonly Comment[]): Comment[] {
    const now = new Set(current.map((c) => c.id));
    const arriving = page.filter((c) => !now.has(c.id) && !this.seen.has(c.id));
    const saved = [...current.filter((c) => !isTemporary(c)), ...arriving].sort(listOrder);
    const next = [...saved, ...current.filter(isTemporary)];
    for (const c of next) this.seen.add(c.id);
    return next;
  }
}

/** Reads of every page before a list whose count still falls short is taken as it is. */
const PASSES = 3;

/**
 * Every thread of a comment list, asking for page 1, 2, … until the last. With `shown` (a first
 * load, nothing on screen yet) the list is written after each page, so the oldest threads show at
 * once and the others follow, merged into the list as it then stands (PageMerge) so a change made
 * meanwhile is kept. Without it (the list on screen is read again) nothing is written: the whole
 * list is answered, to take the old one's place at once. Answers the whole list either way.
 *
 * Pages are counted from the start: a thread deleted meanwhile moves the next ones a place back,
 * and one of them across into the page already read. So when the list holds fewer saved threads
 * than the last page counted, the pages are read once more (at most PASSES times in all), the
 * threads found then going in their place.
 */
export async function readAllPages(
  fetchPage: (page: number) => Promise<CommentPage>,
  shown?: ShownList,
): Promise<Comment[]> {
  const merge = new PageMerge();
  let list: Comment[] = [];
  /** Reads pages 1, 2, … up to the last into `list`; answers the last page's count of threads. */
  const pass = async (): Promise<number> => {
    for (let number = 1; ; number += 1) {
      const page = await fetchPage(number);
      list = merge.add(shown ? (shown.read() ?? []) : list, page.comments);
      shown?.write(list);
      if (page.pagination.last_page || page.comments.length === 0) return page.pagination.total_count;
    }
  };
  for (let passes = 1; ; passes += 1) {
    const counted = await pass();
    if (list.filter((c) => !isTemporary(c)).length >= counted || passes === PASSES) return list;
  }
}
