import type { Config } from '../../config';
import type { FileStorage } from './fileStorage';
import { LocalFileStorage } from './localStorage';
import { S3FileStorage } from './s3Storage';

/** The store the configuration names (STORAGE). */
export function createStorage(config: Config['storage']): FileStorage {
  return config.driver === 'local' ? new LocalFileStorage(config.root) : new S3FileStorage(config);
}
