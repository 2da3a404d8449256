import { open } from 'node:fs/promises';
import sharp from 'sharp';
import { decodeText } from './charset';
import { outcomeFromError } from './previewError';
import { renditionsFromImage } from './renditions';
import type { PreviewInput, PreviewOutcome } from './types';

/** Only the head of a text file is shown; more is never read. */
const MAX_TEXT_BYTES = 256 * 1024;
/** A CSV cell wider than this is cut, so one long column does not push the others off the page. */
const MAX_CELL_CHARS = 32;
/** DejaVu Sans Mono's advance width, in em. */
const CHAR_EM = 0.602;

interface PageLayout {
  width: number;
  height: number;
  margin: number;
  fontSize: number;
  lineHeight: number;
}

/** Plain text on a portrait page, a table on a landscape one. */
const LAYOUTS: Record<'txt' | 'csv', PageLayout> = {
  txt: { width: 1448, height: 2048, margin: 72, fontSize: 22, lineHeight: 30 },
  csv: { width: 2048, height: 1448, margin: 64, fontSize: 20, lineHeight: 28 },
};

/**
 * CSV and TXT files: the first lines drawn as a page in a monospace font that covers Latin,
 * Cyrillic and Greek (DejaVu Sans Mono through fontconfig), after their character set was
 * detected; a CSV as an aligned table with its header row in bold.
 */
export async function renderText(input: PreviewInput): Promise<PreviewOutcome> {
  try {
    const { text } = decodeText(await readHead(input.path, MAX_TEXT_BYTES));
    const svg = textPageSvg(text, input.type === 'csv' ? 'csv' : 'txt');
    const page = await sharp(Buffer.from(svg, 'utf8')).png().toBuffer();
    const renditions = await renditionsFromImage(page, {
      workDir: input.workDir,
      pageCount: 1,
      signal: input.signal,
    });
    return { ok: true, renditions };
  } catch (error) {
    return outcomeFromError(error);
  }
}

async function readHead(path: string, maxBytes: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(maxBytes);
    const { bytesRead } = await file.read(buffer, 0, maxBytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The page as SVG. Every character of the text goes through escapeXml: the text is the
 * uploader's, and must never become markup of the page.
 */
export function textPageSvg(text: string, kind: 'txt' | 'csv'): string {
  const layout = LAYOUTS[kind];
  const columns = Math.floor((layout.width - 2 * layout.margin) / (layout.fontSize * CHAR_EM));
  const rows = Math.floor((layout.height - 2 * layout.margin) / layout.lineHeight);
  const { lines, headerRows } =
    kind === 'csv' ? tableLines(text, rows) : { lines: textLines(text, rows), headerRows: 0 };
  const baseline = (row: number) => layout.margin + layout.fontSize + row * layout.lineHeight;

  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}">`,
    `<rect width="${layout.width}" height="${layout.height}" fill="#ffffff"/>`,
  ];
  if (headerRows > 0) {
    const top = layout.margin - (layout.lineHeight - layout.fontSize) / 2 - 2;
    parts.push(
      `<rect x="${layout.margin / 2}" y="${top}" width="${layout.width - layout.margin}" height="${layout.lineHeight + 2}" fill="#eef1f5"/>`,
    );
  }
  parts.push(`<g font-family="DejaVu Sans Mono" font-size="${layout.fontSize}" fill="#1f2328">`);
  if (lines.length === 0) {
    parts.push(`<text x="${layout.margin}" y="${baseline(0)}" fill="#8a9099">(empty file)</text>`);
  }
  lines.forEach((line, row) => {
    if (line.trim() === '') return;
    const weight = row < headerRows ? ' font-weight="bold"' : '';
    parts.push(
      `<text x="${layout.margin}" y="${baseline(row)}" xml:space="preserve"${weight}>${escapeXml(cut(line, columns))}</text>`,
    );
  });
  parts.push('</g>', '</svg>');
  return parts.join('\n');
}

function textLines(text: string, rows: number): string[] {
  const lines = text.split(/\r\n|\r|\n/, rows + 1).slice(0, rows);
  while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
  return lines.map(expandTabs);
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let column = 0;
  let result = '';
  for (const char of line) {
    if (char === '\t') {
      const spaces = 8 - (column % 8);
      result += ' '.repeat(spaces);
      column += spaces;
    } else {
      result += char;
      column++;
    }
  }
  return result;
}

/** The table as text lines: columns padded to a common width, a rule under the header row. */
function tableLines(text: string, rows: number): { lines: string[]; headerRows: number } {
  const records = parseCsv(text, detectDelimiter(text), rows - 1).map((record) =>
    record.map((cell) => cut(cell.replace(/\s+/g, ' ').trim(), MAX_CELL_CHARS)),
  );
  if (records.length === 0) return { lines: [], headerRows: 0 };
  const columnCount = Math.max(...records.map((record) => record.length));
  const widths = Array.from({ length: columnCount }, (_, column) =>
    Math.max(1, ...records.map((record) => charLength(record[column] ?? ''))),
  );
  const format = (record: string[]) =>
    widths
      .map((width, column) => {
        const cell = record[column] ?? '';
        const padding = ' '.repeat(width - charLength(cell));
        return /^[-+]?[\d.,\s]*\d%?$/.test(cell) ? padding + cell : cell + padding;
      })
      .join(' │ ')
      .trimEnd();
  const [header, ...body] = records;
  const rule = widths.map((width) => '─'.repeat(width)).join('─┼─');
  return { lines: [format(header ?? []), rule, ...body.map(format)], headerRows: 1 };
}

/** The most frequent of , ; tab | on the first line, outside quotes (Excel in Europe writes ;). */
function detectDelimiter(text: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && DELIMITERS.includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}

const DELIMITERS = [',', ';', '\t', '|'];

/** RFC 4180 records: quoted fields may hold the delimiter, doubled quotes and line breaks. */
export function parseCsv(text: string, delimiter: string, maxRecords: number): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length && records.length < maxRecords; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if ((field !== '' || record.length > 0) && records.length < maxRecords) records.push([...record, field]);
  return records;
}

function charLength(text: string): number {
  return Array.from(text).length;
}

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

// The control characters XML 1.0 forbids (and C1 controls, which draw as nothing useful).
// eslint-disable-next-line no-control-regex
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;

/** Text for an XML text node: markup characters as entities, characters XML forbids replaced. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_IN_XML, '\uFFFD')
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
