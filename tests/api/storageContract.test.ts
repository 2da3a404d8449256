import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { LocalFileStorage } from '@server/adapters/storage/localStorage';
import { S3FileStorage } from '@server/adapters/storage/s3Storage';
import { describeStorageContract } from '../storage/storageContract';
import { createBucket, s3Config } from '../storage/s3Server';

describeStorageContract(
  'local disk',
  async () => new LocalFileStorage(mkdtempSync(join(tmpdir(), 'proofroom-files-'))),
);

describeStorageContract('S3 (Ceph RADOS Gateway)', async () => {
  const server = inject('s3');
  return new S3FileStorage(s3Config(server, await createBucket(server)));
});
