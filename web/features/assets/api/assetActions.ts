import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ASSET_IDS_MAX, type AssetView } from '@common/api/assets';
import type { Label } from '@common/api/projects';
import {
  holdLists,
  listedAssets,
  patchInLists,
  refreshAfterRemoval,
  refreshProjectMarks,
  removeFromLists,
  restoreLists,
  settleRename,
  snapshotLists,
} from './assetCache';
import { api } from '@web/api/client';

/**
 * What a member does to assets (projects-side §4, §7 "Assets"). Each change shows at once and is
 * undone when the server refuses: removals put the whole lists back, marks put back the fields
 * of the assets they changed, so two quick changes to different fields never undo each other.
 */

/** Sends `ids` in calls of at most ASSET_IDS_MAX, one after another. */
async function inBatches(ids: readonly number[], send: (batch: number[]) => Promise<unknown>) {
  for (let start = 0; start < ids.length; start += ASSET_IDS_MAX)
    await send(ids.slice(start, start + ASSET_IDS_MAX));
}

function isAsset(value: unknown): value is AssetView {
  return typeof value === 'object' && value !== null && 'id' in value && 'current_version' in value;
}

/** PATCH /assets/{id}/update_filename: the new name shows at once and goes back on a refusal. */
export function useRenameAsset(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ asset, filename }: { asset: AssetView; filename: string }) =>
      api<unknown>(`/assets/${asset.id}/update_filename`, { method: 'PATCH', body: { filename } }),
    onMutate: async ({ asset, filename }) => {
      await holdLists(queryClient, projectId);
      patchInLists(queryClient, projectId, new Set([asset.id]), (a) => ({ ...a, name: filename }));
    },
    onError: (_error, { asset }) =>
      patchInLists(queryClient, projectId, new Set([asset.id]), (a) => ({ ...a, name: asset.name })),
    // Not awaited: the dialog closes on the answer, and the lists re-sort when they are read again.
    onSuccess: (answer) => void settleRename(queryClient, projectId, isAsset(answer) ? answer : null),
  });
}

/** Removal of assets from the lists shown, put back whole when the server refuses. */
function useRemoval<T extends { ids: number[] }>(
  projectId: number,
  send: (variables: T) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async ({ ids }: T) => {
      await holdLists(queryClient, projectId);
      const snapshot = snapshotLists(queryClient, projectId);
      removeFromLists(queryClient, projectId, new Set(ids));
      return { snapshot };
    },
    onError: (_error, _variables, context) => {
      if (context) restoreLists(queryClient, context.snapshot);
    },
    // Not awaited: the caller hears of the outcome without waiting for the lists to be read again.
    onSettled: () => void refreshAfterRemoval(queryClient, projectId),
  });
}

/** DELETE /projects/{id}/assets {ids}: gone from the grid at once, the count down with them. */
export function useDeleteAssets(projectId: number) {
  return useRemoval(projectId, ({ ids }: { ids: number[] }) =>
    inBatches(ids, (batch) =>
      api(`/projects/${projectId}/assets`, { method: 'DELETE', body: { ids: batch } }),
    ),
  );
}

/**
 * POST /folders/{id}/move_assets, or POST /projects/{id}/unfold_assets to put them back at the
 * project's root (`folderId` null).
 */
export function useMoveAssets(projectId: number) {
  return useRemoval(projectId, ({ ids, folderId }: { ids: number[]; folderId: number | null }) =>
    inBatches(ids, (batch) =>
      api(folderId === null ? `/projects/${projectId}/unfold_assets` : `/folders/${folderId}/move_assets`, {
        method: 'POST',
        body: { assets_ids: batch },
      }),
    ),
  );
}

/**
 * A mark on several assets (approval, rush flag, label): set at once on each; when the server
 * refuses, each asset gets back the fields the change had touched.
 */
