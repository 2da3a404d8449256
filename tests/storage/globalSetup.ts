import type { TestProject } from 'vitest/node';
import { startS3Server, type S3ServerInfo } from './s3Server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The S3-compatible server the suite started (tests/storage/s3Server.ts). */
    s3: S3ServerInfo;
  }
}

/** One real S3 server for the whole run of a project; stopped when the run ends. */
export default async function setup(project: TestProject) {
  const server = await startS3Server();
  project.provide('s3', {
    endpoint: server.endpoint,
    region: server.region,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    dir: server.dir,
  });
  // The API harness (also used by the benchmarks, outside Vitest) reads it from the environment,
  // which the test workers, started after this, inherit.
  process.env.TEST_S3_SERVER = JSON.stringify(server);
  return () => server.stop();
}
