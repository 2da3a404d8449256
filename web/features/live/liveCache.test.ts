import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import type { AssetView } from '@common/api/assets';
import {
  LIVE_MESSAGE_TYPES,
  SHARED_LIVE_EVENT_TYPES,
  type AssetViewer,
  type LiveMessage,
  type LiveMessageType,
} from '@common/api/liveEvents';
import { ApiError } from '@web/api/client';
import { queryKeys } from '@web/api/keys';
import { LiveCache, type LiveReads } from './liveCache';

const PROJECT = 7;
const OTHER_PROJECT = 8;
const byName = { sort_by: 'file_name', sort_order: 'asc', filters: {} } as const;

const asset = (id: number, fields: Partial<AssetView> = {}) =>
  ({
    id,
    project_id: PROJECT,
    name: `${id}.jpg`,
    approve: 'pending',
    rush_priority: false,
    unresolved_comments_count: 0,
    is_processing: false,
    ...fields,
  }) as AssetView;

const listOf = (...assets: AssetView[]) => ({
  pages: [{ assets, pagination: { current: 1, last_page: true, total_count: assets.length } }],
  pageParams: [1],
});
type List = ReturnType<typeof listOf>;

function message(
  type: LiveMessageType,
  objectType: string | null,
  objectId: number | null,
  data: Record<string, unknown> = {},
  projectId = PROJECT,
): LiveMessage {
  return { type, project_id: projectId, object_type: objectType, object_id: objectId, data };
}

const commentOn = (type: LiveMessageType, assetId: number, commentId = 90) =>
  message(type, 'Comment', commentId, { asset_id: assetId, asset: `${assetId}.jpg`, parent_id: null });
const onAsset = (type: LiveMessageType, assetId: number, data: Record<string, unknown> = {}) =>
  message(type, 'Asset', assetId, data);

/** The server as the reads see it: assets by id; a missing one answers 404. */
function serverOf(assets: AssetView[]) {
  const stored = new Map(assets.map((a) => [a.id, a]));
  const asked: number[] = [];
  const reads: LiveReads = {
    asset: async (id) => {
      asked.push(id);
      const found = stored.get(id);
      if (!found) throw new ApiError(404, 'not_found', 'Not found');
      return found;
    },
  };
  return { stored, asked, reads };
}

const clients: QueryClient[] = [];
function setUp(assets: AssetView[] = [], shareHash: string | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(queryClient);
  const server = serverOf(assets);
  const live = new LiveCache(queryClient, { shareHash }, server.reads);
  const stale = (key: QueryKey) => queryClient.getQueryState(key)?.isInvalidated ?? false;
  return { queryClient, server, live, stale };
}

/** Asset 1 on its page; each read waits until the test answers it (`answers`, in the order asked). */
function setUpWithReadsHeld() {
  const queryClient = new QueryClient();
  clients.push(queryClient);
  const answers: ((a: AssetView) => void)[] = [];
  const live = new LiveCache(
    queryClient,
    { shareHash: null },
    { asset: () => new Promise<AssetView>((resolve) => answers.push(resolve)) },
  );
  queryClient.setQueryData(queryKeys.assets.one(1), asset(1));
  return { queryClient, live, answers };
}

afterEach(() => {
  for (const client of clients.splice(0)) client.clear();
});

