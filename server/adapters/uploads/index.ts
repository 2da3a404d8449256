import type { Config } from '../../config';
import type { FileStorage } from '../storage/fileStorage';
import { BucketUploadPlace } from './bucketUploadPlace';
import { DiskUploadPlace } from './diskUploadPlace';
import type { UploadPlace } from './uploadPlace';

/**
 * The places uploads gather in: tus uploads in the bucket when the files are there (so that any
 * instance resumes them), else in the uploads folder; multipart requests, which end with their
 * request, always in the uploads folder.
 */
export class UploadPlaces {
  readonly tus: UploadPlace;
  readonly multipart: UploadPlace;

  constructor(config: Pick<Config, 'storage' | 'uploads'>, storage: FileStorage) {
    const { dir, expiryMs } = config.uploads;
    this.multipart = new DiskUploadPlace(dir, storage, expiryMs);
    this.tus =
      config.storage.driver === 's3'
        ? new BucketUploadPlace(config.storage, storage, expiryMs)
        : this.multipart;
  }

  of(id: string): UploadPlace {
    return id.startsWith('mp') ? this.multipart : this.tus;
  }

  /** Each place once. */
  all(): UploadPlace[] {
    return this.tus === this.multipart ? [this.tus] : [this.tus, this.multipart];
  }
}
