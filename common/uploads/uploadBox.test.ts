import { describe, expect, it } from 'vitest';
import { closesUploadBox, opensUploadBox, UPLOAD_BOX_CLOSE_MS, warnsOnLeave } from './uploadBox';
import { record, record as r } from './testRecords';
import { rowLabel, uploadingHeader, UPLOAD_BOX_TEXTS } from './uploadTexts';

describe('Upload Box opening and closing', () => {
  it('opens only when active uploads go from none to some', () => {
    expect(opensUploadBox(0, 1)).toBe(true);
    expect(opensUploadBox(0, 20)).toBe(true);
    expect(opensUploadBox(2, 5)).toBe(false);
    expect(opensUploadBox(3, 0)).toBe(false);
    expect(opensUploadBox(0, 0)).toBe(false);
  });

  it('closes 1 s after every upload that was not aborted or failed has succeeded', () => {
    expect(UPLOAD_BOX_CLOSE_MS).toBe(1000);
    expect(closesUploadBox([record({ state: 'succeeded' }), record({ state: 'aborted' })])).toBe(true);
    expect(closesUploadBox([record({ state: 'succeeded' }), record({ state: 'failed' })])).toBe(true);
    expect(closesUploadBox([record({ state: 'succeeded' }), record({ state: 'creating' })])).toBe(false);
    expect(closesUploadBox([record({ state: 'succeeded' }), record()])).toBe(false);
    expect(closesUploadBox([])).toBe(false);
  });

  it('warns on leaving while anything is active', () => {
    expect(warnsOnLeave([record({ state: 'succeeded' })])).toBe(false);
    expect(warnsOnLeave([record({ state: 'succeeded' }), record({ state: 'creating' })])).toBe(true);
    expect(warnsOnLeave([])).toBe(false);
  });
});

describe('Upload Box words', () => {
  it("says 'Uploading N file(s)...'", () => {
    expect(uploadingHeader(1)).toBe('Uploading 1 file...');
    expect(uploadingHeader(20)).toBe('Uploading 20 files...');
  });

  it('labels each row as §2 says', () => {
    const now = 10_000;
    expect(rowLabel(r(), now)).toBe('Upload Pending');
    expect(rowLabel(r({ abortRequested: true }), now)).toBe('Canceled');
    expect(rowLabel(r({ state: 'uploading', startedAt: now - 100 }), now)).toBe('Calculating time left');
    expect(rowLabel(r({ state: 'uploading', startedAt: 0, bytesUploaded: 500, size: 1000 }), now)).toBe(
      'Less than a minute',
    );
    expect(rowLabel(r({ state: 'uploading', startedAt: 0, bytesUploaded: 10, size: 10 + 7200 }), now)).toBe(
      '2 hours left',
    );
    expect(rowLabel(r({ state: 'creating' }), now)).toBe(UPLOAD_BOX_TEXTS.creating);
    expect(rowLabel(r({ state: 'succeeded' }), now)).toBe('Complete');
    expect(rowLabel(r({ state: 'failed' }), now)).toBe('Error Uploading');
    expect(rowLabel(r({ state: 'aborted' }), now)).toBe('Canceled');
  });

  it('carries the leave warning and the cancel-all question word for word', () => {
    expect(UPLOAD_BOX_TEXTS.leaveWarning).toBe(
      'You have uncompleted uploads and they will be cancel if you close this page. Are you sure you want to continue?',
    );
    expect(UPLOAD_BOX_TEXTS.cancelAllConfirm).toBe('Are you sure you want to cancel all pending uploads?');
    expect(UPLOAD_BOX_TEXTS.uploadAsRound('hero.jpg')).toBe('Upload as a new round of hero.jpg');
  });
});
