import { describe, expect, it } from 'vitest';
import { groupUploads, UPLOAD_GROUP_TITLE_MAX } from './uploadGroups';
import { record } from './testRecords';

const target = (projectId: number, projectName: string) => ({
  projectId,
  projectName,
  folderId: null,
  assetId: null,
});

describe('groupUploads', () => {
  it('makes one group per project, in the order the projects first appeared', () => {
    const records = [
      record({ target: target(2, 'Beta') }),
      record({ target: target(1, 'Alpha') }),
      record({ target: target(2, 'Beta') }),
    ];
    const groups = groupUploads(records);
    expect(groups.map((g) => [g.projectId, g.records.length])).toEqual([
      [2, 2],
      [1, 1],
    ]);
  });

  it('cuts titles at 40 characters and keeps the full name', () => {
    const long = 'Autumn–Winter lookbook: retouched hero images for the print catalogue';
    const [group] = groupUploads([record({ target: target(1, long) })]);
    expect(UPLOAD_GROUP_TITLE_MAX).toBe(40);
    // 39 characters and the ellipsis; the space before the cut is dropped.
    expect(group?.title).toBe('Autumn–Winter lookbook: retouched hero…');
    expect(group!.title.length).toBeLessThanOrEqual(40);
    expect(group?.fullTitle).toBe(long);
    const [short] = groupUploads([record({ target: target(1, 'Spring') })]);
    expect(short?.title).toBe('Spring');
  });

  it('orders rows by display priority, then arrival', () => {
    const t = target(1, 'Alpha');
    const records = [
      record({ target: t, state: 'aborted' }),
      record({ target: t, state: 'failed' }),
      record({ target: t, state: 'creating' }),
      record({ target: t, state: 'succeeded' }),
      record({ target: t, state: 'waiting' }),
      record({ target: t, state: 'uploading' }),
      record({ target: t, state: 'uploading' }),
    ];
    const [group] = groupUploads(records);
    expect(group?.records.map((r) => r.state)).toEqual([
      'uploading',
      'uploading',
      'waiting',
      'succeeded',
      'creating',
      'failed',
      'aborted',
    ]);
    expect(group?.records[0]!.seq).toBeLessThan(group!.records[1]!.seq);
    expect(group?.activeCount).toBe(4);
  });
});
