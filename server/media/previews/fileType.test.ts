import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repackedByStreamingZip, writtenByLibreOffice } from '../../../tests/officePackages';
import { detectFileType, detectFileTypeIn, detectFileTypeOfFile } from './fileType';
import { zipEntryNames } from './contentKind';

const CORPUS = join(import.meta.dirname, '../../../../shared/corpus');
const head = (file: string) => readFileSync(join(CORPUS, file)).subarray(0, 64 * 1024);

const typeOf = (bytes: Buffer, name: string) => {
  const detection = detectFileType(bytes, name);
  return detection.ok ? detection.type : `refused: ${detection.reason}`;
};

/** A ZIP local file header with the given part name (stored, empty). */
function zipEntry(name: string, data = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt32LE(data.length, 18);
  header.writeUInt32LE(data.length, 22);
  header.writeUInt16LE(Buffer.byteLength(name), 26);
  return Buffer.concat([header, Buffer.from(name), data]);
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const PDF = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n', 'latin1');
const OLE2 = Buffer.from('d0cf11e0a1b11ae1', 'hex');

describe('detectFileType on the corpus', () => {
  const expected: [string, string][] = [
    ['jpeg/cmyk_swop-profile_500x333.jpg', 'jpeg'],
    ['jpeg/corrupt-header.jpg', 'jpeg'],
    ['jpeg/exif-orientation-6_landscape.jpg', 'jpeg'],
    ['jpeg/exif-orientation-6_portrait.jpg', 'jpeg'],
    ['jpeg/giant_20000x14000_grey.jpg', 'jpeg'],
    ['jpeg/truncated_10000bytes.jpg', 'jpeg'],
    ['png/16bit-grey-alpha_109x96.png', 'png'],
    ['gif/rotating-squares_30frames.gif', 'gif'],
    ['gif/golden-ratio_animated-loop-3_10frames.gif', 'gif'],
    ['tiff/G31D_MULTI_2pages_fax.tif', 'tiff'],
    ['tiff/tifftag-photoshop_16bit_rgb.tiff', 'tiff'],
    ['tiff/fogra-0-100-100-0_cmyk_jpeg.tif', 'tiff'],
    ['tiff/cielab-dagams_16bit_lab.tiff', 'tiff'],
    ['psd/layer_effects_800x640_13layers.psd', 'psd'],
    ['psd/cmyk-spot_640x637.psd', 'psd'],
    ['psd/masks_640x1394_19layers.psb', 'psb'],
    ['psd/2layers_101x55.psb', 'psb'],
    ['raw/dng_lg-h815_complete_600x338.dng', 'dng'],
    ['raw/dng_leica-m10_truncated-100KB.dng', 'dng'],
    ['raw/cr2_canon-350d_exiftool-stripped.cr2', 'cr2'],
    ['raw/crw_canon-300d_exiftool-stripped.crw', 'crw'],
    ['raw/nef_nikon-d70_exiftool-stripped.nef', 'nef'],
    ['raw/arw_sony-zv-e10_truncated-100KB.arw', 'arw'],
    ['pdf/two_column_6pages.pdf', 'pdf'],
    ['pdf/word-mac_quartz_2pages.pdf', 'pdf'],
    ['ai/illustrator-24_pdf-compatible.ai', 'ai'],
    ['ai/illustrator-24_without-pdf-compatibility.ai', 'ai'],
    ['ai/illustrator_truncated-41KB.ai', 'ai'],
    ['indd/indesign-2020_no-preview.indd', 'indd'],
    ['indd/indesign-3_exiftool-stripped.indd', 'indd'],
    ['office/word-mac-2011_raw_text.doc', 'doc'],
    ['office/ieee-template_7pages.doc', 'doc'],
    ['office/paragraphs_and_tables.docx', 'docx'],
    ['office/raw_text_3pages.docx', 'docx'],
    ['office/excel-2007-bible_worksheet_functions.xls', 'xls'],
    ['office/fixture_small.xls', 'xls'],
    ['office/raw_text_2sheets.xlsx', 'xlsx'],
    ['office/fixture_3sheets.xlsx', 'xlsx'],
    ['text/chicago_potholes.csv', 'csv'],
    ['text/cyrillic_cp1251.csv', 'csv'],
    ['text/little_bo_peep.txt', 'txt'],
  ];
  it.each(expected)('%s is %s', (file, type) => {
    expect(typeOf(head(file), file.split('/')[1]!)).toBe(type);
  });

  it('takes a picture named as another picture format as what it is', () => {
    expect(typeOf(head('png/16bit-grey-alpha_109x96.png'), 'photo.JPG')).toBe('png');
    expect(typeOf(head('jpeg/exif-orientation-6_portrait.jpg'), 'photo.tif')).toBe('jpeg');
    expect(typeOf(head('tiff/cielab-dagams_16bit_lab.tiff'), 'photo.png')).toBe('tiff');
    expect(typeOf(head('raw/cr2_canon-350d_exiftool-stripped.cr2'), 'photo.nef')).toBe('cr2');
    expect(typeOf(head('raw/nef_nikon-d70_exiftool-stripped.nef'), 'photo.arw')).toBe('arw');
  });

  it('tells Office formats by their content within the Office family', () => {
    expect(typeOf(head('office/fixture_small.xls'), 'sheet.doc')).toBe('xls');
    expect(typeOf(head('office/word-mac-2011_raw_text.doc'), 'letter.docx')).toBe('doc');
    expect(typeOf(head('office/fixture_3sheets.xlsx'), 'sheet.docx')).toBe('xlsx');
  });

  it('refuses a content of one family named as another', () => {
    expect(typeOf(head('pdf/word-mac_quartz_2pages.pdf'), 'report.docx')).toBe(
      'refused: The file report.docx is a PDF document, not a Word document.',
    );
    expect(typeOf(head('office/raw_text_3pages.docx'), 'photo.jpg')).toBe(
      'refused: The file photo.jpg is a Word document, not a JPEG image.',
    );
    expect(typeOf(head('jpeg/exif-orientation-6_portrait.jpg'), 'notes.txt')).toBe(
      'refused: The file notes.txt is a JPEG image, not a text file.',
    );
    expect(typeOf(head('text/little_bo_peep.txt'), 'photo.png')).toBe(
      'refused: The file photo.png is text, not a PNG image.',
    );
    expect(typeOf(head('indd/indesign-3_exiftool-stripped.indd'), 'layout.pdf')).toMatch(
      /is an InDesign document, not a PDF/,
    );
    expect(typeOf(head('psd/cmyk-spot_640x637.psd'), 'art.ai')).toMatch(
      /is a Photoshop document, not an Illustrator/,
    );
  });
});

describe('detectFileType on hostile files', () => {
  it('refuses a ZIP named as a picture or an Office document', () => {
    const zip = Buffer.concat([zipEntry('payload.exe', Buffer.alloc(100, 1)), zipEntry('readme.txt')]);
    expect(typeOf(zip, 'holiday.jpg')).toBe(
      'refused: The file holiday.jpg is a ZIP archive, not a JPEG image.',
    );
    expect(typeOf(zip, 'contract.docx')).toBe(
      'refused: The file contract.docx is a ZIP archive, not a Word document.',
    );
    expect(
      typeOf(Buffer.concat([zipEntry('[Content_Types].xml'), zipEntry('ppt/presentation.xml')]), 'deck.docx'),
    ).toMatch(/is a ZIP archive/);
  });

  it('reads an OOXML package from its first entries, even with streamed entries after', () => {
    const word = Buffer.concat([
      zipEntry('[Content_Types].xml', Buffer.from('<Types/>')),
      zipEntry('_rels/.rels'),
      zipEntry('word/document.xml'),
    ]);
    expect(zipEntryNames(word)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(typeOf(word, 'a.docx')).toBe('docx');
    expect(typeOf(zipEntry('[Content_Types].xml'), 'a.xlsx')).toBe('xlsx');
    expect(typeOf(zipEntry('[Content_Types].xml'), 'a.doc')).toBe('docx');
  });

  it('refuses programs whatever their name', () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(120)]);
    expect(typeOf(exe, 'photo.jpg')).toBe(
      'refused: The file photo.jpg is a Windows program, which cannot be uploaded.',
    );
    expect(typeOf(Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'), 'a.pdf')).toMatch(/Linux program/);
    expect(typeOf(Buffer.from('cffaedfe07000001', 'hex'), 'a.tif')).toMatch(/macOS program/);
    expect(typeOf(Buffer.from('#!/bin/sh\nrm -rf ~\n'), 'notes.txt')).toMatch(
      /is a script, which cannot be uploaded/,
    );
  });

  it('takes a text starting with the letters MZ as text', () => {
    expect(typeOf(Buffer.from('MZ Corp,2024,100\n'), 'sales.csv')).toBe('csv');
  });

  it('refuses HTML, XML and SVG whatever their name', () => {
    for (const markup of [
      '<!DOCTYPE html><html><body>hi</body></html>',
      '  \n<html><script>alert(1)</script></html>',
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      '<svg/onload=alert(1)>',
      'name,value\nx,<script>alert(1)</script>\n',
      '\ufeff<html>',
    ]) {
      expect(typeOf(Buffer.from(markup), 'notes.txt')).toBe(
        'refused: The file notes.txt is a web page or markup (HTML, XML or SVG), which cannot be uploaded.',
      );
      expect(typeOf(Buffer.from(markup), 'photo.jpg')).toMatch(/web page or markup/);
    }
    const utf16Svg = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<svg onload="x"/>', 'utf16le')]);
    expect(typeOf(utf16Svg, 'a.csv')).toMatch(/web page or markup/);
  });

  it('accepts text in UTF-8, UTF-16 with its mark and single-byte code pages', () => {
    expect(typeOf(Buffer.from('Prénom;Ville\nÉlodie;Zürich\n'), 'a.csv')).toBe('csv');
    expect(
      typeOf(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b\n1,2\n', 'utf16le')]), 'a.csv'),
    ).toBe('csv');
    expect(
      typeOf(Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('hi', 'utf16le').swap16()]), 'a.txt'),
    ).toBe('txt');
    expect(typeOf(Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2, 0x0d, 0x0a]), 'a.txt')).toBe('txt');
    expect(typeOf(Buffer.alloc(0), 'empty.txt')).toBe('txt');
    expect(typeOf(Buffer.from('a < b, b > c\n'), 'math.txt')).toBe('txt');
  });

  it('accepts a UTF-8 head cut inside a character', () => {
    const text = Buffer.from('é'.repeat(40000)).subarray(0, 64 * 1024 - 1);
    expect(typeOf(text, 'a.txt')).toBe('txt');
  });

  it('refuses binary named as text', () => {
    expect(typeOf(Buffer.from([0x41, 0x42, 0x00, 0x43, 0x0a]), 'a.txt')).toMatch(
      /unknown format, not a text file/,
    );
    const noisy = Buffer.from(Array.from({ length: 400 }, (_, i) => (i % 7 === 0 ? 0x01 : 0x41)));
    expect(typeOf(noisy, 'a.csv')).toMatch(/unknown format, not a CSV file/);
  });

  it('refuses formats that are not allowed, naming them', () => {
    expect(typeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), 'a.jpg')).toBe(
      'refused: The file a.jpg is a WebP image, not a JPEG image.',
    );
    expect(typeOf(Buffer.from('1f8b0800', 'hex'), 'a.png')).toMatch(/gzip archive/);
    expect(typeOf(Buffer.from('%!PS-Adobe-3.0\n'), 'a.pdf')).toMatch(/PostScript document, not a PDF/);
    expect(typeOf(Buffer.from('\0\0\0\x18ftypheic', 'latin1'), 'a.jpg')).toMatch(/HEIC/);
  });

  it('refuses an extension that is not allowed and an empty picture', () => {
    expect(typeOf(PNG, 'image.bmp')).toBe(
      'refused: The file image.bmp has an extension that is not allowed.',
    );
    expect(typeOf(PNG, 'no-extension')).toMatch(/extension that is not allowed/);
    expect(typeOf(Buffer.alloc(0), 'photo.jpg')).toBe('refused: The file photo.jpg is empty.');
  });

  it('finds a PDF signature within its first KiB and reads PostScript as Illustrator only as .ai', () => {
    expect(typeOf(Buffer.concat([Buffer.alloc(500, 0x20), PDF]), 'a.pdf')).toBe('pdf');
    expect(typeOf(PDF, 'a.ai')).toBe('ai');
    expect(
      typeOf(Buffer.from('%!PS-Adobe-3.0 EPSF-3.0\n%%Creator: Adobe Illustrator(R) 8.0\n'), 'old.ai'),
    ).toBe('ai');
    expect(typeOf(Buffer.concat([Buffer.alloc(1100, 0x20), PDF]), 'a.pdf')).toMatch(/not a PDF/);
  });

  it('recognises BigTIFF and big-endian TIFF, and an OLE2 file by its extension when the head has no directory', () => {
    expect(typeOf(Buffer.from('II+\0\x08\0\0\0', 'latin1'), 'big.tif')).toBe('tiff');
    expect(typeOf(Buffer.from('MM\0*\0\0\0\x08', 'latin1'), 'a.dng')).toBe('dng');
    expect(typeOf(OLE2, 'a.xls')).toBe('xls');
    expect(typeOf(OLE2, 'a.doc')).toBe('doc');
    expect(typeOf(OLE2, 'a.pdf')).toMatch(/is an Office document, not a PDF document/);
    const powerPoint = Buffer.concat([
      OLE2,
      Buffer.alloc(500),
      Buffer.from('PowerPoint Document', 'utf16le'),
    ]);
    expect(typeOf(powerPoint, 'deck.doc')).toBe(
      'refused: The file deck.doc is an Office document, not a Word document.',
    );
  });
});

