import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeText, wordLikeness } from './charset';

const corpusFile = (path: string) =>
  readFileSync(fileURLToPath(new URL(`../../../../shared/corpus/${path}`, import.meta.url)));

const RUSSIAN = 'Город,Население\nМосква,13 010 112\nСанкт-Петербург,5 601 911\nНовосибирск,1 633 595\n';
const FRENCH =
  'Produit;Prix;Catégorie\nCafé crème;2,50 €;Boissons\nCrêpe flambée;7,00 €;Desserts\nGâteau;4,20 €;Pâtisserie\n';

describe('decodeText', () => {
  it('reads the corpus cp1251 CSV as Cyrillic (chardet alone ranks windows-1257 first)', () => {
    const decoded = decodeText(corpusFile('text/cyrillic_cp1251.csv'));
    expect(decoded.charset).toBe('windows-1251');
    expect(decoded.text).toContain('Москва');
    expect(decoded.text).toContain('Санкт-Петербург');
  });

  it('reads plain ASCII corpus files as UTF-8', () => {
    expect(decodeText(corpusFile('text/little_bo_peep.txt')).charset).toBe('utf-8');
    expect(decodeText(corpusFile('text/chicago_potholes.csv')).charset).toBe('utf-8');
  });

  it('reads windows-1252 Western text with accents and the euro sign', () => {
    const decoded = decodeText(iconv.encode(FRENCH, 'windows-1252'));
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.text).toBe(FRENCH);
  });

  it('reads windows-1251 Russian text', () => {
    const decoded = decodeText(iconv.encode(RUSSIAN, 'windows-1251'));
    expect(decoded).toEqual({ text: RUSSIAN, charset: 'windows-1251' });
  });

  it('reads windows-1250 Polish text (its letters outside Latin-1 decide it)', () => {
    const polish =
      'Miasto;Województwo\nŁódź;łódzkie\nGdańsk;pomorskie\nKraków;małopolskie\nZażółć gęślą jaźń\n';
    expect(decodeText(iconv.encode(polish, 'windows-1250'))).toEqual({
      text: polish,
      charset: 'windows-1250',
    });
  });

  it('reads UTF-16 with a byte order mark, little and big endian, without the mark in the text', () => {
    for (const charset of ['utf-16le', 'utf-16be'] as const) {
      const decoded = decodeText(iconv.encode(RUSSIAN, charset, { addBOM: true }));
      expect(decoded).toEqual({ text: RUSSIAN, charset });
    }
  });

  it('reads UTF-16 LE without a mark (Excel "Unicode text")', () => {
    const decoded = decodeText(iconv.encode('name\tcity\nAnna\tBerlin\n', 'utf-16le'));
    expect(decoded).toEqual({ text: 'name\tcity\nAnna\tBerlin\n', charset: 'utf-16le' });
  });

  it('reads UTF-8 with and without a mark, and a sequence cut at the end of the sample', () => {
    expect(decodeText(Buffer.from(`\uFEFF${RUSSIAN}`, 'utf8'))).toEqual({ text: RUSSIAN, charset: 'utf-8' });
    const cut = Buffer.from('Ёж', 'utf8').subarray(0, 3);
    expect(decodeText(cut)).toEqual({ text: 'Ё', charset: 'utf-8' });
  });
});

describe('wordLikeness', () => {
  it('prefers the right reading over mojibake', () => {
    expect(wordLikeness('Москва Новосибирск')).toBeGreaterThan(wordLikeness('Ìîñêâà Íîâîñèáèðñê'));
    expect(wordLikeness('Café crème')).toBeGreaterThan(wordLikeness('Cafй crиme'));
  });
});