describe('comments', () => {
  it("another viewer's comment is read into the open round's list at once, without a reload", async () => {
    const { queryClient, live } = setUp([asset(1, { unresolved_comments_count: 1 })]);
    const roundKey = queryKeys.comments.round(1, 2);
    const onServer = [{ id: 80, text: 'first' }];
    const observer = new QueryObserver(queryClient, {
      queryKey: roundKey,
      queryFn: async () => [...onServer],
      staleTime: Infinity,
    });
    const seen: unknown[] = [];
    const stop = observer.subscribe((result) => seen.push(result.data));
    await observer.refetch();
    expect(observer.getCurrentResult().data).toEqual([{ id: 80, text: 'first' }]);

    onServer.push({ id: 81, text: 'from the other viewer' });
    live.apply(commentOn('comment.created', 1, 81));
    await live.flush();
    await queryClient.getQueryCache().find({ queryKey: roundKey })?.promise;

    expect(observer.getCurrentResult().data).toEqual(onServer);
    stop();
  });

  it("re-reads the asset's copy in the lists and on its page (unresolved counts), and only that asset", async () => {
    const { queryClient, server, live } = setUp([asset(1, { unresolved_comments_count: 3 }), asset(2)]);
    const list = queryKeys.assets.page(PROJECT, null, byName);
    queryClient.setQueryData(list, listOf(asset(1), asset(2)));
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1));

    live.apply(commentOn('comment.completed', 1));
    await live.flush();

    expect(server.asked).toEqual([1]);
    expect(
      queryClient.getQueryData<List>(list)?.pages[0]?.assets.map((a) => a.unresolved_comments_count),
    ).toEqual([3, 0]);
    expect(queryClient.getQueryData<AssetView>(queryKeys.assets.one(1))?.unresolved_comments_count).toBe(3);
  });

  it('marks every round and the carried feedback of the asset stale, not another asset', async () => {
    const { queryClient, live, stale } = setUp();
    for (const key of [
      queryKeys.comments.round(1, 1),
      queryKeys.comments.round(1, 2),
      queryKeys.carried.asset(1, 5),
      queryKeys.comments.round(2, 1),
    ])
      queryClient.setQueryData(key, []);

    live.apply(commentOn('comment.replied', 1));
    await live.flush();

    expect(stale(queryKeys.comments.round(1, 1))).toBe(true);
    expect(stale(queryKeys.comments.round(1, 2))).toBe(true);
    expect(stale(queryKeys.carried.asset(1, 5))).toBe(true);
    expect(stale(queryKeys.comments.round(2, 1))).toBe(false);
  });

  it('reads nothing for an asset no list and no page holds', async () => {
    const { server, live } = setUp([asset(1)]);
    live.apply(commentOn('comment.created', 1));
    await live.flush();
    expect(server.asked).toEqual([]);
  });

  it('ignores a comment message that names no asset', async () => {
    const { server, live, queryClient } = setUp([asset(1)]);
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1));
    live.apply(message('comment.created', 'Comment', 3, {}));
    await live.flush();
    expect(server.asked).toEqual([]);
  });
});