describe('detectFileType on Office documents written by other tools', () => {
  /** The type read from memory (a comment's file) and from disk (an upload): both must agree. */
  async function typesOf(bytes: Buffer, name: string) {
    const dir = await mkdtemp(join(tmpdir(), 'file-type-'));
    try {
      await writeFile(join(dir, name), bytes);
      const fromFile = await detectFileTypeOfFile(join(dir, name), name);
      expect(fromFile).toEqual(detectFileTypeIn(bytes, name));
      return fromFile.ok ? fromFile.type : `refused: ${fromFile.reason}`;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it('takes DOCX and XLSX written by LibreOffice (streamed parts, [Content_Types].xml last)', async () => {
    const { docx, xlsx } = await writtenByLibreOffice();
    expect(await typesOf(docx, 'letter.docx')).toBe('docx');
    expect(await typesOf(xlsx, 'sheet.xlsx')).toBe('xlsx');
    expect(await typesOf(xlsx, 'sheet.docx')).toBe('xlsx');
    expect(await typesOf(docx, 'letter.jpg')).toBe(
      'refused: The file letter.jpg is a Word document, not a JPEG image.',
    );
  }, 120_000);

  it('takes DOCX and XLSX written by Word and Excel, and packed again by a streaming ZIP writer', async () => {
    expect(await typesOf(readFileSync(join(CORPUS, 'office/raw_text_3pages.docx')), 'a.docx')).toBe('docx');
    expect(await typesOf(readFileSync(join(CORPUS, 'office/fixture_3sheets.xlsx')), 'a.xlsx')).toBe('xlsx');
    const streamedWord = await repackedByStreamingZip(join(CORPUS, 'office/raw_text_3pages.docx'));
    expect(await typesOf(streamedWord, 'report.docx')).toBe('docx');
    const streamedExcel = await repackedByStreamingZip(join(CORPUS, 'office/raw_text_2sheets.xlsx'));
    expect(await typesOf(streamedExcel, 'report.xlsx')).toBe('xlsx');
    const zip64 = await repackedByStreamingZip(join(CORPUS, 'office/raw_text_2sheets.xlsx'), { zip64: true });
    expect(await typesOf(zip64, 'report.xlsx')).toBe('xlsx');
  });

  it('refuses a ZIP whose whole directory lists no Word or Excel package', async () => {
    const withoutTypes = Buffer.concat([
      zipEntry('word/document.xml'),
      centralDirectory(['word/document.xml']),
    ]);
    expect(await typesOf(withoutTypes, 'a.docx')).toBe(
      'refused: The file a.docx is a ZIP archive, not a Word document.',
    );
    const types = ['[Content_Types].xml', 'ppt/presentation.xml'];
    const deck = Buffer.concat([...types.map((name) => zipEntry(name)), centralDirectory(types)]);
    expect(await typesOf(deck, 'deck.xlsx')).toBe(
      'refused: The file deck.xlsx is a ZIP archive, not an Excel workbook.',
    );
  });
});

/** A central directory and end record naming `names` (stored entries of 0 bytes, one after another). */
function centralDirectory(names: string[]): Buffer {
  let offset = 0;
  const entries = names.map((name) => {
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(Buffer.byteLength(name), 28);
    entry.writeUInt32LE(offset, 42);
    offset += 30 + Buffer.byteLength(name);
    return Buffer.concat([entry, Buffer.from(name)]);
  });
  const directory = Buffer.concat(entries);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(names.length, 8);
  end.writeUInt16LE(names.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([directory, end]);
}
