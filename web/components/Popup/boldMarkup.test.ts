import { describe, expect, it } from 'vitest';
import { parseBoldMarkup } from './boldMarkup';

describe('parseBoldMarkup', () => {
  it('marks the text between double asterisks as bold', () => {
    expect(parseBoldMarkup('Delete **Spring campaign** for good?')).toEqual([
      { text: 'Delete ', bold: false },
      { text: 'Spring campaign', bold: true },
      { text: ' for good?', bold: false },
    ]);
  });

  it('handles several bold parts and bold at the edges', () => {
    expect(parseBoldMarkup('**A** and **B**')).toEqual([
      { text: 'A', bold: true },
      { text: ' and ', bold: false },
      { text: 'B', bold: true },
    ]);
  });

  it('leaves an unmatched marker as it is', () => {
    expect(parseBoldMarkup('5 ** 2 is not bold')).toEqual([{ text: '5 ** 2 is not bold', bold: false }]);
  });

  it('returns nothing for an empty text', () => {
    expect(parseBoldMarkup('')).toEqual([]);
  });
});
