import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAKE_PREVIEWS } from '@server/jobs/previewJob';
import { buildWorkspace } from './factories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { TINY_PNG } from './images';
import { buildProject } from './projectFactories';

type LogLine = Record<string, unknown>;

/** The app's log lines, as JSON, as pino writes them. */
const lines: LogLine[] = [];
const log = pino(
  { level: 'info' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as LogLine);
      done();
    },
  }),
);

let t: TestApp;
let client: ApiClient;
let project: { id: number };
beforeAll(async () => {
  t = await startTestApp({}, { log });
  let workspace: { id: number };
  ({ client, workspace } = await buildWorkspace(t.baseUrl, t.ctx));
  project = await buildProject(client, workspace.id);
});
afterAll(async () => t.close());

/** Uploads a file with the given X-Request-Id; answers the id of the round, whose preview it queued. */
async function uploadAs(requestId: string, name: string): Promise<number> {
  const form = new FormData();
  form.set('project_id', String(project.id));
  form.set('file', new Blob([new Uint8Array(TINY_PNG)]), name);
  const answer = await client.post('/assets', form, { 'x-request-id': requestId });
  expect(answer.status).toBe(201);
  return answer.body.response.current_version.id as number;
}

describe('a job carries the id of the request that queued it', () => {
  it('logs the preview job of each upload with the id of its request, kept out of the payload', async () => {
    const first = await uploadAs('abc-123', 'first.png');
    const second = await uploadAs('def-456', 'second.png');
    await t.ctx.jobs.idle();

    const byRound = new Map<number, LogLine[]>();
    for (const line of lines.filter((l) => l.job === MAKE_PREVIEWS && l.jobId !== undefined)) {
      const job = await t.ctx.jobs.job(String(line.jobId));
      const versionId = job?.payload.versionId as number;
      expect(job?.payload).toEqual({ versionId });
      byRound.set(versionId, [...(byRound.get(versionId) ?? []), line]);
    }
    for (const [round, requestId] of [
      [first, 'abc-123'],
      [second, 'def-456'],
    ] as const) {
      const jobLines = byRound.get(round) ?? [];
      expect(jobLines.map((l) => l.msg)).toContainEqual(expect.stringContaining('job done'));
      for (const line of jobLines) expect(line).toMatchObject({ reqId: requestId });
    }
    // The request's own lines carry the same id.
    expect(lines.some((l) => l.reqId === 'abc-123' && l.req !== undefined)).toBe(true);
  });
});
