import { COMMENT_CSV_COLUMNS } from '@common/api/commentCarryOver';
import type { ReportAsset, ReportComment, ReportSource } from './reportModel';

/** Excel reads a UTF-8 file as UTF-8 only with this mark first. */
const BOM = '\uFEFF';

/**
 * A cell a spreadsheet would run as a formula (= + - @, or a tab or CR that some strip first) is
 * prefixed with a quote, the OWASP advice against CSV injection; then RFC 4180 quoting.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(cells: (string | number | null)[]): string {
  return cells.map(csvCell).join(',');
}

/** The file's start: the BOM and the header row. */
export function csvHead(): string {
  return `${BOM}${csvRow([...COMMENT_CSV_COLUMNS])}\r\n`;
}

/** An asset's rows: one per comment and reply (each root followed by its replies), each ending in CRLF. */
export function csvAssetRows(asset: ReportAsset): string {
  const rows: string[] = [];
  const row = (round: number, c: ReportComment) =>
    csvRow([
      asset.name,
      round,
      c.page,
      c.id,
      c.number,
      c.author,
      c.createdAt,
      c.parentId === null ? (c.completedAt === null ? 'open' : 'completed') : '',
      c.completedAt,
      c.text,
      c.parentId,
    ]);
  for (const round of asset.rounds)
    for (const comment of round.comments) {
      rows.push(row(round.number, comment));
      for (const reply of comment.replies) rows.push(row(round.number, reply));
    }
  return rows.map((r) => `${r}\r\n`).join('');
}

/**
 * The CSV export, UTF-8 with a BOM and CRLF rows, as it is streamed: the header, then each asset's
 * rows as the source reads it.
 */
export async function* commentCsv(source: ReportSource): AsyncGenerator<string> {
  yield csvHead();
  for (let index = 0; index < source.outline.assets.length; index++) {
    const asset = await source.asset(index);
    if (asset) yield csvAssetRows(asset);
  }
}
