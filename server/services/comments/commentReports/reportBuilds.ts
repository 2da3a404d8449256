import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { COMMENT_EXPORT_TEXTS, COMMENT_EXPORTS_PER_USER } from '@common/api/commentCarryOver';
import { AppError } from '../../../errors';
import type { FromReportWorker, ReportAsk, ReportJob, ToReportWorker } from './reportMessages';
import type { ReportAssetRows } from './reportRounds';
import type { ReportPreview } from './reportModel';

/** Where a report's worker reads from: an asset's comments by its index in the outline, a preview's bytes. */
export interface ReportLoaders {
  asset(index: number): Promise<ReportAssetRows | null>;
  preview(preview: ReportPreview, page: number): Promise<Buffer | null>;
}

export interface ReportBuildLimits {
  /**
   * Reports drawn at once on this process, each on a worker thread. A worker waiting for its
   * download to take more costs memory, not a core, so there are more than the cores.
   */
  running: number;
  /** Reports of one user drawn at once; more wait their turn. */
  runningPerUser: number;
  /** Reports of one user under way, running or waiting; one more is refused (429). */
  perUser: number;
  /** A download that takes nothing for this long gives its place up: the build stops. */
  clientStallMs: number;
}

export const REPORT_BUILD_LIMITS: ReportBuildLimits = {
  running: Math.max(4, 2 * availableParallelism()),
  runningPerUser: 2,
  perUser: COMMENT_EXPORTS_PER_USER,
  clientStallMs: 60_000,
};

/** A worker's heap: a report holds one asset's comments at a time (at most the markup one asset may carry). */
const WORKER_HEAP_MB = 512;
const WORKER_ENTRY = new URL('./reportWorkerBoot.mjs', import.meta.url);
/**
 * Workers kept loaded after a report, and for how long: starting one costs loading the report code
 * (a large part of a small report's time, several times more on a busy machine).
 */
const IDLE_WORKERS = 2;
const IDLE_MS = 60_000;

interface Build {
  userId: number;
  job: ReportJob;
  loaders: ReportLoaders;
  out: Readable;
  worker: Worker | null;
  /** Takes this build's listeners off its worker, which may draw another report after it. */
  detach?: () => void;
  /** Pulls asked for before the worker was there. */
  pulls: number;
  /** The worker sent the whole file. */
  ended: boolean;
  /** Since when the download's buffer has been full and the client has taken nothing; null while it reads. */
  clientStalledSince: number | null;
}

/**
 * Comment reports drawn off the event loop (issue 22 item 2): each on a worker thread (a few
 * threads stay loaded between reports), a few at a time, at most two of one user's at once and COMMENT_EXPORTS_PER_USER under way; the
 * rest wait their turn in order. The worker asks for each asset's comments and preview as it
 * reaches them and sends its bytes only when the download pulls, so neither the server's thread
 * nor its memory carries a report.
 */
export class ReportBuilds {
  private readonly builds = new Set<Build>();
  private readonly waiting: Build[] = [];
  /** Loaded workers waiting for a report, each with the timer that ends it. */
  private readonly idle = new Map<Worker, NodeJS.Timeout>();
  private closed = false;

  private readonly stallCheck: NodeJS.Timeout;

  constructor(private readonly limits: ReportBuildLimits = REPORT_BUILD_LIMITS) {
    this.stallCheck = setInterval(() => this.dropStalled(), Math.min(10_000, limits.clientStallMs / 2));
    this.stallCheck.unref();
  }

  /** The report's bytes as a stream: started at once, or when a place is free. 429 past the user's allowance. */
  build(userId: number, job: ReportJob, loaders: ReportLoaders): Readable {
    if (this.underWay(userId) >= this.limits.perUser)
      throw new AppError(429, 'rate_limited', COMMENT_EXPORT_TEXTS.busy, { retry_after_seconds: 10 });
    const build: Build = {
      userId,
      job,
      loaders,
      worker: null,
      pulls: 0,
      ended: false,
      clientStalledSince: null,
      out: null as unknown as Readable,
    };
    build.out = new Readable({
      read: () => {
        build.clientStalledSince = null;
        if (build.worker) this.post(build, { type: 'pull' });
        else build.pulls += 1;
      },
      destroy: (error, done) => {
        this.finish(build);
        done(error);
      },
    });
    this.builds.add(build);
    this.waiting.push(build);
    this.startWaiting();
    return build.out;
  }

  /** Workers loaded and waiting for a report. */
  get warmWorkers(): number {
    return this.idle.size;
  }

