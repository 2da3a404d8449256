import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalFileStorage } from '../../adapters/storage/localStorage';
import type { AssetVersionRow } from '../../db/repositories/assetVersions';
import { AppError } from '../../errors';
import type { PageOutcome } from '../../media/previews';
import type { PreviewInput } from '../../media/previews/types';
import { PAGE_TEXTS, RoundPages, type PageDrawing } from './roundPages';

/**
 * The gate around the converters: the drawer stands in for poppler and LibreOffice so that the
 * test decides when each drawing ends (the real converters are exercised by
 * tests/api/renditionPages.test.ts).
 */
class HeldDrawer implements PageDrawing {
  readonly drawn: number[] = [];
  conversions = 0;
  private readonly held = new Map<number, (outcome: PageOutcome) => void>();
  private readonly begun = new Map<number, () => void>();
  outcome: (page: number) => PageOutcome | null = () => null;

  pagedSource(input: PreviewInput): Promise<PreviewInput> {
    this.conversions += 1;
    return Promise.resolve({ ...input, type: 'pdf' });
  }

  drawPage(_input: PreviewInput, page: number): Promise<PageOutcome> {
    this.drawn.push(page);
    this.begun.get(page)?.();
    const now = this.outcome(page);
    if (now) return Promise.resolve(now);
    return new Promise((resolve) => this.held.set(page, resolve));
  }

  /** Resolves once the drawing of `page` has begun (at once when it already has). */
  started(page: number): Promise<void> {
    if (this.drawn.includes(page)) return Promise.resolve();
    return new Promise((resolve) => this.begun.set(page, resolve));
  }

  finish(page: number) {
    this.held.get(page)?.({ ok: true, png: Buffer.from(`page ${page}`) });
    this.held.delete(page);
  }

  /** The pages being drawn, in the order their drawing began. */
  get holding(): number[] {
    return [...this.held.keys()];
  }
}

const PREFIX = 'renditions/abc';

describe('RoundPages', () => {
  let dir: string;
  let storage: LocalFileStorage;
  let drawer: HeldDrawer;
  let pages: RoundPages;

  const round = (over: Partial<AssetVersionRow> = {}) =>
    ({
      id: 1,
      file_type: 'pdf',
      preview_state: 'ready',
      thumbnail_key: `${PREFIX}/thumbnail`,
      preview_key: `${PREFIX}/preview`,
      original_key: 'originals/xyz',
      page_count: 9,
      ...over,
    }) as AssetVersionRow;
  const text = async (file: Awaited<ReturnType<RoundPages['file']>>) => {
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };
  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => (error instanceof AppError ? { status: error.status, code: error.code } : error),
    );

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'round-pages-'));
    storage = new LocalFileStorage(join(dir, 'files'));
    await storage.put('originals/xyz', Buffer.from('%PDF'), 'application/pdf');
    await storage.put(`${PREFIX}/preview`, Buffer.from('first page'), 'image/jpeg');
    drawer = new HeldDrawer();
    pages = new RoundPages(storage, drawer, join(dir, 'scratch'), pino({ level: 'silent' }), {
      concurrency: 2,
      queueMax: 1,
      timeoutMs: 10_000,
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('draws a page asked for by several callers once, keeps it, and serves it again without drawing', async () => {
    const asks = [
      pages.file(round(), PREFIX, 3),
      pages.file(round(), PREFIX, 3),
      pages.file(round(), PREFIX, 3),
    ];
    await drawer.started(3);
    drawer.finish(3);
    expect(await Promise.all(asks.map(async (a) => text(await a)))).toEqual(['page 3', 'page 3', 'page 3']);
    expect(await text(await pages.file(round(), PREFIX, 3))).toBe('page 3');
    expect(drawer.drawn).toEqual([3]);
  });

  it('serves page 1 as the preview, without drawing', async () => {
    expect(await text(await pages.file(round(), PREFIX, 1))).toBe('first page');
    expect(drawer.drawn).toEqual([]);
  });

  it('draws two pages at once, lets one wait, and asks the next to come back (503)', async () => {
    const asked = [2, 3, 4];
    const asks = asked.map((page) => pages.file(round(), PREFIX, page));
    // Which two get the slots depends on which storage look-up answers first.
    await vi.waitFor(
      () => {
        expect(drawer.holding).toHaveLength(2);
        expect(pages.waiting).toBe(1);
      },
      { timeout: 10_000 },
    );
    expect(await refusal(pages.file(round(), PREFIX, 5))).toEqual({ status: 503, code: 'busy' });
    const [first, second] = drawer.holding as [number, number];
    const queued = asked.find((page) => page !== first && page !== second)!;
    drawer.finish(first);
    await drawer.started(queued);
    expect(drawer.holding).toHaveLength(2);
    drawer.finish(second);
    drawer.finish(queued);
    expect(await Promise.all(asks.map(async (ask) => text(await ask)))).toEqual([
      'page 2',
      'page 3',
      'page 4',
    ]);
    expect(drawer.drawn).toEqual([first, second, queued]);
    expect(PAGE_TEXTS.busy).toMatch(/Try again/);
  });

  it('answers 404 outside 1..page_count and for a round without pages, without drawing', async () => {
    for (const page of [0, 10])
      expect(await refusal(pages.file(round(), PREFIX, page))).toEqual({ status: 404, code: 'not_found' });
    expect(await refusal(pages.file(round({ file_type: 'jpeg' }), PREFIX, 2))).toMatchObject({ status: 404 });
    expect(await refusal(pages.file(round({ preview_state: 'processing' }), PREFIX, 2))).toMatchObject({
      status: 404,
    });
    expect(drawer.drawn).toEqual([]);
  });

  it('answers 422 with the reason when a page cannot be drawn, 404 when the file has no such page, and frees the slot', async () => {
    drawer.outcome = (page) =>
      page === 6
        ? { ok: false, code: 'unreadable', reason: 'This file is damaged: no page of it could be read.' }
        : page === 7
          ? { ok: false, code: 'no_page', reason: 'none' }
          : null;
    const failed = await pages.file(round(), PREFIX, 6).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).status).toBe(422);
    expect((failed as AppError).message).toBe(
      'Page 6 could not be drawn: This file is damaged: no page of it could be read.',
    );
    expect(await refusal(pages.file(round(), PREFIX, 7))).toEqual({ status: 404, code: 'not_found' });
    expect(await storage.get(`${PREFIX}/pages/6`)).toBeNull();
    const after = pages.file(round(), PREFIX, 8);
    await drawer.started(8);
    drawer.finish(8);
    expect(await text(await after)).toBe('page 8');
  });

  it('converts an Office document to PDF once, and draws its pages from the kept PDF', async () => {
    const sheet = round({ file_type: 'xlsx' });
    const a = pages.file(sheet, PREFIX, 2);
    await drawer.started(2);
    drawer.finish(2);
    await a;
    const b = pages.file(sheet, PREFIX, 3);
    await drawer.started(3);
    drawer.finish(3);
    await b;
    expect(drawer.conversions).toBe(1);
    const kept = await storage.get(`${PREFIX}/pages/document.pdf`);
    expect(kept?.contentType).toBe('application/pdf');
    expect(await text(kept!)).toBe('%PDF');
  });
});
