import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { AssetView } from '@common/api/assets';
import { settleRename } from './assetCache';
import { assetKeys } from './assets';

const asset = (id: number, name: string) => ({ id, name, approve: 'pending' }) as AssetView;
const byName = { sort_by: 'file_name', sort_order: 'asc', filters: {} } as const;
const listOf = (...assets: AssetView[]) => ({
  pages: [{ assets, pagination: undefined }],
  pageParams: [1],
});

describe('settleRename', () => {
  it("puts the answer in, and has the project's lists read again so the asset takes its sorted place", async () => {
    const queryClient = new QueryClient();
    const mine = assetKeys.page(1, null, byName);
    const inFolder = assetKeys.page(1, 5, byName);
    const other = assetKeys.page(2, null, byName);
    queryClient.setQueryData(mine, listOf(asset(10, 'A.jpg'), asset(11, 'B.jpg'), asset(12, 'C.jpg')));
    queryClient.setQueryData(inFolder, listOf(asset(20, 'D.jpg')));
    queryClient.setQueryData(other, listOf(asset(30, 'E.jpg')));

    await settleRename(queryClient, 1, asset(10, 'Z.jpg'));

    expect(queryClient.getQueryData<ReturnType<typeof listOf>>(mine)?.pages[0]?.assets[0]?.name).toBe(
      'Z.jpg',
    );
    expect(queryClient.getQueryData(assetKeys.one(10))).toMatchObject({ name: 'Z.jpg' });
    expect(queryClient.getQueryState(mine)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(inFolder)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it('reads the lists again even when the answer is not an asset', async () => {
    const queryClient = new QueryClient();
    const mine = assetKeys.page(1, null, byName);
    queryClient.setQueryData(mine, listOf(asset(10, 'A.jpg')));
    await settleRename(queryClient, 1, null);
    expect(queryClient.getQueryState(mine)?.isInvalidated).toBe(true);
  });
});
