import { CONCURRENT_UPLOADS } from '../api/assets';
import type { UploadRecord } from './uploadRecord';
import { applyUploadEvent } from './uploadRecord';
import { isActive } from './uploadStates';

/** Uploads whose bytes are moving or whose asset is being made: they hold a slot. */
export function runningCount(records: readonly UploadRecord[]): number {
  return records.filter((r) => r.state === 'uploading' || r.state === 'creating').length;
}

/**
 * The next step of the queue (§4: up to 6 at once, the rest wait their turn in arrival order).
 * A waiting upload whose cancel was asked for is aborted when its turn comes instead of starting,
 * and does not take a slot. Answers the records after that step and the ids to start now.
 */
export function advanceQueue(
  records: readonly UploadRecord[],
  concurrent: number = CONCURRENT_UPLOADS,
): { records: UploadRecord[]; start: string[] } {
  let free = Math.max(0, concurrent - runningCount(records));
  const start: string[] = [];
  const next = [...records]
    .sort((a, b) => a.seq - b.seq)
    .map((record) => {
      if (record.state !== 'waiting' || free === 0) return record;
      if (record.abortRequested) return applyUploadEvent(record, { type: 'abort' });
      free -= 1;
      start.push(record.id);
      return record;
    });
  const byId = new Map(next.map((r) => [r.id, r]));
  return { records: records.map((r) => byId.get(r.id) ?? r), start };
}

/**
 * A cancel on one row. An uploading upload stops now; a waiting one is marked and stopped when it
 * would start (§4); anything else is left as it is.
 */
export function requestCancel(record: UploadRecord): UploadRecord {
  if (record.state === 'uploading') return applyUploadEvent(record, { type: 'abort' });
  if (record.state === 'waiting') return { ...record, abortRequested: true };
  return record;
}

/** 'Cancel All': every active upload becomes aborted at once (§4). */
export function cancelAll(records: readonly UploadRecord[]): UploadRecord[] {
  return records.map((r) => (isActive(r.state) ? applyUploadEvent(r, { type: 'abort' }) : r));
}

export function activeCount(records: readonly UploadRecord[]): number {
  return records.filter((r) => isActive(r.state)).length;
}
