import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import { DataStore, Upload, type KvStore } from '@tus/utils';
import type { S3StorageConfig } from '../../config';
import type { FileStorage } from '../storage/fileStorage';
import { s3Client } from '../storage/s3Storage';
import { UPLOAD_ID, type UploadedBytes, type UploadPlace, type UploadProgress } from './uploadPlace';

/** Where tus uploads gather in the bucket: `uploads/<id>`, with tus's `.info` and `.part` beside it. */
const PREFIX = 'uploads/';
const RECORD_SUFFIXES = ['.info', '.part'] as const;
/** Parts of 16 MiB: a 1 GiB upload in 64 parts, each staged on disk, never in memory. */
const PART_BYTES = 16 * 1024 * 1024;

/**
 * tus uploads straight into the bucket (@tus/s3-store): a multipart upload per tus upload, so any
 * instance resumes it from what the bucket holds. Nothing about an upload is kept in one
 * process's memory (its metadata cache is off), so every instance sees the same state.
 */
export class BucketUploadPlace implements UploadPlace {
  private readonly client: S3Client;

  constructor(
    private readonly config: S3StorageConfig,
    private readonly storage: FileStorage,
    private readonly expiryMs: number,
  ) {
    this.client = s3Client(config, config.endpoint);
  }

  tusStore(canceled: (id: string) => Promise<void>): DataStore {
    const inner = new S3Store({
      partSize: PART_BYTES,
      useTags: false,
      cache: new NoCache(),
      expirationPeriodInMilliseconds: this.expiryMs,
      s3ClientConfig: {
        bucket: this.config.bucket,
        endpoint: this.config.endpoint,
        region: this.config.region,
        forcePathStyle: this.config.forcePathStyle,
        credentials: { accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey },
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      },
    });
    return new PrefixedStore(inner, async (id) => {
      await this.remove(id);
      await canceled(id);
    });
  }

  bytesOf(id: string): UploadedBytes {
    return bytesInBucket(keyOf(id), this.storage);
  }

  async progress(id: string, declaredSize: number): Promise<UploadProgress | null> {
    const key = keyOf(id);
    const whole = await this.modified(key);
    if (whole) return { complete: whole.size === declaredSize, touchedAt: whole.at };
    const times: number[] = [];
    for (const suffix of RECORD_SUFFIXES) {
      const record = await this.modified(`${key}${suffix}`);
      if (record) times.push(record.at);
    }
    for (const upload of await this.multipartUploads(key)) {
      times.push(upload.Initiated?.getTime() ?? 0);
      const parts = await this.client.send(
        new ListPartsCommand({ Bucket: this.config.bucket, Key: key, UploadId: upload.UploadId }),
      );
      for (const part of parts.Parts ?? []) times.push(part.LastModified?.getTime() ?? 0);
    }
    return times.length === 0 ? null : { complete: false, touchedAt: Math.max(...times) };
  }

  async forgetRecord(id: string): Promise<void> {
    const key = keyOf(id);
    for (const upload of await this.multipartUploads(key)) {
      await this.client.send(
        new AbortMultipartUploadCommand({ Bucket: this.config.bucket, Key: key, UploadId: upload.UploadId }),
      );
    }
    await this.storage.deleteMany(RECORD_SUFFIXES.map((suffix) => `${key}${suffix}`));
  }

  async remove(id: string): Promise<void> {
    await this.forgetRecord(id);
    await this.storage.delete(keyOf(id));
  }

  async *leftovers(): AsyncIterable<{ id: string; touchedAt: number }> {
    const touched = new Map<string, number>();
    const note = (key: string | undefined, at: number) => {
      const id = idOf(key);
      if (id) touched.set(id, Math.max(touched.get(id) ?? 0, at));
    };
    for await (const entry of this.storage.list(PREFIX)) note(entry.key, entry.modifiedAt.getTime());
    for (const upload of await this.multipartUploads(PREFIX, false))
      note(upload.Key, upload.Initiated?.getTime() ?? 0);
    for (const [id, touchedAt] of touched) yield { id, touchedAt };
  }

