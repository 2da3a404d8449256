import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createReportDocument, pageSections, writeCommentPdf } from './commentPdf';
import { pdfBytes, pdfOperators, type PdfOperator } from './pdfOperators';
import { sourceOf, type CommentReport, type ReportComment, type ReportRound } from './reportModel';

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

describe('markup shapes on the report’s picture', () => {
  const shaped: ReportComment = {
    id: 1,
    parentId: null,
    number: 1,
    page: null,
    author: 'Ada Reviewer',
    createdAt: '2026-11-20T10:00:00Z',
    completedAt: null,
    text: 'Box the logo, circle the face, point at the sky',
    markup: [
      {
        type: 'rectangle',
        points: [
          { x: 0.6, y: 0.7 },
          { x: 0.2, y: 0.3 },
        ],
        stroke_color: '#2B9324',
        stroke_size: 3,
        is_relative: true,
      },
      {
        type: 'ellipse',
        points: [
          { x: 0.1, y: 0.1 },
          { x: 0.3, y: 0.2 },
        ],
        stroke_color: '#2F6FDE',
        stroke_size: 3,
        is_relative: true,
      },
      // Absolute points, in the original's pixels (960 wide): the same place as 0.5 → 0.9.
      {
        type: 'arrow',
        points: [
          { x: 480, y: 480 },
          { x: 864, y: 480 },
        ],
        stroke_color: '#E5372C',
        stroke_size: 8,
        is_relative: false,
      },
    ],
    replies: [],
  };
  const report: CommentReport = {
    projectName: 'Campaign',
    fileBase: 'Campaign comments',
    assets: [
      {
        id: 1,
        name: 'poster.png',
        rounds: [
          {
            number: 1,
            preview: {
              roundId: 1,
              key: 'previews/1',
              contentType: 'image/png',
              width: 960,
              height: 960,
              pages: 1,
            },
            comments: [shaped],
          },
        ],
      },
    ],
    assetsLeftOut: 0,
    generatedAt: '2026-11-25T10:00:00Z',
  };
  const close = (args: number[], expected: number[]) =>
    args.length === expected.length && args.every((v, i) => Math.abs(v - expected[i]!) < 0.01);

  it('outlines the rectangle and the ellipse and draws the arrow’s head where they were drawn', async () => {
    const bytes = await sharp({
      create: { width: 480, height: 480, channels: 3, background: '#FFFFFF' },
    })
      .png()
      .toBuffer();
    const doc = createReportDocument('Campaign');
    const pdf = pdfBytes(doc);
    await writeCommentPdf(
      doc,
      sourceOf(report, async () => bytes),
      { projectCover: false },
    );
    const ops: PdfOperator[] = pdfOperators(await pdf);
    // The picture is fitted to 400 points square; its frame is the first box drawn that size.
    const frame = ops.find((o) => o.op === 're' && close(o.args.slice(2), [400, 400]));
    expect(frame).toBeDefined();
    const at = (x: number, y: number) => [frame!.args[0]! + x * 400, frame!.args[1]! + y * 400];
    const follows = (i: number, names: string[]) => names.every((name, k) => ops[i + 1 + k]?.op === name);

    expect(ops.some((o) => o.op === 're' && close(o.args, [...at(0.2, 0.3), 160, 160]))).toBe(true);
    const ellipse = ops.findIndex((o) => o.op === 'm' && close(o.args, at(0.1, 0.15)));
    expect(ellipse).toBeGreaterThan(-1);
    expect(follows(ellipse, ['c', 'c', 'c', 'c', 'h', 'S'])).toBe(true);
    const tip = ops.findIndex((o) => o.op === 'm' && close(o.args, at(0.9, 0.5)));
    expect(tip).toBeGreaterThan(-1);
    expect(follows(tip, ['l', 'l', 'h', '/DeviceRGB', 'cs', 'scn', 'f'])).toBe(true);
    // Size 8 on a 400-point picture: a stroke of 3.2, a head of 12.8.
    expect(ops[tip + 1]!.args[0]).toBeCloseTo(at(0.9, 0.5)[0]! - 12.8, 2);
    const shaft = ops.findIndex((o) => o.op === 'm' && close(o.args, at(0.5, 0.5)));
    expect(ops[shaft + 1]).toMatchObject({ op: 'l' });
    expect(close(ops[shaft + 1]!.args, [at(0.9, 0.5)[0]! - 12.8, at(0.5, 0.5)[1]!])).toBe(true);
  });
});
