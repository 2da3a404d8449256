import { describe, expect, it } from 'vitest';
import { DOWNLOAD_TEXTS } from '@common/api/downloads';
import { authorizeSharedDownload, sharedDownloadNotAllowed, sharedLinkAllowsDownloads } from './sharedLinks';

const open = { share_hash_downloadable: 1 };
const closed = { share_hash_downloadable: 0 };

function errorOf(run: () => void) {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
}

describe('sharedLinkAllowsDownloads', () => {
  it('allows downloads only on a link that says so', () => {
    expect(sharedLinkAllowsDownloads(open)).toBe(true);
    expect(sharedLinkAllowsDownloads(closed)).toBe(false);
  });
});

describe('authorizeSharedDownload', () => {
  const notDownloadable = {
    status: 403,
    code: 'download_not_allowed',
    message: DOWNLOAD_TEXTS.notDownloadable,
  };

  it('lets the viewers of a downloadable link take the latest round', () => {
    expect(errorOf(() => authorizeSharedDownload(open, { allRounds: false }))).toBeUndefined();
  });

  it('refuses every round of an asset, even on a downloadable link', () => {
    expect(errorOf(() => authorizeSharedDownload(open, { allRounds: true }))).toMatchObject({
      status: 403,
      code: 'forbidden',
      message: DOWNLOAD_TEXTS.sharedLatestOnly,
    });
  });

  it('refuses any download on a link without downloads, first', () => {
    expect(errorOf(() => authorizeSharedDownload(closed, { allRounds: false }))).toMatchObject(
      notDownloadable,
    );
    expect(errorOf(() => authorizeSharedDownload(closed, { allRounds: true }))).toMatchObject(
      notDownloadable,
    );
    expect(sharedDownloadNotAllowed()).toMatchObject(notDownloadable);
  });
});
