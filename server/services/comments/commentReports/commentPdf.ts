import PDFDocument from 'pdfkit';
import { shapeMarkerPoint } from '@common/markupShapes';
import { drawShape, placedPoints, strokeWidth } from './markupDrawing';
import { reportFonts } from './reportFonts';
import type { ReportAsset, ReportComment, ReportOutline, ReportRound, ReportSource } from './reportModel';

/** A picture ready to embed, with its size in pixels. */
interface OpenedImage {
  width: number;
  height: number;
}
type PdfDoc = PDFKit.PDFDocument & { openImage(src: Buffer): OpenedImage };

/** The comments of a round drawn over one picture: a document's page, or the whole picture (page null). */
export interface PageSection {
  page: number | null;
  comments: ReportComment[];
}

/**
 * A round's comments by the page they are on, pages in order: each is drawn over its own page. On
 * a picture, or a document without pages to draw, one section holds them all; a document's global
 * comments (on no page) go with its first page.
 */
export function pageSections(round: ReportRound): PageSection[] {
  const pages = round.preview?.pages ?? 1;
  if (pages <= 1 && round.comments.every((c) => c.page === null || c.page === 1))
    return [{ page: round.comments.some((c) => c.page !== null) ? 1 : null, comments: round.comments }];
  const byPage = new Map<number, ReportComment[]>();
  for (const comment of round.comments) {
    const page = comment.page ?? 1;
    byPage.set(page, [...(byPage.get(page) ?? []), comment]);
  }
  return [...byPage.keys()].sort((a, b) => a - b).map((page) => ({ page, comments: byPage.get(page) ?? [] }));
}

const MARGIN = 48;
const PAGE = { width: 595.28, height: 841.89 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const PICTURE_MAX_HEIGHT = 400;
const REPLY_INDENT = 22;
const INK = '#1F2328';
const MUTED = '#656D76';
const RULE = '#D0D7DE';
const MARKER_FALLBACK = '#2F6FDE';

/** A new report document in the fonts it is written in; the caller streams it and calls writeCommentPdf. */
export function createReportDocument(title: string): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    info: { Title: title, Creator: 'Proofroom' },
  });
  const fonts = reportFonts();
  doc.registerFont('body', fonts?.regular ?? 'Helvetica');
  doc.registerFont('bold', fonts?.bold ?? 'Helvetica-Bold');
  return doc;
}

/**
 * Resolves once the reader of `doc` wants more: pdfkit pushes every page into the stream's buffer
 * as it is drawn, whatever the reader's pace, so a project's report for a slow client would sit
 * whole in memory. A stream asks its `_read` for more when its buffer falls below the high-water
 * mark; that is the moment to draw the next section. Resolves too when the reader has gone.
 */
function readerWants(doc: PDFKit.PDFDocument): Promise<void> {
  if (doc.destroyed || doc.readableLength < doc.readableHighWaterMark) return Promise.resolve();
  return new Promise((resolve) => {
    const own = doc._read.bind(doc);
    const done = () => {
      doc._read = own;
      doc.off('close', done);
      resolve();
    };
    doc._read = (size) => {
      done();
      own(size);
    };
    doc.once('close', done);
  });
}

/**
 * Draws the report page by page (a section per asset and round), each when the reader has taken
 * the last one, reading each asset's comments as it comes to it, then ends the document. A reader
 * gone (the client dropped the download, the stream destroyed) stops it: nothing more is read.
 */
export async function writeCommentPdf(
  pdf: PDFKit.PDFDocument,
  source: ReportSource,
  options: { projectCover: boolean },
): Promise<void> {
  const doc = pdf as PdfDoc;
  const { outline } = source;
  if (options.projectCover || outline.assets.length === 0) cover(doc, outline);
  for (let index = 0; index < outline.assets.length; index++) {
    await readerWants(doc);
    if (doc.destroyed) return;
    const asset = await source.asset(index);
    if (!asset) continue;
    for (const round of asset.rounds)
      for (const part of pageSections(round)) {
        await readerWants(doc);
        if (doc.destroyed) return;
        const bytes = round.preview ? await source.preview(round.preview, part.page ?? 1) : null;
        if (doc.destroyed) return;
        section(doc, outline, asset, round, part, bytes);
      }
  }
  doc.end();
}