  private async modified(key: string): Promise<{ size: number; at: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, at: head.LastModified?.getTime() ?? 0 };
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
        return null;
      throw error;
    }
  }

  /** The open multipart uploads of `key` (exactly, or every key under it). */
  private async multipartUploads(key: string, exact = true) {
    const uploads = [];
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      const page = await this.client.send(
        new ListMultipartUploadsCommand({
          Bucket: this.config.bucket,
          Prefix: key,
          KeyMarker: keyMarker,
          UploadIdMarker: uploadIdMarker,
        }),
      );
      uploads.push(...(page.Uploads ?? []).filter((upload) => !exact || upload.Key === key));
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
    return uploads;
  }
}

/** An object in the bucket holding an upload's bytes. */
export function bytesInBucket(key: string, storage: FileStorage): UploadedBytes {
  return {
    async open() {
      const head = await storage.head(key);
      if (!head) return null;
      return {
        size: head.size,
        read: (position, length) => storage.read(key, position, length),
        close: async () => {},
      };
    },
    keepAs: (to, contentType) => storage.move(key, to, contentType),
    discard: () => storage.delete(key),
  };
}

const keyOf = (id: string) => `${PREFIX}${id}`;

function idOf(key: string | undefined): string | null {
  if (!key?.startsWith(PREFIX)) return null;
  const name = key.slice(PREFIX.length);
  const id = RECORD_SUFFIXES.reduce(
    (rest, suffix) => (rest.endsWith(suffix) ? rest.slice(0, -suffix.length) : rest),
    name,
  );
  return UPLOAD_ID.test(id) ? id : null;
}

/**
 * S3Store under `uploads/`: tus (and its URLs) name an upload by its id, the bucket by its key.
 * A termination removes everything of the upload, the `.part` S3Store would leave included.
 */
class PrefixedStore extends DataStore {
  constructor(
    private readonly inner: S3Store,
    private readonly removeAll: (id: string) => Promise<void>,
  ) {
    super();
    this.extensions = inner.extensions;
  }

  override async create(upload: Upload): Promise<Upload> {
    const created = await this.inner.create(renamed(upload, keyOf(upload.id)));
    // tus finishes an empty upload at once, with no write to complete its multipart upload: done here.
    if (upload.size === 0) await this.inner.write(Readable.from([]), keyOf(upload.id), 0);
    return renamed(created, upload.id);
  }

  override write(stream: Parameters<DataStore['write']>[0], id: string, offset: number): Promise<number> {
    return this.inner.write(stream, keyOf(id), offset);
  }

  override async getUpload(id: string): Promise<Upload> {
    return renamed(await this.inner.getUpload(keyOf(id)), id);
  }

  override declareUploadLength(id: string, length: number): Promise<void> {
    return this.inner.declareUploadLength(keyOf(id), length);
  }

  override remove(id: string): Promise<void> {
    return this.removeAll(id);
  }

  /** Expired uploads are the upload sweep's (server/services/assets/uploadSweep.ts). */
  override deleteExpired(): Promise<number> {
    return Promise.resolve(0);
  }

  override getExpiration(): number {
    return this.inner.getExpiration();
  }
}

function renamed(upload: Upload, id: string): Upload {
  return new Upload({
    id,
    size: upload.size,
    offset: upload.offset,
    metadata: upload.metadata,
    storage: upload.storage,
    creation_date: upload.creation_date,
  });
}

/** No metadata kept in memory: another instance may have changed the upload since. */
class NoCache implements KvStore<MetadataValue> {
  get(): Promise<undefined> {
    return Promise.resolve(undefined);
  }
  set(): Promise<void> {
    return Promise.resolve();
  }
  delete(): Promise<void> {
    return Promise.resolve();
  }
  list(): Promise<string[]> {
    return Promise.resolve([]);
  }
}
