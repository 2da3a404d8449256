import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCopyCommand,
  CreateMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  AbortMultipartUploadCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig } from '../../config';
import type { FileStorage, LinkOptions, StoredEntry, StoredFile } from './fileStorage';

// The lockfile pins SDK versions that support Node 20 (package.json's engines): their notice that
// later versions will not would otherwise open every process's log.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

/** DeleteObjects takes this many keys at most. */
const DELETE_BATCH = 1000;
/** Objects larger than this are copied part by part (CopyObject stops at 5 GiB). */
const SINGLE_COPY_MAX = 5 * 1024 ** 3;
const COPY_PART_BYTES = 512 * 1024 ** 2;
/** Parts of a streamed upload (putStream): 16 MiB each, two in flight, so memory stays bounded. */
const STREAM_PART_BYTES = 16 * 1024 ** 2;

/** Files as objects in one bucket of an S3-compatible store (S3, Ceph RGW, MinIO, R2…). */
export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  private readonly linkClient: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.client = s3Client(config, config.endpoint);
    this.linkClient = config.publicEndpoint ? s3Client(config, config.publicEndpoint) : this.client;
    this.bucket = config.bucket;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }),
    );
  }

  async putFile(key: string, path: string, contentType: string): Promise<void> {
    const { size } = await stat(path);
    await this.upload(key, createReadStream(path), contentType, size);
    await rm(path, { force: true });
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    let size = 0;
    const counted = new PassThrough();
    body.on('data', (chunk: Buffer) => (size += chunk.length));
    body.on('error', (error) => counted.destroy(error));
    body.pipe(counted);
    await this.upload(key, counted, contentType, undefined);
    return size;
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<StoredFile | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
        }),
      );
      const body = answer.Body as Readable;
      const contentType = answer.ContentType ?? 'application/octet-stream';
      if (!range) return { body, contentType, size: answer.ContentLength ?? 0, range: null };
      const [, start, end, total] = /bytes (\d+)-(\d+)\/(\d+)/.exec(answer.ContentRange ?? '') ?? [];
      return {
        body,
        contentType,
        size: Number(total),
        range: { start: Number(start), end: Number(end) },
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async head(key: string): Promise<{ size: number; contentType: string } | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(key: string, position: number, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: `bytes=${position}-${position + length - 1}`,
        }),
      );
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      // A range that starts past the end: no bytes there.
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
        return Buffer.alloc(0);
      throw error;
    }
  }

  async move(from: string, to: string, contentType: string): Promise<void> {
    const source = await this.head(from);
    if (!source) throw new Error(`No stored file to move: ${from}`);
    if (source.size <= SINGLE_COPY_MAX) {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${encodeURIComponent(from)}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
    } else {
      await this.copyInParts(from, to, contentType, source.size);
    }
    await this.delete(from);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const batch = keys.slice(at, at + DELETE_BATCH);
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = (answer.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey');
      if (failed.length > 0) throw new Error(`Could not delete ${failed.length} objects: ${failed[0]?.Code}`);
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    let batch: string[] = [];
    for await (const entry of this.list(`${prefix}/`)) {
      batch.push(entry.key);
      if (batch.length === DELETE_BATCH) {
        await this.deleteMany(batch);
        batch = [];
      }
    }
    await this.deleteMany(batch);
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        yield { key: object.Key!, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  localPath(): null {
    return null;
  }

  async localFile(key: string, copyAt: string): Promise<string | null> {
    const stored = await this.get(key);
    if (!stored) return null;
    await pipeline(stored.body, createWriteStream(copyAt));
    return copyAt;
  }

  async link(key: string, options: LinkOptions): Promise<string> {
    return getSignedUrl(
      this.linkClient,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentDisposition: options.contentDisposition,
        ResponseContentType: options.contentType,
        ResponseCacheControl: options.cacheControl,
      }),
      { expiresIn: options.expiresInSeconds },
    );
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  /** One PUT for a small known size, a multipart upload otherwise (aborted when the body fails). */
  private async upload(key: string, body: Readable, contentType: string, size: number | undefined) {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType, ContentLength: size },
      partSize: STREAM_PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  private async copyInParts(from: string, to: string, contentType: string, size: number): Promise<void> {
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: to, ContentType: contentType }),
    );
    try {
      const parts = [];
      for (let start = 0, number = 1; start < size; start += COPY_PART_BYTES, number++) {
        const end = Math.min(start + COPY_PART_BYTES, size) - 1;
        const answer = await this.client.send(
          new UploadPartCopyCommand({
            Bucket: this.bucket,
            Key: to,
            UploadId,
            PartNumber: number,
            CopySource: `${this.bucket}/${encodeURIComponent(from)}`,
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ PartNumber: number, ETag: answer.CopyPartResult?.ETag });
      }
      await this.client.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key: to,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: to, UploadId }));
      throw error;
    }
  }
}

export function s3Client(config: S3StorageConfig, endpoint: string | undefined): S3Client {
  return new S3Client({
    endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums of every request body (the SDK's default since 2025) are not what every store takes.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)
  );
}
