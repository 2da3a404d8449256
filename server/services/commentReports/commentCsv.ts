import { COMMENT_CSV_COLUMNS } from '@common/api/commentCarryOver';
import type { CommentReport, ReportComment } from './reportModel';

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

/** One row per comment and reply (each root followed by its replies), UTF-8 with a BOM, CRLF rows. */
export function commentCsv(report: CommentReport): string {
  const rows = [csvRow([...COMMENT_CSV_COLUMNS])];
  const row = (asset: string, round: number, c: ReportComment) =>
    csvRow([
      asset,
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
  for (const asset of report.assets)
    for (const round of asset.rounds)
      for (const comment of round.comments) {
        rows.push(row(asset.name, round.number, comment));
        for (const reply of comment.replies) rows.push(row(asset.name, round.number, reply));
      }
  return `${BOM}${rows.join('\r\n')}\r\n`;
}
