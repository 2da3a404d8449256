import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { AssetVersionRow } from '../../db/repositories/assetVersions';
import { AppError, notFound } from '../../errors';
import type { PageOutcome } from '../../media/previews';
import { hasPages } from '../../presenters/asset';
import { scratchPrefix } from '../../processIdentity';
import type { FileType, PreviewInput } from '../../media/previews/types';

export interface PageDrawing {
  /** The file pages are drawn from (an Office document converted to PDF in input.workDir). */
  pagedSource(input: PreviewInput): Promise<PreviewInput>;
  drawPage(input: PreviewInput, page: number): Promise<PageOutcome>;
}

export interface RoundPagesLimits {
  /** Pages drawn at once by this process; the next wait their turn. */
  concurrency: number;
  /** Pages waiting their turn; past this a request is asked to come back (503). */
  queueMax: number;
  /** One page's drawing (with an Office conversion) is stopped after this. */
  timeoutMs: number;
}

const OFFICE_TYPES: ReadonlySet<string> = new Set(['doc', 'docx', 'xls', 'xlsx']);

export const PAGE_TEXTS = {
  busy: 'Pages are being drawn for many people at once. Try again in a few seconds.',
  notDrawn: (page: number, reason: string) => `Page ${page} could not be drawn: ${reason}`,
} as const;

type StoredFile = NonNullable<Awaited<ReturnType<FileStorage['get']>>>;

/**
 * The pages of a document past the first, drawn on first request and kept in storage beside the
 * round's other renditions (`renditions/<token>/pages/<n>`), so each page is drawn once per preview
 * run (docs/decisions.md, "Document pages"). Requests for the same page share one drawing; at
 * most `concurrency` converters run at once in this process and at most `queueMax` wait. An
 * Office document's PDF conversion is kept too (`pages/document.pdf`), so it happens once.
 */
export class RoundPages {
  private readonly drawing = new Map<string, Promise<void>>();
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly storage: FileStorage,
    private readonly drawer: PageDrawing,
    private readonly scratchDir: string,
    private readonly log: Logger,
    private readonly limits: RoundPagesLimits = { concurrency: 2, queueMax: 32, timeoutMs: 120_000 },
  ) {}

  /** Pages waiting for a converter slot. */
  get waiting(): number {
    return this.queue.length;
  }

  /**
   * Page `page` of the round as stored, drawn first when it is not yet. 404 for a page outside
   * 1..page_count or a file without pages; 422 when the page cannot be drawn; 503 when too many
   * pages are waiting. Page 1 is the round's preview.
   */
  async file(round: AssetVersionRow, prefix: string, page: number): Promise<StoredFile> {
    if (!hasPages(round) || page < 1 || page > (round.page_count ?? 1)) throw notFound();
    if (page === 1 && round.preview_key) return this.stored(round.preview_key);
    const key = `${prefix}/pages/${page}`;
    const kept = await this.storage.get(key);
    if (kept) return kept;
    await this.once(key, () => this.draw(round, prefix, page, key));
    return this.stored(key);
  }

  private async stored(key: string): Promise<StoredFile> {
    const file = await this.storage.get(key);
    if (!file) throw notFound();
    return file;
  }

  /** One run of `work` per key at a time: callers that come while it runs wait for the same run. */
  private once(key: string, work: () => Promise<void>): Promise<void> {
    const running = this.drawing.get(key);
    if (running) return running;
    const run = work().finally(() => this.drawing.delete(key));
    this.drawing.set(key, run);
    return run;
  }

  private async draw(round: AssetVersionRow, prefix: string, page: number, key: string): Promise<void> {
    await this.turn();
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    let workDir: string | null = null;
    try {
      await mkdir(this.scratchDir, { recursive: true });
      workDir = await mkdtemp(join(this.scratchDir, scratchPrefix('page')));
      const outcome = await this.source(round, prefix, workDir, signal).then(
        (source) => this.drawer.drawPage(source, page),
        (error: unknown): PageOutcome => {
          this.log.warn({ round: round.id, err: error }, 'no source to draw pages from');
          return { ok: false, code: 'unreadable', reason: 'the document could not be read.' };
        },
      );
      if (!outcome.ok) {
        this.log.info({ round: round.id, page, code: outcome.code }, 'page not drawn');
        if (outcome.code === 'no_page') throw notFound();
        throw new AppError(422, 'page_not_drawn', PAGE_TEXTS.notDrawn(page, outcome.reason));
      }
      await this.storage.put(key, outcome.png, 'image/png');
    } finally {
      this.release();
      if (workDir) await rm(workDir, { recursive: true, force: true });
    }
  }

  /** Waits for a free converter slot; refuses at once when the queue is full. */
  private async turn(): Promise<void> {
    if (this.active < this.limits.concurrency) {
      this.active += 1;
      return;
    }
    if (this.queue.length >= this.limits.queueMax) throw new AppError(503, 'busy', PAGE_TEXTS.busy);
    // The slot is handed over by the drawing that frees it (release), never freed in between.
    await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private release(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.active -= 1;
  }

  /** The file to draw from on this machine: the original, or an Office document's kept PDF. */
  private async source(
    round: AssetVersionRow,
    prefix: string,
    workDir: string,
    signal: AbortSignal,
  ): Promise<PreviewInput> {
    const type = round.file_type as FileType;
    if (!OFFICE_TYPES.has(type)) {
      const path = await this.localCopy(round.original_key, join(workDir, 'original'));
      return { path, type, workDir, signal };
    }
    const pdfKey = `${prefix}/pages/document.pdf`;
    const kept = await this.localCopy(pdfKey, join(workDir, 'document.pdf')).catch(() => null);
    if (kept) return { path: kept, type: 'pdf', workDir, signal };
    const original = await this.localCopy(round.original_key, join(workDir, 'original'));
    const pdf = await this.drawer.pagedSource({ path: original, type, workDir, signal });
    await this.storage.put(pdfKey, await readFile(pdf.path), 'application/pdf');
    return pdf;
  }

  private async localCopy(key: string, path: string): Promise<string> {
    const local = await this.storage.localFile(key, path);
    if (!local) throw new Error(`${key} is missing`);
    return local;
  }
}
