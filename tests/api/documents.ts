import PDFDocument from 'pdfkit';

/** A real PDF of `pages` A6 pages, each saying its number (a document asset with pages). */
export function pdfOf(pages: number): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A6', autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  for (let n = 1; n <= pages; n += 1) doc.addPage().fontSize(40).text(`Page ${n}`);
  doc.end();
  return new Promise((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
}
