import { describe, expect, it } from 'vitest';
import { CONCURRENT_UPLOADS } from '../api/assets';
import { activeCount, advanceQueue, cancelAll, requestCancel, runningCount } from './uploadQueue';
import { record } from './testRecords';
import type { UploadRecord } from './uploadRecord';

const waiting = (n: number) => Array.from({ length: n }, () => record());

describe('advanceQueue', () => {
  it('starts 6 at once and keeps the rest waiting, in arrival order', () => {
    const records = waiting(10);
    const { start } = advanceQueue(records);
    expect(CONCURRENT_UPLOADS).toBe(6);
    expect(start).toEqual(records.slice(0, 6).map((r) => r.id));
  });

  it('fills only the free slots: uploading and creating hold one each', () => {
    const records = [
      record({ state: 'uploading' }),
      record({ state: 'creating' }),
      record({ state: 'succeeded' }),
      record({ state: 'failed' }),
      ...waiting(8),
    ];
    expect(runningCount(records)).toBe(2);
    expect(advanceQueue(records).start).toHaveLength(4);
  });

  it('starts nothing when every slot is taken', () => {
    const records = [...Array.from({ length: 6 }, () => record({ state: 'uploading' })), ...waiting(3)];
    expect(advanceQueue(records).start).toEqual([]);
  });

  it('follows arrival order even when the list is not sorted', () => {
    const [a, b, c] = waiting(3) as [UploadRecord, UploadRecord, UploadRecord];
    expect(advanceQueue([c, a, b], 2).start).toEqual([a.id, b.id]);
  });

  it('aborts a canceled waiting upload when its turn comes, without using a slot', () => {
    const records = waiting(3);
    records[0] = requestCancel(records[0]!);
    const { records: next, start } = advanceQueue(records, 1);
    expect(next[0]?.state).toBe('aborted');
    expect(start).toEqual([records[1]!.id]);
    expect(next[2]?.state).toBe('waiting');
  });

  it('keeps a canceled waiting upload waiting while no slot is free (applied once it starts)', () => {
    const busy = Array.from({ length: 6 }, () => record({ state: 'uploading' }));
    const queued = requestCancel(record());
    const { records: next } = advanceQueue([...busy, queued]);
    expect(next.at(-1)).toMatchObject({ state: 'waiting', abortRequested: true });
  });
});

describe('cancel', () => {
  it('stops an uploading upload at once', () => {
    expect(requestCancel(record({ state: 'uploading' })).state).toBe('aborted');
  });

  it('only marks a waiting upload', () => {
    expect(requestCancel(record())).toMatchObject({ state: 'waiting', abortRequested: true });
  });

  it('leaves creating and finished uploads alone', () => {
    for (const state of ['creating', 'succeeded', 'failed', 'aborted'] as const) {
      const r = record({ state });
      expect(requestCancel(r)).toBe(r);
    }
  });

  it('Cancel All aborts every active upload and leaves the finished ones', () => {
    const records = [
      record(),
      record({ state: 'uploading' }),
      record({ state: 'creating' }),
      record({ state: 'succeeded' }),
      record({ state: 'failed' }),
    ];
    expect(activeCount(records)).toBe(3);
    const after = cancelAll(records);
    expect(after.map((r) => r.state)).toEqual(['aborted', 'aborted', 'aborted', 'succeeded', 'failed']);
    expect(activeCount(after)).toBe(0);
  });
});
