import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Comment, Reply } from '@common/api/comments';
import { assetKeys } from './assets';
import { api } from './client';
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

/**
 * Comments of an asset's round (projects-side §4, §7 'Comments'). The round's list is read once
 * (filter 'all') and filtered on screen, so the unresolved count and both filters agree. Creation
 * and completion show at once and are put right by the server's answer.
 */
export const commentKeys = {
  /** Under the asset's key: reading the asset again reads its comments again. */
  asset: (assetId: number) => [...assetKeys.one(assetId), 'comments'] as const,
  round: (assetId: number, roundNumber: number) => [...commentKeys.asset(assetId), roundNumber] as const,
};

/** GET /assets/{id}/versions/{round}/comments. */
export function useRoundComments(assetId: number, roundNumber: number) {
  return useQuery({
    queryKey: commentKeys.round(assetId, roundNumber),
    queryFn: () => api<Comment[]>(`/assets/${assetId}/versions/${roundNumber}/comments`),
    staleTime: 10_000,
  });
}

type Key = ReturnType<typeof commentKeys.round>;

function edit(queryClient: QueryClient, key: Key, change: (list: CommentList) => Comment[]) {
  queryClient.setQueryData<Comment[]>(key, (list) => (list ? change(list) : list));
}

/** The asset's counts (unresolved comments) are the server's: read again after a change. */
function refreshAsset(queryClient: QueryClient, assetId: number) {
  return queryClient.invalidateQueries({ queryKey: assetKeys.one(assetId), exact: true });
}

function commentBody(input: NewComment): FormData | Record<string, unknown> {
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

/** POST /comments: a temporary comment at once, the server's in its place, gone on a failure. */
export function useCreateComment(
  assetId: number,
  round: { id: number; number: number },
  author: Author | null,
) {
  const queryClient = useQueryClient();
  const key = commentKeys.round(assetId, round.number);
  return useMutation({
    mutationFn: (input: NewComment) =>
      api<Comment>('/comments', { method: 'POST', body: commentBody(input) }),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      if (!author) return { tempId: null };
      const temp = temporaryComment(input, author, round, new Date());
      edit(queryClient, key, (list) => addComment(list, temp));
      return { tempId: temp.id };
    },
    onSuccess: (comment, _input, context) => {
      if (context.tempId !== null)
        edit(queryClient, key, (list) => replaceComment(list, context.tempId, comment));
      else edit(queryClient, key, (list) => addComment(list, comment));
    },
    onError: (_error, _input, context) => {
      const tempId = context?.tempId;
      if (tempId) edit(queryClient, key, (list) => removeComment(list, tempId));
    },
    onSettled: () => refreshAsset(queryClient, assetId),
  });
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
 * PATCH /comments/{id}: the author's edit (text, files, a redrawn drawing) shows at once, the
 * server's answer takes its place, and the comment as it was comes back when the call fails.
 */
export function useUpdateComment(assetId: number, roundNumber: number) {
  const queryClient = useQueryClient();
  const key = commentKeys.round(assetId, roundNumber);
  return useMutation({
    mutationFn: ({ id, edit }: { id: number; edit: CommentEdit }) =>
      api<Comment>(`/comments/${id}`, { method: 'PATCH', body: editBody(edit) }),
    onMutate: async ({ id, edit: change }) => {
      await queryClient.cancelQueries({ queryKey: key });
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

/**
 * PATCH /comments/{id}/mark_as_completed or unmark_as_completed: completed_at is set (or cleared)
 * at once, confirmed by the server's timestamp, and put back when the call fails.
 */
export function useSetCommentCompleted(assetId: number, roundNumber: number) {
  const queryClient = useQueryClient();
  const key = commentKeys.round(assetId, roundNumber);
  return useMutation({
    mutationFn: ({ id, completed }: { id: number; completed: boolean }) =>
      api<Comment>(`/comments/${id}/${completed ? 'mark_as_completed' : 'unmark_as_completed'}`, {
        method: 'PATCH',
      }),
    onMutate: async ({ id, completed }) => {
      await queryClient.cancelQueries({ queryKey: key });
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

/** DELETE /comments/{id}: gone once the server agrees (the confirmation came first). */
export function useDeleteComment(assetId: number, roundNumber: number) {
  const queryClient = useQueryClient();
  const key = commentKeys.round(assetId, roundNumber);
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`/comments/${id}`, { method: 'DELETE' }),
    onSuccess: (_answer, id) => edit(queryClient, key, (list) => removeComment(list, id)),
    onSettled: () => refreshAsset(queryClient, assetId),
  });
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