  /** Stops every report under way (the server is closing). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.stallCheck);
    const workers = [...this.builds].map((b) => b.worker).filter((w): w is Worker => w !== null);
    for (const [worker, timer] of this.idle) {
      clearTimeout(timer);
      workers.push(worker);
    }
    this.idle.clear();
    this.waiting.length = 0;
    for (const build of this.builds) build.out.destroy();
    await Promise.all(workers.map((w) => w.terminate()));
  }

  /** A client that stopped reading must not hold a worker and a place for ever. */
  private dropStalled(): void {
    const since = Date.now() - this.limits.clientStallMs;
    for (const build of this.builds)
      if (build.clientStalledSince !== null && build.clientStalledSince < since)
        build.out.destroy(new Error('The download took nothing for too long.'));
  }

  private underWay(userId: number): number {
    return [...this.builds].filter((b) => b.userId === userId).length;
  }

  private running(userId?: number): number {
    return [...this.builds].filter((b) => b.worker !== null && (userId === undefined || b.userId === userId))
      .length;
  }

  private startWaiting(): void {
    for (const build of [...this.waiting]) {
      if (this.running() >= this.limits.running) return;
      if (this.running(build.userId) >= this.limits.runningPerUser) continue;
      this.waiting.splice(this.waiting.indexOf(build), 1);
      this.start(build);
    }
  }

  private start(build: Build): void {
    const worker = this.warmWorker() ?? this.newWorker();
    build.worker = worker;
    const heard = (message: FromReportWorker) => this.heard(build, message);
    const failed = (error: Error) => build.out.destroy(error);
    const exited = () => {
      if (!build.ended) build.out.destroy(new Error('The report worker stopped before the report was done.'));
      this.finish(build);
    };
    worker.on('message', heard).on('error', failed).on('exit', exited);
    build.detach = () => worker.off('message', heard).off('error', failed).off('exit', exited);
    this.post(build, { type: 'job', job: build.job });
    for (; build.pulls > 0; build.pulls -= 1) this.post(build, { type: 'pull' });
  }

  private newWorker(): Worker {
    const worker = new Worker(WORKER_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // An idle worker's failure or exit only takes it out of the warm ones.
    worker.on('error', () => this.forget(worker)).on('exit', () => this.forget(worker));
    return worker;
  }

  private warmWorker(): Worker | undefined {
    const [worker] = this.idle.keys();
    if (!worker) return undefined;
    clearTimeout(this.idle.get(worker));
    this.idle.delete(worker);
    worker.ref();
    return worker;
  }

  /** A worker that sent a whole report waits for the next one, a few of them for a while. */
  private keepWarm(worker: Worker): void {
    if (this.closed || this.idle.size >= IDLE_WORKERS) {
      void worker.terminate();
      return;
    }
    worker.unref();
    const timer = setTimeout(() => {
      this.idle.delete(worker);
      void worker.terminate();
    }, IDLE_MS);
    timer.unref();
    this.idle.set(worker, timer);
  }

  private forget(worker: Worker): void {
    clearTimeout(this.idle.get(worker));
    this.idle.delete(worker);
  }

  private heard(build: Build, message: FromReportWorker): void {
    switch (message.type) {
      case 'chunk':
        if (
          !build.out.push(
            Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength),
          )
        )
          build.clientStalledSince = Date.now();
        return;
      case 'end': {
        build.ended = true;
        const worker = build.worker!;
        build.detach?.();
        build.worker = null;
        this.keepWarm(worker);
        build.out.push(null);
        this.finish(build);
        return;
      }
      case 'error':
        build.out.destroy(new Error(message.message));
        return;
      case 'ask':
        this.answer(build, message.id, message.ask).catch((error: unknown) =>
          build.out.destroy(error instanceof Error ? error : new Error(String(error))),
        );
    }
  }

  private async answer(build: Build, id: number, ask: ReportAsk): Promise<void> {
    if (ask.kind === 'asset') {
      this.post(build, { type: 'answer', id, value: await build.loaders.asset(ask.index) });
      return;
    }
    const bytes = await build.loaders.preview(ask.preview, ask.page);
    const copy = bytes && new Uint8Array(bytes);
    this.post(build, { type: 'answer', id, value: copy }, copy ? [copy.buffer] : []);
  }

  private post(build: Build, message: ToReportWorker, transfer: ArrayBuffer[] = []): void {
    build.worker?.postMessage(message, transfer);
  }

  /** The build leaves: a worker still drawing it stops, and a waiting build may start. */
  private finish(build: Build): void {
    if (!this.builds.delete(build)) return;
    const waitingAt = this.waiting.indexOf(build);
    if (waitingAt >= 0) this.waiting.splice(waitingAt, 1);
    void build.worker?.terminate();
    this.startWaiting();
  }
}
