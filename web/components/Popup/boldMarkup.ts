export interface TextSegment {
  text: string;
  bold: boolean;
}

/**
 * Splits a popup description on its **bold** markup. An unmatched "**" stays literal text,
 * so a message can never swallow the rest of the sentence by accident.
 */
export function parseBoldMarkup(source: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /\*\*(.+?)\*\*/gs;
  let last = 0;
  for (const match of source.matchAll(pattern)) {
    const start = match.index;
    if (start > last) segments.push({ text: source.slice(last, start), bold: false });
    segments.push({ text: match[1] ?? '', bold: true });
    last = start + match[0].length;
  }
  if (last < source.length) segments.push({ text: source.slice(last), bold: false });
  return segments;
}