function cover(doc: PdfDoc, report: ReportOutline): void {
  doc.addPage();
  doc.font('bold').fontSize(22).fillColor(INK).text('Comments report');
  doc.moveDown(0.3).font('body').fontSize(14).text(report.projectName);
  doc
    .moveDown(0.3)
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Exported ${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC`);
  const comments = report.assets.reduce((n, a) => n + a.rounds.reduce((m, r) => m + r.comments, 0), 0);
  doc.moveDown(1).fillColor(INK).fontSize(11);
  doc.text(
    report.assets.length === 0
      ? 'No asset has comments yet.'
      : `${report.assets.length} ${report.assets.length === 1 ? 'asset' : 'assets'} with ${comments} ${comments === 1 ? 'comment' : 'comments'}, each round on pages of its own.`,
  );
  if (report.assetsLeftOut > 0)
    doc
      .moveDown(0.5)
      .fillColor('#B42318')
      .text(
        `This report covers the first ${report.assets.length} assets with comments by name; ${report.assetsLeftOut} more are left out. Export them one asset at a time.`,
      );
  doc.moveDown(1);
  for (const asset of report.assets)
    doc
      .fillColor(INK)
      .fontSize(10)
      .text(`${asset.name}  `, { continued: true })
      .fillColor(MUTED)
      .text(asset.rounds.map((r) => `Round ${r.number}: ${r.comments}`).join(' · '));
}

function section(
  doc: PdfDoc,
  report: ReportOutline,
  asset: ReportAsset,
  round: ReportRound,
  part: PageSection,
  bytes: Buffer | null,
) {
  doc.addPage();
  doc.font('body').fontSize(9).fillColor(MUTED).text(`${report.projectName} · Comments report`);
  doc.moveDown(0.2).font('bold').fontSize(18).fillColor(INK).text(asset.name);
  const open = part.comments.filter((c) => c.completedAt === null).length;
  const where = part.page === null ? `Round ${round.number}` : `Round ${round.number} · Page ${part.page}`;
  doc
    .moveDown(0.2)
    .font('body')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`${where} · ${part.comments.length} comments · ${open} open`);
  doc.moveDown(0.6);
  picture(doc, round, part, bytes);
  doc.moveDown(0.8);
  for (const comment of part.comments) entry(doc, comment, 0);
}

/** The preview (the section's page) fitted to the page with each comment's markup drawn over it, and its numbered markers. */
function picture(doc: PdfDoc, round: ReportRound, part: PageSection, bytes: Buffer | null): void {
  const image = bytes ? openImage(doc, bytes) : null;
  if (!image) {
    const y = doc.y;
    doc.rect(MARGIN, y, CONTENT_WIDTH, 60).fillAndStroke('#F6F8FA', RULE);
    doc
      .fillColor(MUTED)
      .fontSize(10)
      .text('No preview of this round.', MARGIN, y + 24, { width: CONTENT_WIDTH, align: 'center' });
    doc.x = MARGIN;
    doc.y = y + 72;
    return;
  }
  const scale = Math.min(CONTENT_WIDTH / image.width, PICTURE_MAX_HEIGHT / image.height);
  const box = {
    x: MARGIN + (CONTENT_WIDTH - image.width * scale) / 2,
    y: doc.y,
    width: image.width * scale,
    height: image.height * scale,
  };
  doc.image(image as unknown as Buffer, box.x, box.y, { width: box.width, height: box.height });
  doc.rect(box.x, box.y, box.width, box.height).lineWidth(0.5).strokeColor(RULE).stroke();
  // The round's size is its first page's: a later page is measured as drawn.
  const firstPage = part.page === null || part.page === 1;
  const original = {
    width: (firstPage ? round.preview?.width : null) ?? image.width,
    height: (firstPage ? round.preview?.height : null) ?? image.height,
  };
  const longSide = Math.max(box.width, box.height);
  const drawn = part.comments;
  doc.save();
  doc.rect(box.x, box.y, box.width, box.height).clip();
  for (const comment of drawn)
    for (const shape of comment.markup)
      drawShape(doc, shape, placedPoints(shape, box, original), strokeWidth(shape.stroke_size, longSide));
  for (const comment of drawn) {
    const shape = comment.markup[0];
    const at = shape ? shapeMarkerPoint(shape, placedPoints(shape, box, original)) : null;
    if (comment.number === null || !at) continue;
    marker(doc, comment.number, shape?.stroke_color ?? MARKER_FALLBACK, at.x, at.y);
  }
  doc.restore();
  doc.x = MARGIN;
  doc.y = box.y + box.height;
}

/** The picture, or null when its bytes are not a picture PDF can embed. */
function openImage(doc: PdfDoc, bytes: Buffer): OpenedImage | null {
  try {
    return doc.openImage(bytes);
  } catch {
    return null;
  }
}

function marker(doc: PdfDoc, number: number, color: string, x: number, y: number): void {
  const r = 8;
  doc.circle(x, y, r).lineWidth(1.5).fillAndStroke(color, '#FFFFFF');
  doc
    .font('bold')
    .fontSize(8)
    .fillColor(isLight(color) ? INK : '#FFFFFF')
    .text(String(number), x - r, y - 4.5, { width: 2 * r, align: 'center', lineBreak: false });
}

function isLight(color: string): boolean {
  const n = Number.parseInt(color.slice(1, 7), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 170;
}

/** One comment (or reply, indented) of the list: number, author, date and status, then its text. */
function entry(doc: PdfDoc, comment: ReportComment, depth: number): void {
  const x = MARGIN + depth * REPLY_INDENT;
  const width = CONTENT_WIDTH - depth * REPLY_INDENT;
  const heading = [
    comment.number !== null ? `#${comment.number}` : null,
    depth === 0 && comment.page !== null ? `page ${comment.page}` : null,
    comment.author,
    comment.createdAt.slice(0, 16).replace('T', ' '),
    depth > 0
      ? 'reply'
      : comment.completedAt === null
        ? 'Open'
        : `Completed ${comment.completedAt.slice(0, 10)}`,
  ]
    .filter((part): part is string => part !== null)
    .join(' · ');
  if (doc.y > PAGE.height - MARGIN - 48) doc.addPage();
  if (depth === 0) {
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + CONTENT_WIDTH, doc.y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.4);
  }
  doc
    .font('bold')
    .fontSize(9.5)
    .fillColor(depth > 0 ? MUTED : INK)
    .text(heading, x, doc.y, { width });
  doc.moveDown(0.15).font('body').fontSize(10.5).fillColor(INK).text(comment.text, x, doc.y, { width });
  doc.moveDown(0.6);
  for (const reply of comment.replies) entry(doc, reply, depth + 1);
  doc.x = MARGIN;
}
