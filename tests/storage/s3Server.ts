import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, ListBucketsCommand, PutBucketCorsCommand } from '@aws-sdk/client-s3';
import { s3Client } from '@server/adapters/storage/s3Storage';
import type { S3StorageConfig } from '@server/config';
import { freePort } from '../freePort';

const run = promisify(execFile);
const SCRIPT = resolve(import.meta.dirname, '../../scripts/s3-server.sh');

/** What a test passes to the app (STORAGE=s3 …) to use the server, bucket included. */
export interface S3ServerInfo {
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The folder of the cluster (its logs, to read when a test fails). */
  dir: string;
}

export interface S3Server extends S3ServerInfo {
  stop(): Promise<void>;
}

/**
 * Starts a real S3-compatible server (Ceph's RADOS Gateway over a one-node in-memory cluster,
 * scripts/s3-server.sh) on free ports, and answers once signed requests work.
 */
export async function startS3Server(): Promise<S3Server> {
  const dir = join(tmpdir(), `proofroom-rgw-${randomBytes(4).toString('hex')}`);
  const [monPort, s3Port] = [await freePort(), await freePort()];
  const info: S3ServerInfo = {
    endpoint: `http://127.0.0.1:${s3Port}`,
    region: 'us-east-1',
    accessKeyId: `PR${randomBytes(8).toString('hex').toUpperCase()}`,
    secretAccessKey: randomBytes(20).toString('hex'),
    dir,
  };
  const stop = async () => void (await run('bash', [SCRIPT, 'stop', dir]));
  try {
    await run(
      'bash',
      [SCRIPT, 'start', dir, `${monPort}`, `${s3Port}`, info.accessKeyId, info.secretAccessKey],
      {
        timeout: 60_000,
      },
    );
    await untilAnswering(info);
  } catch (error) {
    await stop();
    throw error;
  }
  return { ...info, stop };
}

/** The settings that point an app at `server` and `bucket`. */
export function s3Env(server: S3ServerInfo, bucket: string): Record<string, string> {
  return {
    STORAGE: 's3',
    S3_ENDPOINT: server.endpoint,
    S3_REGION: server.region,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: server.accessKeyId,
    S3_SECRET_ACCESS_KEY: server.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

export function s3Config(server: S3ServerInfo, bucket: string): S3StorageConfig {
  return {
    endpoint: server.endpoint,
    region: server.region,
    bucket,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    publicEndpoint: undefined,
  };
}

/** A new empty bucket that browsers on any origin may read (the viewer fetches renditions). */
export async function createBucket(server: S3ServerInfo, name = `b-${randomBytes(6).toString('hex')}`) {
  const client = s3Client(s3Config(server, name), server.endpoint);
  try {
    await client.send(new CreateBucketCommand({ Bucket: name }));
    await client.send(
      new PutBucketCorsCommand({
        Bucket: name,
        CORSConfiguration: {
          CORSRules: [{ AllowedMethods: ['GET', 'HEAD'], AllowedOrigins: ['*'], AllowedHeaders: ['*'] }],
        },
      }),
    );
  } finally {
    client.destroy();
  }
  return name;
}

/** The gateway answers a signed request once it has loaded the user; its first bucket makes its pools. */
async function untilAnswering(info: S3ServerInfo): Promise<void> {
  const client = s3Client(s3Config(info, 'none'), info.endpoint);
  try {
    for (let tries = 0; ; tries++) {
      try {
        await client.send(new ListBucketsCommand({}));
        break;
      } catch (error) {
        if (tries > 150) throw error;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    await createBucket(info, 'warm-up');
  } finally {
    client.destroy();
  }
}