describe('assets and rounds', () => {
  it("a new asset: the project's asset lists, its folders and counts and the project lists are read again; its tasks are not", async () => {
    const { queryClient, live, stale } = setUp();
    const root = queryKeys.assets.page(PROJECT, null, byName);
    const folder = queryKeys.assets.page(PROJECT, 4, byName);
    const elsewhere = queryKeys.assets.page(OTHER_PROJECT, null, byName);
    for (const key of [root, folder, elsewhere]) queryClient.setQueryData(key, listOf());
    queryClient.setQueryData(queryKeys.folders.list(PROJECT), []);
    queryClient.setQueryData(queryKeys.projects.detail(PROJECT), { id: PROJECT });
    queryClient.setQueryData(queryKeys.projects.list('active', {}), { pages: [] });
    queryClient.setQueryData(queryKeys.tasks.list(PROJECT), []);

    live.apply(onAsset('asset.uploaded', 3, { name: '3.jpg', number: 1, version_id: 30 }));
    await live.flush();

    expect(stale(root)).toBe(true);
    expect(stale(folder)).toBe(true);
    expect(stale(elsewhere)).toBe(false);
    expect(stale(queryKeys.folders.list(PROJECT))).toBe(true);
    expect(stale(queryKeys.projects.detail(PROJECT))).toBe(true);
    expect(stale(queryKeys.projects.list('active', {}))).toBe(true);
    expect(stale(queryKeys.tasks.list(PROJECT))).toBe(false);
  });

  it('a new round: also the asset and what is cached under it (its rounds, its comments)', async () => {
    const { queryClient, live, stale } = setUp();
    const rounds = [...queryKeys.assets.one(1), 'rounds', 10];
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1));
    queryClient.setQueryData(rounds, []);
    queryClient.setQueryData(queryKeys.assets.one(2), asset(2));

    live.apply(onAsset('asset.round_uploaded', 1, { version_id: 11, number: 2 }));
    await live.flush();

    expect(stale(queryKeys.assets.one(1))).toBe(true);
    expect(stale(rounds)).toBe(true);
    expect(stale(queryKeys.assets.one(2))).toBe(false);
  });

  it('a finished preview puts the fresh asset in every list holding it and on its page', async () => {
    const ready = asset(1, { is_processing: false, name: '1.jpg' });
    const { queryClient, live, server, stale } = setUp([ready]);
    const root = queryKeys.assets.page(PROJECT, null, byName);
    const byDate = queryKeys.assets.page(PROJECT, null, { ...byName, sort_by: 'created_at' });
    queryClient.setQueryData(root, listOf(asset(1, { is_processing: true }), asset(2)));
    queryClient.setQueryData(byDate, listOf(asset(2), asset(1, { is_processing: true })));
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1, { is_processing: true }));
    const rounds = [...queryKeys.assets.one(1), 'rounds', 10];
    queryClient.setQueryData(rounds, []);

    live.apply(onAsset('asset.round_processed', 1, { version_id: 10, state: 'ready' }));
    await live.flush();

    expect(server.asked).toEqual([1]);
    expect(queryClient.getQueryData<List>(root)?.pages[0]?.assets[0]).toEqual(ready);
    expect(queryClient.getQueryData<List>(byDate)?.pages[0]?.assets[1]).toEqual(ready);
    expect(queryClient.getQueryData(queryKeys.assets.one(1))).toEqual(ready);
    expect(stale(rounds)).toBe(true);
    // The lists themselves are not read again: the tile is put in place.
    expect(stale(root)).toBe(false);
  });

  it("a reviewer's decision puts the fresh asset in place; only the lists filtered on decisions read again", async () => {
    const decided = asset(1, {
      decisions: [
        {
          reviewer: { id: 3, name: 'Ana', avatar: null, is_guest: false },
          decision: 'changes_requested',
          decided_at: '2026-11-29T10:00:00.000Z',
        },
      ],
    });
    const { queryClient, live, server, stale } = setUp([decided]);
    const root = queryKeys.assets.page(PROJECT, null, byName);
    const asked = queryKeys.assets.page(PROJECT, null, {
      ...byName,
      filters: { decision: 'changes_requested' },
    });
    queryClient.setQueryData(root, listOf(asset(1), asset(2)));
    queryClient.setQueryData(asked, listOf(asset(2)));
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1));

    live.apply(onAsset('asset.decided', 1, { decision: 'changes_requested' }));
    // The filtered list reads again (the asset may join or leave it); the others are not read again.
    expect(stale(asked)).toBe(true);
    expect(stale(root)).toBe(false);
    await live.flush();

    expect(server.asked).toEqual([1]);
    expect(queryClient.getQueryData<List>(root)?.pages[0]?.assets[0]).toEqual(decided);
    expect(queryClient.getQueryData(queryKeys.assets.one(1))).toEqual(decided);
  });

  it('an asset gone by the time it is read again leaves the lists', async () => {
    const { queryClient, live } = setUp([]);
    const root = queryKeys.assets.page(PROJECT, null, byName);
    queryClient.setQueryData(root, listOf(asset(1), asset(2)));

    live.apply(onAsset('asset.round_processed', 1, { version_id: 10, state: 'ready' }));
    await live.flush();

    const page = queryClient.getQueryData<List>(root)?.pages[0];
    expect(page?.assets.map((a) => a.id)).toEqual([2]);
    expect(page?.pagination.total_count).toBe(1);
  });

  it('a burst of messages about one asset reads it once', async () => {
    const { queryClient, live, server } = setUp([asset(1)]);
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1));
    live.apply(onAsset('asset.round_processed', 1));
    live.apply(commentOn('comment.created', 1, 81));
    live.apply(commentOn('comment.created', 1, 82));
    live.apply(onAsset('asset.labeled', 1, { label: 'Final' }));
    await live.flush();
    expect(server.asked).toEqual([1]);
  });

  it('of two reads of one asset under way, the older answer landing last is dropped', async () => {
    const { queryClient, live, answers } = setUpWithReadsHeld();

    live.apply(onAsset('asset.labeled', 1));
    const first = live.flush();
    live.apply(onAsset('asset.unlabeled', 1));
    const second = live.flush();
    answers[1]!(asset(1, { name: 'newer.jpg' }));
    await second;
    answers[0]!(asset(1, { name: 'older.jpg' }));
    await first;

    expect(queryClient.getQueryData<AssetView>(queryKeys.assets.one(1))?.name).toBe('newer.jpg');
  });

  it('a read under way when the approval comes is dropped, not let undo it, and the asset is read again', async () => {
    const { queryClient, live, answers } = setUpWithReadsHeld();

    // A reply: the asset is read again; the approval lands while that read is under way.
    live.apply(commentOn('comment.replied', 1));
    const replyRead = live.flush();
    await Promise.resolve();
    live.apply(onAsset('asset.approved', 1));
    answers[0]!(asset(1, { approve: 'pending', unresolved_comments_count: 1 }));
    await replyRead;
    expect(queryClient.getQueryData<AssetView>(queryKeys.assets.one(1))?.approve).toBe('confirmed');

    const approvalRead = live.flush();
    await Promise.resolve();
    expect(answers).toHaveLength(2);
    answers[1]!(asset(1, { approve: 'confirmed', unresolved_comments_count: 1 }));
    await approvalRead;
    expect(queryClient.getQueryData<AssetView>(queryKeys.assets.one(1))).toMatchObject({
      approve: 'confirmed',
      unresolved_comments_count: 1,
    });
  });

  it('approval and the rush flag are set exactly in the lists and on the page, applying twice changes nothing more', async () => {
    const { queryClient, live, server, stale } = setUp();
    const root = queryKeys.assets.page(PROJECT, null, byName);
    queryClient.setQueryData(root, listOf(asset(1), asset(2)));
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1));
    queryClient.setQueryData(queryKeys.projects.detail(PROJECT), { id: PROJECT });

    live.apply(onAsset('asset.approved', 1, { name: '1.jpg' }));
    live.apply(onAsset('asset.flagged', 1, { name: '1.jpg' }));
    const once = queryClient.getQueryData<List>(root);
    // The tab's own approval comes back on the stream: nothing changes a second time.
    live.apply(onAsset('asset.approved', 1, { name: '1.jpg' }));
    live.apply(onAsset('asset.flagged', 1, { name: '1.jpg' }));
    await live.flush();

    const listed = queryClient.getQueryData<List>(root)?.pages[0]?.assets;
    expect(listed?.map((a) => [a.approve, a.rush_priority])).toEqual([
      ['confirmed', true],
      ['pending', false],
    ]);
    expect(queryClient.getQueryData<List>(root)?.pages[0]?.assets[1]).toBe(once?.pages[0]?.assets[1]);
    expect(queryClient.getQueryData(queryKeys.assets.one(1))).toMatchObject({
      approve: 'confirmed',
      rush_priority: true,
    });
    expect(server.asked).toEqual([]);
    expect(stale(root)).toBe(false);
    expect(stale(queryKeys.projects.detail(PROJECT))).toBe(true);

    live.apply(onAsset('asset.unapproved', 1));
    live.apply(onAsset('asset.unflagged', 1));
    expect(queryClient.getQueryData(queryKeys.assets.one(1))).toMatchObject({
      approve: 'pending',
      rush_priority: false,
    });
  });

  it('a deleted asset leaves the lists at once, counted once however often it comes, and its page reads it again', async () => {
    const { queryClient, live, stale } = setUp();
    const root = queryKeys.assets.page(PROJECT, null, byName);
    queryClient.setQueryData(root, listOf(asset(1), asset(2), asset(3)));
    queryClient.setQueryData(queryKeys.assets.one(2), asset(2));

    live.apply(onAsset('asset.deleted', 2, { name: '2.jpg' }));
    live.apply(onAsset('asset.deleted', 2, { name: '2.jpg' }));

    const page = queryClient.getQueryData<List>(root)?.pages[0];
    expect(page?.assets.map((a) => a.id)).toEqual([1, 3]);
    expect(page?.pagination.total_count).toBe(2);
    await live.flush();
    expect(stale(queryKeys.assets.one(2))).toBe(true);
  });
});

