import {
  hashKey,
  mutationOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import type { Comment, Reply } from '@common/api/comments';
import type { Pagination } from '@common/api/projects';
import { api, apiEnvelope } from '@web/api/client';
import {
  addComment,
  editedComment,
  findComment,
  patchComment,
  removeComment,
  replaceComment,
  setCompletedAt,
  temporaryComment,
  type Author,
  type CommentEdit,
  type CommentList,
  type NewComment,
} from './commentCache';
import { readAllPages, type CommentPage } from './commentPages';
import { commentKeys, assetKeys } from '@web/api/keys';

export { commentKeys };

/** The round lists whose first load is reading its pages (by query hash), each with its own mark. */
const firstLoads = new Map<string, object>();

/**
 * GET /assets/{id}/versions/{round}/comments, every page (readAllPages): the whole round as one
 * flat list. A first load shows page 1 at once and appends each next page as it comes; the
 * changes made meanwhile do not stop it (stopRefetch) and are kept. It does not take the query's
 * abort signal, so leaving the screen lets it finish rather than leave half a list in the cache.
 * Reading a list already shown again answers it whole at the end, as one call did.
 */
export function roundCommentsQuery(queryClient: QueryClient, assetId: number, roundNumber: number) {
  const key = commentKeys.round(assetId, roundNumber);
  const path = `/assets/${assetId}/versions/${roundNumber}/comments`;
  return queryOptions({
    queryKey: key,
    queryFn: async (context): Promise<Comment[]> => {
      const hash = hashKey(key);
      if (queryClient.getQueryData(key) !== undefined) {
        firstLoads.delete(hash);
        const { signal } = context;
        return readAllPages((page) => fetchCommentPage(path, page, signal));
      }
      const mark = {};
      firstLoads.set(hash, mark);
      try {
        return await readAllPages((page) => fetchCommentPage(path, page), {
          read: () => queryClient.getQueryData<Comment[]>(key),
          write: (list) => queryClient.setQueryData<Comment[]>(key, list),
        });
      } finally {
        if (firstLoads.get(hash) === mark) firstLoads.delete(hash);
      }
    },
    staleTime: 10_000,
  });
}

async function fetchCommentPage(path: string, page: number, signal?: AbortSignal): Promise<CommentPage> {
  const answer = await apiEnvelope<Comment[], { pagination: Pagination }>(`${path}?page=${page}`, {
    ...(signal ? { signal } : {}),
  });
  if (!answer.meta) throw new Error(`${path} answered no pagination`);
  return { comments: answer.response, pagination: answer.meta.pagination };
}

export function useRoundComments(assetId: number, roundNumber: number) {
  return useQuery(roundCommentsQuery(useQueryClient(), assetId, roundNumber));
}

/**
 * Before an optimistic change: a read of the list under way would answer it as it was, so it is
 * stopped (and the list kept as it is), except a first load reading its pages, which keeps the
 * change as it goes on.
 */
function stopRefetch(queryClient: QueryClient, key: QueryKey) {
  return queryClient.cancelQueries({
    queryKey: key,
    predicate: (query) => !firstLoads.has(query.queryHash),
  });
}

function edit(queryClient: QueryClient, key: QueryKey, change: (list: CommentList) => Comment[]) {
  queryClient.setQueryData<Comment[]>(key, (list) => (list ? change(list) : list));
}

/** The asset's counts (unresolved comments) are the server's: read again after a change. */
function refreshAsset(queryClient: QueryClient, assetId: number) {
  return queryClient.invalidateQueries({ queryKey: assetKeys.one(assetId), exact: true });
}

/** A new comment's body: JSON, or multipart form data when it carries files. */
export function newCommentBody(input: NewComment): FormData | Record<string, unknown> {
  const fields = {
    asset_id: input.asset_id,
    text: input.text,
    parent_id: input.parent_id ?? null,
    global_comment: input.global_comment ?? false,
    markup: input.markup && input.markup.length > 0 ? input.markup : null,
    page: input.page ?? null,
  };
  if (!input.files || input.files.length === 0) return fields;
  const form = new FormData();
  form.set('asset_id', String(fields.asset_id));
  form.set('text', fields.text);
  if (fields.parent_id) form.set('parent_id', String(fields.parent_id));
  form.set('global_comment', String(fields.global_comment));
  if (fields.markup) form.set('markup', JSON.stringify(fields.markup));
  if (fields.page) form.set('page', String(fields.page));
  for (const file of input.files) form.append('files', file);
  return form;
}

/**
 * Where a new comment goes: the cached round list it joins, the call that stores it, and what is
 * read again once it has settled. The members' POST /comments is one; a review link's guest
 * posts through the link (web/features/sharedView).
 */
export interface CommentPost {
  key: QueryKey;
  post: (input: NewComment) => Promise<Comment>;
  settled?: () => Promise<unknown>;
}

/**
 * A new comment or reply: a temporary comment at once, the server's in its place, gone on a
 * failure. A page read meanwhile may have brought the server's already: then the temporary one
 * just goes.
 */
export function postCommentMutation(
  queryClient: QueryClient,
  target: CommentPost,
  round: { id: number; number: number },
  author: Author | null,
) {
  const { key } = target;
  return mutationOptions({
    mutationFn: target.post,
    onMutate: async (input: NewComment) => {
      await stopRefetch(queryClient, key);
      if (!author) return { tempId: null };
      const temp = temporaryComment(input, author, round, new Date());
      edit(queryClient, key, (list) => addComment(list, temp));
      return { tempId: temp.id };
    },
    onSuccess: (comment, _input, context) => {
      const { tempId } = context;
      edit(queryClient, key, (list) => {
        if (findComment(list, comment.id)) return tempId === null ? [...list] : removeComment(list, tempId);
        return tempId !== null ? replaceComment(list, tempId, comment) : addComment(list, comment);
      });
    },
    onError: (_error, _input, context) => {
      const tempId = context?.tempId;
      if (tempId) edit(queryClient, key, (list) => removeComment(list, tempId));
    },
    onSettled: () => target.settled?.(),
  });
}

/** POST /comments, a member's comment on the round's list. */
export function createCommentMutation(
  queryClient: QueryClient,
  assetId: number,
  round: { id: number; number: number },
  author: Author | null,
) {
  return postCommentMutation(
    queryClient,
    {
      key: commentKeys.round(assetId, round.number),
      post: (input) => api<Comment>('/comments', { method: 'POST', body: newCommentBody(input) }),
      settled: () => refreshAsset(queryClient, assetId),
    },
    round,
    author,
  );
}

export function useCreateComment(
  assetId: number,
  round: { id: number; number: number },
  author: Author | null,
) {
  return useMutation(createCommentMutation(useQueryClient(), assetId, round, author));
}

/**
 * PATCH /comments/{id} (text, files, markup): JSON, or multipart when new files come; the files
 * kept go as `files` (an empty part when none is kept).
 */
export function editBody(edit: CommentEdit): FormData | Record<string, unknown> {
  if (edit.add.length === 0)
    return { text: edit.text, files: edit.keep, ...(edit.markup ? { markup: edit.markup } : {}) };
  const form = new FormData();
  form.set('text', edit.text);
  if (edit.markup) form.set('markup', JSON.stringify(edit.markup));
  if (edit.keep.length === 0) form.append('files', '');
  for (const id of edit.keep) form.append('files', String(id));
  for (const file of edit.add) form.append('files', file);
  return form;
}

/**
 * Where an author's edit goes: the cached round list it changes, and the call that stores it (the
 * members' PATCH /comments/{id}, or a review link's guest's through the link).
 */
export interface CommentPatch {
  key: QueryKey;
  patch: (id: number, edit: CommentEdit) => Promise<Comment>;
}

/**
 * The author's edit (text, files, a redrawn drawing) shows at once, the server's answer takes its
 * place, and the comment as it was comes back when the call fails.
 */
export function patchCommentMutation(queryClient: QueryClient, target: CommentPatch) {
  const { key } = target;
  return mutationOptions({
    mutationFn: ({ id, edit }: { id: number; edit: CommentEdit }) => target.patch(id, edit),
    onMutate: async ({ id, edit: change }) => {
      await stopRefetch(queryClient, key);
      const list = queryClient.getQueryData<Comment[]>(key);
      const before: Comment | Reply | undefined = list ? findComment(list, id) : undefined;
      if (before) edit(queryClient, key, (l) => patchComment(l, id, (c) => editedComment(c, change)));
      return { before };
    },
    onSuccess: (comment) => edit(queryClient, key, (list) => replaceComment(list, comment.id, comment)),
    onError: (_error, { id }, context) => {
      const before = context?.before;
      if (before) edit(queryClient, key, (list) => patchComment(list, id, () => before));
    },
  });
}

/** PATCH /comments/{id}: a member's edit of their comment on the round's list. */
export function updateCommentMutation(queryClient: QueryClient, assetId: number, roundNumber: number) {
  return patchCommentMutation(queryClient, {
    key: commentKeys.round(assetId, roundNumber),
    patch: (id, change) => api<Comment>(`/comments/${id}`, { method: 'PATCH', body: editBody(change) }),
  });
}

export function useUpdateComment(assetId: number, roundNumber: number) {
  return useMutation(updateCommentMutation(useQueryClient(), assetId, roundNumber));
}

/**
 * PATCH /comments/{id}/mark_as_completed or unmark_as_completed: completed_at is set (or cleared)
 * at once, confirmed by the server's timestamp, and put back when the call fails.
 */
export function setCompletedMutation(queryClient: QueryClient, assetId: number, roundNumber: number) {
  const key = commentKeys.round(assetId, roundNumber);
  return mutationOptions({
    mutationFn: ({ id, completed }: { id: number; completed: boolean }) =>
      api<Comment>(`/comments/${id}/${completed ? 'mark_as_completed' : 'unmark_as_completed'}`, {
        method: 'PATCH',
      }),
    onMutate: async ({ id, completed }) => {
      await stopRefetch(queryClient, key);
      const list = queryClient.getQueryData<Comment[]>(key);
      const before = list ? (findComment(list, id)?.completed_at ?? null) : null;
      edit(queryClient, key, (l) => setCompletedAt(l, id, completed ? new Date().toISOString() : null));
      return { before };
    },
    onSuccess: (comment) =>
      edit(queryClient, key, (list) => setCompletedAt(list, comment.id, comment.completed_at)),
    onError: (_error, { id }, context) => {
      if (context) edit(queryClient, key, (list) => setCompletedAt(list, id, context.before));
    },
    onSettled: () => refreshAsset(queryClient, assetId),
  });
}

export function useSetCommentCompleted(assetId: number, roundNumber: number) {
  return useMutation(setCompletedMutation(useQueryClient(), assetId, roundNumber));
}

/**
 * A comment deleted (a root with its thread, or a reply): gone from the cached list once the
 * server agrees (the confirmation came first). `remove` is the call: the members' DELETE
 * /comments/{id}, or a review link's guest's through the link.
 */
export function removeCommentMutation(
  queryClient: QueryClient,
  target: { key: QueryKey; remove: (id: number) => Promise<unknown>; settled?: () => Promise<unknown> },
) {
  return mutationOptions({
    mutationFn: target.remove,
    onSuccess: (_answer: unknown, id: number) =>
      edit(queryClient, target.key, (list) => removeComment(list, id)),
    onSettled: () => target.settled?.(),
  });
}

/** DELETE /comments/{id}: a member's deletion on the round's list. */
export function deleteCommentMutation(queryClient: QueryClient, assetId: number, roundNumber: number) {
  return removeCommentMutation(queryClient, {
    key: commentKeys.round(assetId, roundNumber),
    remove: (id) => api<{ message: string }>(`/comments/${id}`, { method: 'DELETE' }),
    settled: () => refreshAsset(queryClient, assetId),
  });
}

export function useDeleteComment(assetId: number, roundNumber: number) {
  return useMutation(deleteCommentMutation(useQueryClient(), assetId, roundNumber));
}

/** POST /assets/{id}/comments/last_seen: the user has seen the asset's comments. */
export function useMarkCommentsSeen() {
  return useMutation({
    mutationFn: (assetId: number) =>
      api<{ asset_id: number; last_seen_at: string }>(`/assets/${assetId}/comments/last_seen`, {
        method: 'POST',
      }),
  });
}
