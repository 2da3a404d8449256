import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { commentCsv } from './commentCsv';
import { createReportDocument, writeCommentPdf } from './commentPdf';
import type { FromReportWorker, ReportAnswer, ReportAsk, ReportJob, ToReportWorker } from './reportMessages';
import type { ReportSource } from './reportModel';
import { reportAsset } from './reportRounds';

/**
 * A comment report built on a thread of its own (issue 22 item 2), so that drawing a heavy report
 * never holds up the server's other requests. It asks the server for each asset's comments and each
 * preview as it comes to them, and sends the file's bytes a batch per pull: the server pulls only
 * as fast as the client downloads, so a slow download holds the drawing, not memory. A worker
 * draws one report at a time and, once it has sent one whole, waits for the next (reportBuilds.ts
 * keeps a few warm: starting one costs loading the report code).
 */
const port = parentPort!;

// Below the server's own thread for the CPU: on Linux a priority set for "this process" (pid 0)
// is set for the calling thread alone. Elsewhere it lowers nothing that matters, or is refused.
try {
  setPriority(10);
} catch {
  // Not allowed here: the report is drawn at the usual priority.
}
/** Bytes gathered before a batch is sent: fewer, larger messages. */
const BATCH_BYTES = 64 * 1024;

const send = (message: FromReportWorker, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

let asked = 0;
const waitingAnswers = new Map<number, (value: unknown) => void>();
let pulls = 0;
let pullWaiter: (() => void) | null = null;

port.on('message', (message: ToReportWorker) => {
  if (message.type === 'job') {
    asked = 0;
    waitingAnswers.clear();
    pulls = 0;
    pullWaiter = null;
    run(message.job).catch((error: unknown) =>
      send({
        type: 'error',
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      }),
    );
    return;
  }
  if (message.type === 'pull') {
    pulls += 1;
    pullWaiter?.();
    pullWaiter = null;
    return;
  }
  const answer = waitingAnswers.get(message.id);
  waitingAnswers.delete(message.id);
  answer?.(message.value);
});

function ask<A extends ReportAsk>(request: A): Promise<ReportAnswer<A['kind']>> {
  asked += 1;
  const id = asked;
  return new Promise((resolve) => {
    waitingAnswers.set(id, resolve as (value: unknown) => void);
    send({ type: 'ask', id, ask: request });
  });
}

const sourceOf = (job: ReportJob): ReportSource => ({
  outline: job.outline,
  asset: async (index) => {
    const rows = await ask({ kind: 'asset', index });
    return rows && reportAsset(rows);
  },
  preview: async (preview, page) => {
    const bytes = await ask({ kind: 'preview', preview, page });
    return bytes && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  },
});

async function pulled(): Promise<void> {
  if (pulls === 0) await new Promise<void>((resolve) => (pullWaiter = resolve));
  pulls -= 1;
}

async function sendBatch(chunks: Buffer[]): Promise<void> {
  await pulled();
  const bytes = new Uint8Array(Buffer.concat(chunks));
  send({ type: 'chunk', bytes }, [bytes.buffer]);
}

function output(job: ReportJob): AsyncIterable<string | Buffer> {
  const source = sourceOf(job);
  if (job.format === 'csv') return commentCsv(source);
  const doc = createReportDocument(job.title);
  writeCommentPdf(doc, source, { projectCover: job.projectCover }).catch((error: unknown) =>
    doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}

async function run(job: ReportJob): Promise<void> {
  let batch: Buffer[] = [];
  let size = 0;
  for await (const chunk of output(job)) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    batch.push(bytes);
    size += bytes.length;
    if (size < BATCH_BYTES) continue;
    await sendBatch(batch);
    batch = [];
    size = 0;
  }
  if (size > 0) await sendBatch(batch);
  send({ type: 'end' });
}
