import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AssetView } from '@common/api/assets';
import {
  assetViewersChangedDataSchema,
  SHARED_LIVE_EVENT_TYPES,
  type LiveMessage,
  type LiveMessageType,
} from '@common/api/liveEvents';
import { api, isApiError } from '@web/api/client';
import { queryKeys } from '@web/api/keys';
import { listedAssets, patchInLists, removeFromLists, replaceInLists } from '@web/features/assets';

/**
 * The live client's one mapping from a stream message (common/api/liveEvents.ts) to work on the
 * query cache: a message changes what is cached at once where that is exact and cheap (an approval,
 * a rush flag, an asset gone, who is looking), re-reads the one asset whose tile and header changed
 * (its previews, counts and label) and puts it in every list that holds it, and otherwise marks
 * the narrowest keys of `queryKeys` stale (the open screens read them again).
 *
 * A newcomer maps a new event type here: add it to MEMBER_WORK (and to SHARED_WORK when shared
 * views receive it); the type checker asks for every type of LIVE_MESSAGE_TYPES.
 *
 * The tab's own actions come back on the stream too. Everything below is idempotent: a patch sets
 * the state the message names (the mutation already set it), a re-read or a refetch answers what
 * the server has; nothing is added or counted twice. Invalidations and re-reads are gathered for
 * LIVE_BATCH_MS and done once each, so a burst (a bulk approval, the replay after a reconnect) costs
 * one read per key, not one per message.
 */
export const LIVE_BATCH_MS = 50;

/** Whose stream: the signed-in member's, or a shared view's link. */
export interface LiveScope {
  shareHash: string | null;
}

/** The reads the cache work makes itself. */
export interface LiveReads {
  /** GET /assets/{id}: one asset as the caller sees it now. */
  asset: (assetId: number) => Promise<AssetView>;
}

const serverReads: LiveReads = {
  asset: (assetId) => api<AssetView>(`/assets/${assetId}`),
};

/** What a mapping entry may ask for. */
interface Work {
  readonly queryClient: QueryClient;
  /** Marks `key` (and, unless exact, everything under it) stale, once per batch. */
  invalidate: (key: QueryKey, exact?: boolean) => void;
  /** Reads the asset again, if it is cached anywhere, and puts it in place everywhere. */
  reread: (projectId: number, assetId: number) => void;
  /**
   * The asset was just changed in place: a read of it under way may have been answered before the
   * change, so its answer is dropped and the asset read again.
   */
  patched: (projectId: number, assetId: number) => void;
}

type Entry = (message: LiveMessage, work: Work) => void;

const numberIn = (data: Record<string, unknown>, field: string): number | null => {
  const value = data[field];
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
};

/** The asset a message is about: its subject, or the asset of the comment it is about. */
function assetOf(message: LiveMessage): number | null {
  if (message.object_type === 'Asset') return message.object_id;
  return numberIn(message.data, 'asset_id');
}

const keys = queryKeys;

/* ------------------------------------------------------------------ members */

/** A comment or reply changed: the round's thread list (and carried feedback), and the tile's counts. */
const commentChanged: Entry = (message, work) => {
  const assetId = assetOf(message);
  if (assetId === null) return;
  work.invalidate(keys.comments.asset(assetId));
  work.reread(message.project_id, assetId);
};

/** A new asset or round: the grid's lists and the counts around them (project, folders, covers). */
const assetsAdded: Entry = (message, work) => {
  work.invalidate(keys.assets.lists(message.project_id));
  work.invalidate(keys.folders.list(message.project_id));
  work.invalidate(keys.projects.detail(message.project_id), true);
  work.invalidate(keys.projects.lists);
};

/** The current round changed: the above, and everything cached under the asset (rounds, comments). */
const roundChanged: Entry = (message, work) => {
  assetsAdded(message, work);
  const assetId = assetOf(message);
  if (assetId !== null) work.invalidate(keys.assets.one(assetId));
};