describe('tasks, notifications, presence, access', () => {
  it("a task change reads the project's tasks again, nothing else of the project", async () => {
    const { queryClient, live, stale } = setUp();
    queryClient.setQueryData(queryKeys.tasks.list(PROJECT), []);
    queryClient.setQueryData(queryKeys.tasks.list(OTHER_PROJECT), []);
    queryClient.setQueryData(queryKeys.projects.detail(PROJECT), { id: PROJECT });

    live.apply(message('task.created', 'Task', 4, {}));
    await live.flush();

    expect(stale(queryKeys.tasks.list(PROJECT))).toBe(true);
    expect(stale(queryKeys.tasks.list(OTHER_PROJECT))).toBe(false);
    expect(stale(queryKeys.projects.detail(PROJECT))).toBe(false);
  });

  it("a notification refreshes every notification query and the projects' unseen counts", async () => {
    const { queryClient, live, stale } = setUp();
    for (const key of [
      queryKeys.notifications.unseen,
      [...queryKeys.notifications.project(PROJECT), { page: 1 }],
      queryKeys.notifications.project(OTHER_PROJECT),
      queryKeys.projects.list('active', {}),
      queryKeys.projects.detail(PROJECT),
      queryKeys.assets.one(1),
    ])
      queryClient.setQueryData(key, {});

    live.apply(
      message('notification.created', 'Notification', 12, { id: 12, project_id: PROJECT, kind: 'comments' }),
    );
    await live.flush();

    expect(stale(queryKeys.notifications.unseen)).toBe(true);
    expect(stale([...queryKeys.notifications.project(PROJECT), { page: 1 }])).toBe(true);
    expect(stale(queryKeys.notifications.project(OTHER_PROJECT))).toBe(true);
    expect(stale(queryKeys.projects.list('active', {}))).toBe(true);
    expect(stale(queryKeys.projects.detail(PROJECT))).toBe(true);
    expect(stale(queryKeys.assets.one(1))).toBe(false);
  });

  it("who is looking at an asset is set as the server says, the asset's other caches untouched", async () => {
    const { queryClient, live, stale } = setUp();
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1));
    const viewers: AssetViewer[] = [
      { id: 1, name: 'Ann', avatar_url: null },
      { id: 2, name: 'Ben', avatar_url: '/a.png' },
    ];

    live.apply(onAsset('asset.viewers_changed', 1, { asset_id: 1, viewers }));
    expect(queryClient.getQueryData(queryKeys.assetViewers.asset(1))).toEqual(viewers);
    live.apply(onAsset('asset.viewers_changed', 1, { asset_id: 1, viewers: viewers.slice(1) }));
    expect(queryClient.getQueryData(queryKeys.assetViewers.asset(1))).toEqual(viewers.slice(1));
    // A message not of the contract's shape changes nothing.
    live.apply(onAsset('asset.viewers_changed', 1, { asset_id: 1, viewers: [{ id: 'x' }] }));
    expect(queryClient.getQueryData(queryKeys.assetViewers.asset(1))).toEqual(viewers.slice(1));
    await live.flush();
    expect(stale(queryKeys.assets.one(1))).toBe(false);
  });

  it('a project lost: its page and the project lists read again', async () => {
    const { queryClient, live, stale } = setUp();
    queryClient.setQueryData(queryKeys.projects.detail(PROJECT), { id: PROJECT });
    queryClient.setQueryData(queryKeys.projects.list('active', {}), { pages: [] });
    live.apply(message('access.revoked', 'Project', PROJECT, { project_id: PROJECT }));
    await live.flush();
    expect(stale(queryKeys.projects.detail(PROJECT))).toBe(true);
    expect(stale(queryKeys.projects.list('active', {}))).toBe(true);
  });

  it('after a lost stream is opened anew, every cached query reads again', async () => {
    const { queryClient, live, stale } = setUp();
    queryClient.setQueryData(queryKeys.tasks.list(PROJECT), []);
    queryClient.setQueryData(queryKeys.me, { id: 1 });
    await live.resync();
    expect(stale(queryKeys.tasks.list(PROJECT))).toBe(true);
    expect(stale(queryKeys.me)).toBe(true);
  });

  it('puts the work off to one batch, and dispose drops what is put off', async () => {
    const { queryClient, live, stale } = setUp();
    queryClient.setQueryData(queryKeys.tasks.list(PROJECT), []);
    live.apply(message('task.updated', 'Task', 4, {}));
    expect(stale(queryKeys.tasks.list(PROJECT))).toBe(false);
    live.dispose();
    await live.flush();
    expect(stale(queryKeys.tasks.list(PROJECT))).toBe(false);
  });
});

