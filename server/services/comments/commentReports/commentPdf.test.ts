import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createReportDocument, pageSections, placedPoints, strokeWidth, writeCommentPdf } from './commentPdf';
import { sourceOf, type CommentReport, type ReportComment, type ReportRound } from './reportModel';

const box = { x: 10, y: 20, width: 200, height: 100 };

describe('markup on the report’s picture', () => {
  it('places relative points by the drawn size and absolute ones by the original’s', () => {
    const relative = {
      points: [{ x: 0.5, y: 1 }],
      stroke_color: '#000000',
      stroke_size: 1,
      is_relative: true,
    };
    expect(placedPoints(relative, box, { width: 4000, height: 2000 })).toEqual([{ x: 110, y: 120 }]);
    const absolute = { ...relative, points: [{ x: 2000, y: 500 }], is_relative: false };
    expect(placedPoints(absolute, box, { width: 4000, height: 2000 })).toEqual([{ x: 110, y: 45 }]);
  });

  it('draws a stroke as the viewer does (size 1 a thousandth of the long side), never a hairline', () => {
    expect(strokeWidth(3, 500)).toBe(1.5);
    expect(strokeWidth(8, 500)).toBe(4);
    expect(strokeWidth(1, 100)).toBe(0.75);
  });
});

describe('a report streamed to a reader', () => {
  const comment = (id: number): ReportComment => ({
    id,
    parentId: null,
    number: null,
    page: null,
    author: 'Ada Reviewer',
    createdAt: '2026-11-20T10:00:00Z',
    completedAt: null,
    text: 'Warm the shadows a little',
    markup: [],
    replies: [],
  });
  const report: CommentReport = {
    projectName: 'Campaign',
    fileBase: 'Campaign comments',
    assets: Array.from({ length: 4 }, (_, i) => ({
      id: i + 1,
      name: `shot-${i + 1}.jpg`,
      rounds: [
        {
          number: 1,
          preview: {
            roundId: i + 1,
            key: `previews/${i + 1}`,
            contentType: 'image/jpeg',
            width: 480,
            height: 480,
            pages: 1,
          },
          comments: [comment(i + 1)],
        },
      ],
    })),
    assetsLeftOut: 0,
    generatedAt: '2026-11-25T10:00:00Z',
  };
  // Noise does not compress: each section is far past the stream's buffer of 16 KiB.
  const picture = () =>
    sharp(randomBytes(480 * 480 * 3), { raw: { width: 480, height: 480, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();
  /** Time for a writer that ignored the full buffer to draw on. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  /** The writer has filled the stream's buffer and waits for a reader. */
  const bufferFull = (doc: PDFKit.PDFDocument) =>
    vi.waitFor(() => expect(doc.readableLength).toBeGreaterThanOrEqual(doc.readableHighWaterMark), {
      timeout: 10_000,
    });

  it('draws the next section only when the reader has taken the last one', async () => {
    const bytes = await picture();
    let loads = 0;
    const doc = createReportDocument('Campaign');
    const writing = writeCommentPdf(
      doc,
      sourceOf(report, async () => (loads++, bytes)),
      { projectCover: true },
    );
    await bufferFull(doc);
    await settle();
    // Nobody reads yet: the cover and the first section wait in the buffer, nothing more is drawn.
    expect(loads).toBe(1);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    await writing;
    await ended;
    expect(loads).toBe(4);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
  });

  it('stops, reading no more previews, when the reader goes', async () => {
    const bytes = await picture();
    let loads = 0;
    const doc = createReportDocument('Campaign');
    const writing = writeCommentPdf(
      doc,
      sourceOf(report, async () => (loads++, bytes)),
      { projectCover: false },
    );
    await bufferFull(doc);
    doc.destroy();
    await writing;
    expect(loads).toBe(1);
  });
});

describe('a document’s comments, each over its own page', () => {
  const on = (id: number, page: number | null): ReportComment => ({
    id,
    parentId: null,
    number: page === null ? null : id,
    page,
    author: 'Ada Reviewer',
    createdAt: '2026-11-20T10:00:00Z',
    completedAt: null,
    text: `Comment ${id}`,
    markup: [],
    replies: [],
  });
  const round = (pages: number, comments: ReportComment[]): ReportRound => ({
    number: 1,
    preview: { roundId: 7, key: 'previews/7', contentType: 'image/png', width: 300, height: 400, pages },
    comments,
  });

  it('groups a document’s comments by page in page order, its global comments with the first page', () => {
    const sections = pageSections(round(4, [on(1, 3), on(2, null), on(3, 1), on(4, 3)]));
    expect(sections.map((s) => [s.page, s.comments.map((c) => c.id)])).toEqual([
      [1, [2, 3]],
      [3, [1, 4]],
    ]);
  });

  it('keeps a picture’s comments in one section, on no page', () => {
    expect(pageSections(round(1, [on(1, null), on(2, null)]))).toEqual([
      { page: null, comments: [on(1, null), on(2, null)] },
    ]);
  });

  it('loads the page each section is drawn over', async () => {
    const pages: number[] = [];
    const report: CommentReport = {
      projectName: 'Campaign',
      fileBase: 'Brochure comments',
      assets: [{ id: 1, name: 'Brochure.pdf', rounds: [round(3, [on(1, 3), on(2, 1)])] }],
      assetsLeftOut: 0,
      generatedAt: '2026-11-25T10:00:00Z',
    };
    const doc = createReportDocument('Brochure');
    doc.resume();
    await writeCommentPdf(
      doc,
      sourceOf(report, async (_preview, page) => (pages.push(page), null)),
      {
        projectCover: false,
      },
    );
    expect(pages).toEqual([1, 3]);
  });
});