/** An asset left a list or joined another (deleted, moved): gone at once where it was listed. */
const assetsRemoved: Entry = (message, work) => {
  const assetId = assetOf(message);
  if (assetId !== null && message.type === 'asset.deleted') {
    removeFromLists(work.queryClient, message.project_id, new Set([assetId]));
    work.patched(message.project_id, assetId);
  }
  // Its page reads it again: a deleted asset answers 404 and the page says it is gone.
  if (assetId !== null) work.invalidate(keys.assets.one(assetId), true);
  assetsAdded(message, work);
};

/** A mark the tile and the header show, set exactly; the project's marks and the lists' too. */
const markSet =
  (change: (asset: AssetView) => AssetView): Entry =>
  (message, work) => {
    const assetId = assetOf(message);
    if (assetId === null) return;
    patchInLists(work.queryClient, message.project_id, new Set([assetId]), change);
    work.patched(message.project_id, assetId);
    work.invalidate(keys.projects.detail(message.project_id), true);
    work.invalidate(keys.projects.lists);
  };

/** Whether a list's parameters (the last part of its key) filter on reviewers' decisions. */
function filtersOnDecision(params: unknown): boolean {
  if (typeof params !== 'object' || params === null || !('filters' in params)) return false;
  const { filters } = params;
  return typeof filters === 'object' && filters !== null && 'decision' in filters && !!filters.decision;
}

/** The project itself (its header, card and row) changed. */
const projectChanged: Entry = (message, work) => {
  work.invalidate(keys.projects.detail(message.project_id), true);
  work.invalidate(keys.projects.lists);
};

const folderChanged: Entry = (message, work) => {
  work.invalidate(keys.folders.list(message.project_id));
  work.invalidate(keys.projects.detail(message.project_id), true);
};

const labelChanged: Entry = (message, work) => {
  work.invalidate([...keys.projects.detail(message.project_id), 'labels']);
  work.invalidate(keys.assets.lists(message.project_id));
};

const membersChanged: Entry = (message, work) => {
  work.invalidate(keys.projects.members(message.project_id));
  projectChanged(message, work);
};

const tasksChanged: Entry = (message, work) => {
  work.invalidate(keys.tasks.list(message.project_id));
};