describe('a shared view', () => {
  const HASH = 'abc123';

  it("a comment refreshes the shared asset (its comments); the member's keys are not touched", async () => {
    const { queryClient, live, stale, server } = setUp([asset(1)], HASH);
    queryClient.setQueryData(queryKeys.sharedAssets.one(HASH, 1), {});
    queryClient.setQueryData(queryKeys.sharedAssets.one(HASH, 2), {});
    queryClient.setQueryData(queryKeys.sharedAssets.one('other', 1), {});
    queryClient.setQueryData(queryKeys.assets.one(1), asset(1));

    live.apply(commentOn('comment.created', 1));
    await live.flush();

    expect(stale(queryKeys.sharedAssets.one(HASH, 1))).toBe(true);
    expect(stale(queryKeys.sharedAssets.one(HASH, 2))).toBe(false);
    expect(stale(queryKeys.sharedAssets.one('other', 1))).toBe(false);
    expect(stale(queryKeys.assets.one(1))).toBe(false);
    expect(server.asked).toEqual([]);
  });

  it("a finished preview or a new asset refreshes the link's lists and the asset", async () => {
    const { queryClient, live, stale } = setUp([], HASH);
    queryClient.setQueryData(queryKeys.sharedAssets.list(HASH, null), {});
    queryClient.setQueryData(queryKeys.sharedAssets.list(HASH, 3), {});
    queryClient.setQueryData(queryKeys.sharedAssets.one(HASH, 1), {});

    live.apply(onAsset('asset.round_processed', 1));
    await live.flush();

    expect(stale(queryKeys.sharedAssets.list(HASH, null))).toBe(true);
    expect(stale(queryKeys.sharedAssets.list(HASH, 3))).toBe(true);
    expect(stale(queryKeys.sharedAssets.one(HASH, 1))).toBe(true);
  });

  it('messages a shared view never receives change nothing there', async () => {
    const { queryClient, live, stale } = setUp([], HASH);
    queryClient.setQueryData(queryKeys.sharedAssets.one(HASH, 1), {});
    queryClient.setQueryData(queryKeys.notifications.unseen, {});
    const memberOnly = LIVE_MESSAGE_TYPES.filter(
      (type) => !(SHARED_LIVE_EVENT_TYPES as readonly string[]).includes(type),
    );
    for (const type of memberOnly) live.apply(onAsset(type, 1, { asset_id: 1, viewers: [] }));
    await live.flush();
    expect(stale(queryKeys.sharedAssets.one(HASH, 1))).toBe(false);
    expect(stale(queryKeys.notifications.unseen)).toBe(false);
    expect(queryClient.getQueryData(queryKeys.assetViewers.asset(1))).toBeUndefined();
  });
});

describe('every message type', () => {
  it('is mapped without throwing, whatever its data', async () => {
    const { queryClient, live } = setUp([asset(1)]);
    queryClient.setQueryData(queryKeys.assets.page(PROJECT, null, byName), listOf(asset(1)));
    for (const type of LIVE_MESSAGE_TYPES) {
      live.apply(onAsset(type, 1, {}));
      live.apply(message(type, null, null, {}));
    }
    await expect(live.flush()).resolves.toBeUndefined();
  });
});
