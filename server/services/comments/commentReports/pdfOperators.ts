import { inflateSync } from 'node:zlib';

/** One drawing operator of a PDF content stream with the numbers before it ('re' with x, y, w, h). */
export interface PdfOperator {
  op: string;
  args: number[];
}

/**
 * The operators of every stream of a PDF, in order, compressed or not: what the tests read to see
 * what a report draws. Anything that is not a number is taken for an operator, so the bytes of a
 * picture read as operators no drawing test looks for.
 */
export function pdfOperators(pdf: Buffer): PdfOperator[] {
  const text = pdf.toString('latin1');
  const operators: PdfOperator[] = [];
  for (const match of text.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    const raw = Buffer.from(match[1] ?? '', 'latin1');
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    let args: number[] = [];
    for (const token of content.split(/\s+/)) {
      if (token === '') continue;
      if (/^-?(\d+\.?\d*|\.\d+)$/.test(token)) args.push(Number(token));
      else {
        operators.push({ op: token, args });
        args = [];
      }
    }
  }
  return operators;
}

/** The PDF a document writes, once it has ended. */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