/** Every message type a member's stream carries, and what it does to the cache. */
const MEMBER_WORK: Record<LiveMessageType, Entry> = {
  'comment.created': commentChanged,
  'comment.replied': commentChanged,
  'comment.edited': commentChanged,
  'comment.completed': commentChanged,
  'comment.reopened': commentChanged,
  'comment.deleted': commentChanged,
  'comment.carried_over': commentChanged,
  'asset.uploaded': assetsAdded,
  'asset.round_uploaded': roundChanged,
  'asset.round_deleted': roundChanged,
  // The preview is made: the tile, the header and the stage show it; folder cards and project
  // covers may show it too.
  'asset.round_processed': (message, work) => {
    const assetId = assetOf(message);
    if (assetId === null) return;
    work.reread(message.project_id, assetId);
    work.invalidate([...keys.assets.one(assetId), 'rounds']);
    work.invalidate(keys.folders.list(message.project_id));
    work.invalidate(keys.projects.lists);
  },
  // A new name may move the asset in a list sorted by name.
  'asset.renamed': (message, work) => {
    const assetId = assetOf(message);
    if (assetId !== null) work.invalidate(keys.assets.one(assetId), true);
    work.invalidate(keys.assets.lists(message.project_id));
  },
  'asset.deleted': assetsRemoved,
  'asset.moved': assetsRemoved,
  'asset.approved': markSet((asset) => ({ ...asset, approve: 'confirmed' })),
  'asset.unapproved': markSet((asset) => ({ ...asset, approve: 'pending' })),
  // A reviewer's decision: the tile's and the header's avatars are read again; only the lists
  // filtered on decisions may gain or lose the asset, so only they are read again.
  'asset.decided': (message, work) => {
    const assetId = assetOf(message);
    if (assetId !== null) work.reread(message.project_id, assetId);
    void work.queryClient.invalidateQueries({
      queryKey: keys.assets.lists(message.project_id),
      predicate: (query) => filtersOnDecision(query.queryKey.at(-1)),
    });
  },
  'asset.flagged': markSet((asset) => ({ ...asset, rush_priority: true })),
  'asset.unflagged': markSet((asset) => ({ ...asset, rush_priority: false })),
  'asset.labeled': (message, work) => {
    const assetId = assetOf(message);
    if (assetId !== null) work.reread(message.project_id, assetId);
  },
  'asset.unlabeled': (message, work) => {
    const assetId = assetOf(message);
    if (assetId !== null) work.reread(message.project_id, assetId);
  },
  'assets.reordered': (message, work) => work.invalidate(keys.assets.lists(message.project_id)),
  'task.created': tasksChanged,
  'task.updated': tasksChanged,
  'task.completed': tasksChanged,
  'task.reopened': tasksChanged,
  'folder.created': folderChanged,
  'folder.renamed': folderChanged,
  // The folder's assets went with it.
  'folder.deleted': (message, work) => {
    folderChanged(message, work);
    work.invalidate(keys.assets.lists(message.project_id));
    work.invalidate(keys.projects.lists);
  },
  'label.created': labelChanged,
  'label.renamed': labelChanged,
  'label.recolored': labelChanged,
  'label.deleted': labelChanged,
  'labels.reordered': labelChanged,
  'project.renamed': projectChanged,
  'project.updated': projectChanged,
  'project.archived': projectChanged,
  'project.activated': projectChanged,
  // Its page reads it again and says it is gone.
  'project.deleted': projectChanged,
  'project.flagged': projectChanged,
  'project.unflagged': projectChanged,
  'project.cover_changed': projectChanged,
  'project.cover_removed': projectChanged,
  'project.ownership_transferred': membersChanged,
  'project.moved_to_workspace': projectChanged,
  'project.shared': projectChanged,
  'project.share_changed': projectChanged,
  'project.share_revoked': projectChanged,
  'member.joined': membersChanged,
  'member.removed': membersChanged,
  'member.left': membersChanged,
  // For its recipient: the panel's lists and counts, the bell, and the projects' unseen counts.
  'notification.created': (message, work) => {
    work.invalidate(keys.notifications.all);
    work.invalidate(keys.projects.detail(message.project_id), true);
    work.invalidate(keys.projects.lists);
  },
  // Who is looking at an asset: the header's avatars, exactly as the server counts them.
  'asset.viewers_changed': (message, work) => {
    const parsed = assetViewersChangedDataSchema.safeParse(message.data);
    if (parsed.success)
      work.queryClient.setQueryData(keys.assetViewers.asset(parsed.data.asset_id), parsed.data.viewers);
  },
  // The caller lost the project (the stream closes and reopens without it): its pages read it
  // again and say so; the lists drop it.
  'access.revoked': projectChanged,
};

/* -------------------------------------------------------------- shared views */

type SharedType = (typeof SHARED_LIVE_EVENT_TYPES)[number];

/** One shared asset (its round and the comments the link shows). */
const sharedAsset: (hash: string) => Entry = (hash) => (message, work) => {
  const assetId = assetOf(message);
  if (assetId !== null) work.invalidate(keys.sharedAssets.one(hash, assetId));
};

/** The link's asset lists and the asset, and the shared project's counts. */
const sharedAssets: (hash: string) => Entry = (hash) => (message, work) => {
  sharedAsset(hash)(message, work);
  work.invalidate(keys.sharedAssets.lists(hash));
  work.invalidate(keys.shared.project(hash));
};

