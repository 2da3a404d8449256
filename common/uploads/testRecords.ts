import { newUploadRecord, type UploadRecord, type UploadTarget } from './uploadRecord';

const target: UploadTarget = { projectId: 1, projectName: 'Spring Campaign', folderId: null, assetId: null };

let seq = 0;

/** A record for the tests of the pure rules: waiting, 1000 bytes, unless told otherwise. */
export function record(overrides: Partial<UploadRecord> = {}): UploadRecord {
  seq += 1;
  return {
    ...newUploadRecord({ id: `u${seq}`, seq, name: `file-${seq}.jpg`, size: 1000, target }),
    ...overrides,
  };
}
