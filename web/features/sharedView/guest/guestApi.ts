import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Comment } from '@common/api/comments';
import type { AssetDecision } from '@common/api/decisions';
import type { Guest, GuestDecisionAnswer, JoinGuestRequest } from '@common/api/guests';
import type { Pagination } from '@common/api/projects';
import type { SharedAssetDetail } from '@common/api/sharedAssets';
import { api, apiEnvelope, isApiError } from '@web/api/client';
import { reconnectLiveStream } from '@web/api/liveStream';
import { sharedAssetKeys, sharedKeys } from '@web/api/keys';
import {
  newCommentBody,
  patchCommentMutation,
  postCommentMutation,
  removeCommentMutation,
  type CommentEdit,
  type NewComment,
} from '@web/features/comments';
import { sharedRefusal } from '@web/features/sharing';

/**
 * A review link's guest (issue 26): who this browser joined the link as, the current round's
 * threads as the guest reads them, their comments and their decision. Every call goes through the
 * link (`/shared/{hash}/…`, the guest's cookie naming them) and is `authCall`: a guest's 401 means
 * "join first", never a member's lost session.
 */
export const guestKeys = {
  /** Under the link: unlocking it or a change to it reads the guest again. */
  me: (hash: string) => [...sharedKeys.all(hash), 'guest'] as const,
  /** Under the shared asset: the link's stream reading the asset again reads these too. */
  comments: (hash: string, assetId: number) => [...sharedAssetKeys.one(hash, assetId), 'comments'] as const,
  decision: (hash: string, assetId: number) => [...sharedAssetKeys.one(hash, assetId), 'decision'] as const,
};

const base = (hash: string) => `/shared/${encodeURIComponent(hash)}`;
const noRetryOnRefusal = (count: number, error: unknown) => sharedRefusal(error) === 'error' && count < 2;

/** GET /shared/{hash}/guest: the guest this browser is on the link, or null before joining. */
export function useGuest(hash: string, enabled: boolean) {
  return useQuery({
    queryKey: guestKeys.me(hash),
    queryFn: async (): Promise<Guest | null> => {
      try {
        return (await api<{ guest: Guest }>(`${base(hash)}/guest`, { authCall: true })).guest;
      } catch (error) {
        if (isApiError(error, 'guest_required')) return null;
        throw error;
      }
    },
    enabled: enabled && hash.length > 0,
    retry: noRetryOnRefusal,
    staleTime: 60_000,
  });
}

/** POST /shared/{hash}/guests {name, email}: joins the review; the server keeps the guest in a cookie. */
export function useJoinReview(hash: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: JoinGuestRequest) =>
      api<{ guest: Guest }>(`${base(hash)}/guests`, { method: 'POST', body, authCall: true }),
    onSuccess: ({ guest }) => {
      queryClient.setQueryData(guestKeys.me(hash), guest);
      // The stream opened before the guest's cookie: it is told of their threads once it has it.
      reconnectLiveStream();
    },
  });
}

/**
 * GET /shared/{hash}/assets/{id}/comments: the current round's threads as the guest reads them,
 * every page (a page answers up to 100 threads).
 */
export function useGuestComments(hash: string, assetId: number, enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: guestKeys.comments(hash, assetId),
    queryFn: async ({ signal }): Promise<Comment[]> => {
      const list: Comment[] = [];
      for (let page = 1; ; page += 1) {
        const answer = await apiEnvelope<Comment[], { pagination?: Pagination }>(
          `${base(hash)}/assets/${assetId}/comments?page=${page}`,
          { authCall: true, signal },
        );
        list.push(...answer.response);
        const pagination = answer.meta?.pagination;
        if (!pagination || pagination.last_page || answer.response.length === 0) return list;
      }
    },
    retry: noRetryOnRefusal,
    staleTime: 10_000,
  });
}

/**
 * POST /shared/{hash}/comments: the guest's comment or reply on the current round, shown at once
 * under their name as the members' own are (postCommentMutation), gone again if refused.
 */
export function useGuestPostComment(hash: string, asset: SharedAssetDetail, guest: Guest) {
  const queryClient = useQueryClient();
  return useMutation(
    postCommentMutation(
      queryClient,
      {
        key: guestKeys.comments(hash, asset.id),
        post: (input: NewComment) =>
          api<Comment>(`${base(hash)}/comments`, {
            method: 'POST',
            // A guest sends no files: always JSON.
            body: newCommentBody({ ...input, files: [] }),
            authCall: true,
          }),
      },
      { id: asset.version_id, number: asset.current_version.number },
      { id: null, name: guest.name, avatar: null, is_guest: true },
    ),
  );
}

/** What a guest's edit sends: the text, and a redrawn drawing (a guest has no files). */
export function guestEditBody(edit: CommentEdit): { text: string; markup?: CommentEdit['markup'] } {
  return { text: edit.text, ...(edit.markup ? { markup: edit.markup } : {}) };
}

/** PATCH /shared/{hash}/comments/{id}: the guest's edit of their own comment, shown at once. */
export function useGuestEditComment(hash: string, assetId: number) {
  const queryClient = useQueryClient();
  return useMutation(
    patchCommentMutation(queryClient, {
      key: guestKeys.comments(hash, assetId),
      patch: (id, edit) =>
        api<Comment>(`${base(hash)}/comments/${id}`, {
          method: 'PATCH',
          body: guestEditBody(edit),
          authCall: true,
        }),
    }),
  );
}

/** DELETE /shared/{hash}/comments/{id}: the guest's own comment (with its thread) or reply. */
export function useGuestDeleteComment(hash: string, assetId: number) {
  const queryClient = useQueryClient();
  return useMutation(
    removeCommentMutation(queryClient, {
      key: guestKeys.comments(hash, assetId),
      remove: (id) => api<unknown>(`${base(hash)}/comments/${id}`, { method: 'DELETE', authCall: true }),
    }),
  );
}

/**
 * GET /shared/{hash}/assets/{id}/decision: the guest's own decision on the asset's current round
 * (null for none), and every reviewer's on it.
 */
export function useGuestDecision(hash: string, assetId: number) {
  return useQuery({
    queryKey: guestKeys.decision(hash, assetId),
    queryFn: () => api<GuestDecisionAnswer>(`${base(hash)}/assets/${assetId}/decision`, { authCall: true }),
    retry: noRetryOnRefusal,
    staleTime: 10_000,
  });
}

/**
 * PUT /shared/{hash}/assets/{id}/decision: the guest's decision on the current round, or null to
 * take it back; shown at once, the server's answer in its place, the one before back on a failure.
 */
export function useGuestDecide(hash: string, assetId: number) {
  const queryClient = useQueryClient();
  const key = guestKeys.decision(hash, assetId);
  return useMutation({
    mutationFn: (decision: AssetDecision | null) =>
      api<GuestDecisionAnswer>(`${base(hash)}/assets/${assetId}/decision`, {
        method: 'PUT',
        body: { decision },
        authCall: true,
      }),
    onMutate: async (decision) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<GuestDecisionAnswer>(key);
      if (before) queryClient.setQueryData<GuestDecisionAnswer>(key, { ...before, decision });
      return { before };
    },
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
    onError: (_error, _decision, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
  });
}