/** What a shared view's stream carries (the latest rounds only), mapped onto the link's keys. */
function sharedWork(hash: string): Record<SharedType, Entry> {
  const one = sharedAsset(hash);
  const lists = sharedAssets(hash);
  const place: Entry = (_message, work) => work.invalidate(keys.shared.all(hash));
  return {
    'comment.created': one,
    'comment.replied': one,
    'comment.edited': one,
    'comment.completed': one,
    'comment.reopened': one,
    'comment.deleted': one,
    'asset.uploaded': lists,
    'asset.round_uploaded': lists,
    'asset.round_deleted': lists,
    'asset.round_processed': lists,
    'asset.renamed': lists,
    'asset.deleted': lists,
    'asset.moved': lists,
    'assets.reordered': lists,
    'folder.created': place,
    'folder.renamed': place,
    'folder.deleted': place,
    'project.renamed': (_message, work) => work.invalidate(keys.shared.project(hash)),
    'project.updated': place,
  };
}

const isSharedType = (type: LiveMessageType): type is SharedType =>
  (SHARED_LIVE_EVENT_TYPES as readonly string[]).includes(type);

/* ----------------------------------------------------------------- the work */

/**
 * The cache work of one stream: `apply` each message as it comes; what it puts off runs LIVE_BATCH_MS
 * later (or at `flush`, which resolves once the reads are done).
 */
export class LiveCache {
  private readonly stale = new Map<string, { key: QueryKey; exact: boolean }>();
  private readonly rereads = new Map<number, number>();
  /** The latest re-read of each asset: an older answer landing later is dropped. */
  private readonly reading = new Map<number, object>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly table: Partial<Record<LiveMessageType, Entry>>;
  private readonly work: Work;

  constructor(
    private readonly queryClient: QueryClient,
    scope: LiveScope,
    private readonly reads: LiveReads = serverReads,
  ) {
    this.table = scope.shareHash === null ? MEMBER_WORK : sharedWork(scope.shareHash);
    this.work = {
      queryClient,
      invalidate: (key, exact = false) => this.stale.set(`${JSON.stringify(key)}|${exact}`, { key, exact }),
      reread: (projectId, assetId) => this.rereads.set(assetId, projectId),
      patched: (projectId, assetId) => {
        if (this.reading.delete(assetId)) this.rereads.set(assetId, projectId);
      },
    };
  }

  apply(message: LiveMessage): void {
    if (this.table !== MEMBER_WORK && !isSharedType(message.type)) return;
    this.table[message.type]?.(message, this.work);
    if (this.timer === null && (this.stale.size > 0 || this.rereads.size > 0))
      this.timer = setTimeout(() => void this.flush(), LIVE_BATCH_MS);
  }

  /**
   * The stream opened without a replay of what happened before (its first open, or anew after a
   * loss with no event seen): every query on screen reads again (the others when next shown).
   */
  resync(): Promise<void> {
    return this.queryClient.invalidateQueries();
  }

  async flush(): Promise<void> {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const stale = [...this.stale.values()];
    const rereads = [...this.rereads];
    this.stale.clear();
    this.rereads.clear();
    await Promise.all([
      ...stale.map(({ key, exact }) => this.queryClient.invalidateQueries({ queryKey: key, exact })),
      ...rereads.map(([assetId, projectId]) => this.reread(projectId, assetId)),
    ]);
  }

  dispose(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.stale.clear();
    this.rereads.clear();
  }

  /** An asset no list and no page holds is not read: it will be read fresh when shown. */
  private async reread(projectId: number, assetId: number): Promise<void> {
    const cached =
      this.queryClient.getQueryData(queryKeys.assets.one(assetId)) !== undefined ||
      listedAssets(this.queryClient, projectId, new Set([assetId])).size > 0;
    if (!cached) return;
    const mark = {};
    this.reading.set(assetId, mark);
    try {
      const fresh = await this.reads.asset(assetId);
      if (this.reading.get(assetId) === mark) replaceInLists(this.queryClient, projectId, [fresh]);
    } catch (error) {
      if (this.reading.get(assetId) !== mark) return;
      if (isApiError(error) && error.status === 404) {
        removeFromLists(this.queryClient, projectId, new Set([assetId]));
        await this.queryClient.invalidateQueries({ queryKey: queryKeys.assets.one(assetId), exact: true });
      }
    } finally {
      if (this.reading.get(assetId) === mark) this.reading.delete(assetId);
    }
  }
}