function useMark<T extends { ids: number[] }>(
  projectId: number,
  send: (variables: T) => Promise<unknown>,
  change: (asset: AssetView, variables: T) => AssetView,
  fields: (keyof AssetView)[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (variables: T) => {
      await holdLists(queryClient, projectId);
      const ids = new Set(variables.ids);
      const before = listedAssets(queryClient, projectId, ids);
      patchInLists(queryClient, projectId, ids, (a) => change(a, variables));
      return { before };
    },
    onError: (_error, variables, context) => {
      if (!context) return;
      patchInLists(queryClient, projectId, new Set(variables.ids), (a) => {
        const was = context.before.get(a.id);
        if (!was) return a;
        const restored = { ...a };
        for (const field of fields) Object.assign(restored, { [field]: was[field] });
        return restored;
      });
    },
    onSuccess: () => void refreshProjectMarks(queryClient, projectId),
  });
}

/** PATCH /projects/{id}/assets/mark_as_approved or /unmark_as_approved {ids}; last activity is now. */
export function useSetApproval(projectId: number) {
  return useMark(
    projectId,
    ({ ids, approved }: { ids: number[]; approved: boolean }) =>
      inBatches(ids, (batch) =>
        api(`/projects/${projectId}/assets/${approved ? 'mark_as_approved' : 'unmark_as_approved'}`, {
          method: 'PATCH',
          body: { ids: batch },
        }),
      ),
    (asset, { approved }) => ({
      ...asset,
      approve: approved ? 'confirmed' : 'pending',
      last_activity_at: new Date().toISOString(),
    }),
    ['approve', 'last_activity_at'],
  );
}

/** Calls one asset at a time, at most this many at once (the flag has no bulk call). */
const FLAG_CONCURRENCY = 6;

async function eachAsset(ids: readonly number[], send: (id: number) => Promise<unknown>) {
  const queue = [...ids];
  const failures: unknown[] = [];
  async function worker() {
    for (let id = queue.shift(); id !== undefined; id = queue.shift())
      await send(id).catch((error: unknown) => failures.push(error));
  }
  await Promise.all(Array.from({ length: Math.min(FLAG_CONCURRENCY, ids.length) }, worker));
  if (failures.length > 0) throw failures[0];
}

/** POST /assets/{id}/set_rush_priority or /unset_rush_priority, for each asset (§4: optimistic). */
export function useSetRush(projectId: number) {
  return useMark(
    projectId,
    ({ ids, flagged }: { ids: number[]; flagged: boolean }) =>
      eachAsset(ids, (id) =>
        api(`/assets/${id}/${flagged ? 'set_rush_priority' : 'unset_rush_priority'}`, { method: 'POST' }),
      ),
    (asset, { flagged }) => ({ ...asset, rush_priority: flagged }),
    ['rush_priority'],
  );
}

/** POST /assets/add_label {assets_ids, label_id}, or /assets/remove_label {assets_ids} for none. */
export function useSetLabel(projectId: number) {
  return useMark(
    projectId,
    ({ ids, label }: { ids: number[]; label: Label | null }) =>
      inBatches(ids, (batch) =>
        label
          ? api('/assets/add_label', { method: 'POST', body: { assets_ids: batch, label_id: label.id } })
          : api('/assets/remove_label', { method: 'POST', body: { assets_ids: batch } }),
      ),
    (asset, { label }) => ({ ...asset, label }),
    ['label'],
  );
}

/**
 * POST /assets/{id}/last_seen when the asset is opened: its 'new' marks and new comment counts
 * go for this user (§4 "Seen").
 */
export function useMarkAssetSeen(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assetId: number) => api<unknown>(`/assets/${assetId}/last_seen`, { method: 'POST' }),
    onSuccess: (_answer, assetId) => {
      patchInLists(queryClient, projectId, new Set([assetId]), (a) => ({
        ...a,
        is_new_for_current_user: false,
        has_rounds_unseen_by_current_user: false,
        has_new_name_for_current_user: false,
        has_new_label_for_current_user: false,
        new_comments_count: 0,
        newly_approved_comments_count: 0,
      }));
      void refreshProjectMarks(queryClient, projectId);
    },
  });
}
