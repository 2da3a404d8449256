import {
  mentionedIds,
  type Comment,
  type CommentFilter,
  type MarkupShape,
  type Reply,
} from '@common/api/comments';

/**
 * The comments of one round as the cache holds them (roots, each with its replies), and the pure
 * changes the optimistic calls make to it (projects-side §4: a temporary comment replaced by the
 * server's or removed; completion shown at once and put back on a failure).
 */
export type CommentList = readonly Comment[];

/** What the composer sends: a root comment (with markup or global) or a reply. */
export interface NewComment {
  asset_id: number;
  text: string;
  parent_id?: number | null;
  global_comment?: boolean;
  markup?: MarkupShape[] | null;
  /** The page of a document the markup is drawn on. */
  page?: number | null;
  files?: File[];
}

/** What the author's edit sends (PATCH /comments/{id}): the whole text, the files kept and added, and a redrawn drawing. */
export interface CommentEdit {
  text: string;
  /** Ids of the comment's files that stay. */
  keep: number[];
  /** New files, checked as on posting. */
  add: File[];
  /** The drawing redrawn; absent leaves it as it is. */
  markup?: MarkupShape[];
}

/** Who writes a new comment: a member, or a review link's guest (no id shown, no avatar). */
export interface Author {
  id: number | null;
  name: string;
  avatar: string | null;
  is_guest?: boolean;
}

let lastTempId = 0;
/** Temporary ids are negative, so they never meet a server id. */
export const nextTempId = () => --lastTempId;
export const isTemporary = (comment: Pick<Comment, 'id'>) => comment.id < 0;

/** The comment shown while POST /comments is on its way. */
export function temporaryComment(
  input: NewComment,
  author: Author,
  round: { id: number; number: number },
  now: Date,
  id = nextTempId(),
): Comment {
  const at = now.toISOString();
  const markup = input.parent_id ? [] : (input.markup ?? []);
  return {
    id,
    asset_id: input.asset_id,
    version_id: round.id,
    round_number: round.number,
    text: input.text,
    mentions: [],
    user: { id: author.id, name: author.name, avatar: author.avatar, is_guest: author.is_guest ?? false },
    parent_id: input.parent_id ?? null,
    created_at: at,
    updated_at: at,
    completed_at: null,
    markup_number: null,
    markup,
    page: input.page ?? null,
    is_edited: false,
    files: (input.files ?? []).map((file, index) => ({
      id: -(index + 1),
      name: file.name,
      size: file.size,
      url: '',
    })),
    global_comment: Boolean(input.global_comment) && !input.parent_id,
    // Until the server answers, nothing can be done to it.
    abilities: { edit: false, destroy: false, complete: false, reply: false },
    replies: [],
  };
}

const asReply = ({ replies: _replies, ...reply }: Comment): Reply => reply;

/** A new root at the end, or a reply at the end of its parent's thread. */
export function addComment(list: CommentList, comment: Comment): Comment[] {
  if (comment.parent_id === null) return [...list, comment];
  return list.map((root) =>
    root.id === comment.parent_id ? { ...root, replies: [...root.replies, asReply(comment)] } : root,
  );
}

/** `id` (a root or a reply) replaced by `next`, wherever it is; its replies kept when `next` has none. */
export function replaceComment(list: CommentList, id: number, next: Comment): Comment[] {
  return list.map((root) => {
    if (root.id === id) return next.replies.length > 0 ? next : { ...next, replies: root.replies };
    if (!root.replies.some((r) => r.id === id)) return root;
    return { ...root, replies: root.replies.map((r) => (r.id === id ? asReply(next) : r)) };
  });
}

/**
 * The comment as the edit makes it, shown while PATCH /comments/{id} is on its way: the new text
 * and drawing (its number kept), the files kept and the new ones (no address until the server has
 * them), marked edited.
 */
export function editedComment<T extends Comment | Reply>(comment: T, edit: CommentEdit): T {
  const kept = comment.files.filter((f) => edit.keep.includes(f.id));
  const added = edit.add.map((file, index) => ({
    id: -(index + 1),
    name: file.name,
    size: file.size,
    url: '',
  }));
  return {
    ...comment,
    text: edit.text,
    mentions: mentionedIds(edit.text),
    markup: edit.markup ?? comment.markup,
    files: [...kept, ...added],
    is_edited: true,
  };
}

/** Whether the edit changes anything of the comment. */
export function editChanges(comment: Comment | Reply, edit: CommentEdit): boolean {
  return (
    edit.text !== comment.text ||
    edit.add.length > 0 ||
    comment.files.some((f) => !edit.keep.includes(f.id)) ||
    (edit.markup !== undefined && JSON.stringify(edit.markup) !== JSON.stringify(comment.markup))
  );
}

/** `id` (a root or a reply) put as `change` makes it, its replies untouched. */
export function patchComment(
  list: CommentList,
  id: number,
  change: (comment: Comment | Reply) => Comment | Reply,
): Comment[] {
  return list.map((root) => {
    if (root.id === id) return { ...root, ...change(root), replies: root.replies };
    if (!root.replies.some((r) => r.id === id)) return root;
    return { ...root, replies: root.replies.map((r) => (r.id === id ? asReply(change(r) as Comment) : r)) };
  });
}

/** `id` gone: a root with its replies, or one reply. */
export function removeComment(list: CommentList, id: number): Comment[] {
  return list
    .filter((root) => root.id !== id)
    .map((root) =>
      root.replies.some((r) => r.id === id)
        ? { ...root, replies: root.replies.filter((r) => r.id !== id) }
        : root,
    );
}

/** A root's completion: the time it was completed, or null when reopened. */
export function setCompletedAt(list: CommentList, id: number, completedAt: string | null): Comment[] {
  return list.map((root) => (root.id === id ? { ...root, completed_at: completedAt } : root));
}

export function findComment(list: CommentList, id: number): Comment | Reply | undefined {
  for (const root of list) {
    if (root.id === id) return root;
    const reply = root.replies.find((r) => r.id === id);
    if (reply) return reply;
  }
  return undefined;
}

/** Open root comments (§4: replies are never counted). */
export const unresolvedCount = (list: CommentList) => list.filter((c) => c.completed_at === null).length;

/** §9 comment filters: 'unresolved' keeps the open roots, 'all' everything. */
export function filterComments(list: CommentList, filter: CommentFilter): CommentList {
  return filter === 'all' ? list : list.filter((c) => c.completed_at === null);
}
