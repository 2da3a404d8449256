/**
 * RFC 4180 read back: quoted cells may hold commas, CRLF or LF and doubled quotes; rows end with
 * CRLF. Written here (no CSV package is installed) so the export is checked by an independent reader.
 */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (quoted) throw new Error('unterminated quoted cell');
  if (cell !== '' || row.length > 0) throw new Error('last row has no CRLF');
  return rows;
}
