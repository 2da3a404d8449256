import { describe, expect, it } from 'vitest';
import { commentCsv, csvCell } from './commentCsv';
import { sourceOf, type CommentReport, type ReportComment } from './reportModel';

const comment = (over: Partial<ReportComment> = {}): ReportComment => ({
  id: 1,
  parentId: null,
  number: null,
  page: null,
  author: 'Ana',
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  text: 'Fine',
  markup: [],
  replies: [],
  ...over,
});

describe('csvCell', () => {
  it('quotes cells with commas, quotes or line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(7)).toBe('7');
  });

  it('prefixes a quote to cells a spreadsheet would run as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r'])
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell('=SUM(A1,A2)')).toBe(`"'=SUM(A1,A2)"`);
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('commentCsv', () => {
  it('starts with a BOM and the header, a row per comment then its replies, CRLF line ends', async () => {
    const report: CommentReport = {
      projectName: 'P',
      fileBase: 'P comments',
      assetsLeftOut: 0,
      generatedAt: '2026-11-21T10:00:00.000Z',
      assets: [
        {
          id: 1,
          name: 'a.png',
          rounds: [
            {
              number: 2,
              preview: null,
              comments: [
                comment({
                  id: 5,
                  number: 3,
                  completedAt: '2026-11-22T00:00:00.000Z',
                  replies: [comment({ id: 6, parentId: 5, text: 'ok' })],
                }),
              ],
            },
          ],
        },
      ],
    };
    const parts: string[] = [];
    for await (const part of commentCsv(sourceOf(report, () => Promise.resolve(null)))) parts.push(part);
    expect(parts.join('')).toBe(
      '\uFEFFasset,round,page,id,number,author,date,status,completed_at,text,parent_id\r\n' +
        'a.png,2,,5,3,Ana,2026-11-21T10:00:00.000Z,completed,2026-11-22T00:00:00.000Z,Fine,\r\n' +
        'a.png,2,,6,,Ana,2026-11-21T10:00:00.000Z,,,ok,5\r\n',
    );
  });
});
