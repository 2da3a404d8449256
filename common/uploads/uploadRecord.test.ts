import { describe, expect, it } from 'vitest';
import { applyUploadEvent } from './uploadRecord';
import { record } from './testRecords';

describe('applyUploadEvent', () => {
  it('starts uploading from the offset a resumed upload already has', () => {
    const started = applyUploadEvent(record(), { type: 'start', at: 5000, offset: 300 });
    expect(started).toMatchObject({
      state: 'uploading',
      startedAt: 5000,
      startBytes: 300,
      bytesUploaded: 300,
    });
  });

  it('moves forward with progress and becomes creating when every byte is sent', () => {
    let r = applyUploadEvent(record(), { type: 'start', at: 0, offset: 0 });
    r = applyUploadEvent(r, { type: 'progress', bytes: 400 });
    expect(r).toMatchObject({ state: 'uploading', bytesUploaded: 400 });
    r = applyUploadEvent(r, { type: 'progress', bytes: 1000 });
    expect(r).toMatchObject({ state: 'creating', bytesUploaded: 1000 });
  });

  it('never goes backwards or past the size', () => {
    let r = applyUploadEvent(record(), { type: 'start', at: 0, offset: 0 });
    r = applyUploadEvent(r, { type: 'progress', bytes: 600 });
    r = applyUploadEvent(r, { type: 'progress', bytes: 200 });
    expect(r.bytesUploaded).toBe(600);
    r = applyUploadEvent(r, { type: 'progress', bytes: 5000 });
    expect(r.bytesUploaded).toBe(1000);
  });

  it('ignores progress before the start', () => {
    const r = applyUploadEvent(record(), { type: 'progress', bytes: 500 });
    expect(r).toMatchObject({ state: 'waiting', bytesUploaded: 0 });
  });

  it('records the asset on success and the reason on error', () => {
    const ok = applyUploadEvent(record({ state: 'creating' }), { type: 'success', assetId: 7 });
    expect(ok).toMatchObject({ state: 'succeeded', assetId: 7, bytesUploaded: 1000 });
    const failed = applyUploadEvent(record({ state: 'uploading' }), { type: 'error', message: 'No room' });
    expect(failed).toMatchObject({ state: 'failed', error: 'No room' });
  });

  it('leaves a finished upload alone: a late callback does not revive a canceled row', () => {
    const aborted = applyUploadEvent(record({ state: 'uploading' }), { type: 'abort' });
    expect(aborted.state).toBe('aborted');
    for (const late of [
      { type: 'progress', bytes: 900 },
      { type: 'success', assetId: 3 },
      { type: 'error', message: 'x' },
      { type: 'start', at: 1, offset: 0 },
    ] as const)
      expect(applyUploadEvent(aborted, late)).toBe(aborted);
    const done = applyUploadEvent(record({ state: 'creating' }), { type: 'success', assetId: 1 });
    expect(applyUploadEvent(done, { type: 'abort' })).toBe(done);
  });
});
