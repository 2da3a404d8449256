import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibreOffice } from './libreOffice';
import { isPasswordProtectedOoxml, renderOffice } from './office';
import { runTool } from './processes';
import type { FileType, PreviewOutcome, Renditions } from './types';

const corpus = (path: string) => fileURLToPath(new URL(`../../../../shared/corpus/${path}`, import.meta.url));
const neverAborted = new AbortController().signal;
let scratch: string;
/** One warm LibreOffice for the whole file, as a worker keeps one. */
let office: LibreOffice;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'office-preview-test-'));
  office = new LibreOffice({ profileRoot: join(scratch, 'profiles') });
  await office.warmUp(neverAborted);
}, 60_000);
afterAll(async () => {
  await office.dispose();
  await rm(scratch, { recursive: true, force: true });
});

async function render(path: string, type: FileType, converter = office): Promise<PreviewOutcome> {
  const workDir = await mkdtemp(join(scratch, 'job-'));
  return renderOffice({ path, type, workDir, signal: neverAborted }, converter);
}

function renditionsOf(outcome: PreviewOutcome): Renditions {
  if (!outcome.ok) throw new Error(`expected renditions, got ${outcome.code}: ${outcome.reason}`);
  return outcome.renditions;
}

describe('renderOffice on the corpus', () => {
  // Pages as LibreOffice 7.4 lays them out with the metric-compatible fonts (SOURCES.md counted
  // 7, 25 and 26 pages where Times New Roman and Calibri fell back to wider fonts); A4 or Letter
  // as each document sets it. Ink: the share of the preview's pixels that are dark (text, rules),
  // 0.9–9 % on these first pages; a page drawn blank, or shrunk to a speck, has next to none.
  const TEXT = [0.005, 0.2] as const;
  // fixture_3sheets.xlsx holds three empty sheets (<sheetData/>, no shared strings): Excel shows
  // an empty grid and has nothing to print, and the preview is the blank page LibreOffice lays out.
  const NONE = [0, 0] as const;
  it.each([
    ['office/word-mac-2011_raw_text.doc', 'doc', 3, 1583, TEXT],
    ['office/ieee-template_7pages.doc', 'doc', 6, 1583, TEXT],
    ['office/paragraphs_and_tables.docx', 'docx', 1, 1583, TEXT],
    ['office/raw_text_3pages.docx', 'docx', 3, 1583, TEXT],
    ['office/excel-2007-bible_worksheet_functions.xls', 'xls', 18, 1583, TEXT],
    ['office/fixture_small.xls', 'xls', 2, 1449, TEXT],
    ['office/raw_text_2sheets.xlsx', 'xlsx', 18, 1583, TEXT],
    ['office/fixture_3sheets.xlsx', 'xlsx', 1, 1449, NONE],
  ] as const)(
    '%s (%s): the first page, portrait, %i pages',
    async (file, type, pageCount, width, [leastInk, mostInk]) => {
      const renditions = renditionsOf(await render(corpus(file), type));
      expect(renditions).toMatchObject({ width, height: 2048, pageCount });
      expect(renditions.damaged).toBeUndefined();
      expect(await sharp(renditions.preview).metadata()).toMatchObject({
        format: 'jpeg',
        width,
        height: 2048,
      });
      const ink = await inkShare(renditions.preview);
      expect(ink).toBeGreaterThanOrEqual(leastInk);
      expect(ink).toBeLessThanOrEqual(mostInk);
    },
    30_000,
  );
});

/** The share of pixels darker than light grey (JPEG noise around white stays far above it). */
async function inkShare(image: Buffer): Promise<number> {
  const { data } = await sharp(image).greyscale().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (const value of data) if (value < 160) ink++;
  return ink / data.length;
}

describe('stored files', () => {
  it('converts a file stored under a name without extension (storage never uses the uploaded name)', async () => {
    const stored = join(scratch, '3f9c2a7e');
    copyFileSync(corpus('office/raw_text_3pages.docx'), stored);
    expect(renditionsOf(await render(stored, 'docx'))).toMatchObject({ pageCount: 3, height: 2048 });
  }, 30_000);
});

describe('fonts', () => {
  it('Calibri and Times New Roman are laid out with their metric twins Carlito and Liberation Serif', async () => {
    const fontsOf = async (file: string, filter: 'MS Excel 97' | 'MS Word 97') => {
      const pdf = await office.convertToPdf(
        corpus(file),
        filter,
        await mkdtemp(join(scratch, 'fonts-')),
        neverAborted,
      );
      const { stdout } = await runTool('pdffonts', [pdf], { signal: neverAborted, timeoutMs: 20_000 });
      return stdout.toString('utf8');
    };
    expect(await fontsOf('office/excel-2007-bible_worksheet_functions.xls', 'MS Excel 97')).toMatch(
      /\+Carlito\b/,
    );
    expect(await fontsOf('office/ieee-template_7pages.doc', 'MS Word 97')).toMatch(/\+LiberationSerif\b/);
  }, 30_000);
});

describe('renderOffice failures', () => {
  it('a DOCX whose zip holds random bytes is "unreadable" (not imported as text)', async () => {
    const path = join(scratch, 'corrupt.docx');
    writeFileSync(path, withRandomDocumentXml(readFileSync(corpus('office/paragraphs_and_tables.docx'))));
    expect(await render(path, 'docx')).toEqual({
      ok: false,
      code: 'unreadable',
      reason: 'This document could not be opened: it may be damaged.',
    });
  }, 30_000);

  it('a password-protected DOCX is "encrypted" without starting LibreOffice', async () => {
    const path = join(scratch, 'protected.docx');
    writeFileSync(path, compoundFileWithEncryptedPackage());
    expect(await isPasswordProtectedOoxml(path)).toBe(true);
    expect(await isPasswordProtectedOoxml(corpus('office/paragraphs_and_tables.docx'))).toBe(false);
    expect(await isPasswordProtectedOoxml(corpus('office/ieee-template_7pages.doc'))).toBe(false);
    const missing = new LibreOffice({
      profileRoot: join(scratch, 'unused'),
      command: '/nonexistent/soffice',
    });
    expect(await render(path, 'docx', missing)).toMatchObject({ ok: false, code: 'encrypted' });
  });

  it('without LibreOffice installed: "converter_missing"', async () => {
    const missing = new LibreOffice({
      profileRoot: join(scratch, 'missing'),
      command: '/nonexistent/soffice',
    });
    expect(await render(corpus('office/fixture_small.xls'), 'xls', missing)).toEqual({
      ok: false,
      code: 'converter_missing',
      reason: 'LibreOffice is not installed on this server, so this file has no preview.',
    });
  });

  it('a conversion past its memory limit stops at once: "too_large", and no soffice is left', async () => {
    const profiles = join(scratch, 'small-heap');
    // Measured: under 8–30 MiB soffice stops at start (std::bad_alloc, then "osl::Thread::create
    // failed"); at 32 MiB it hangs until its timeout, past 40 MiB the fixture converts.
    const small = new LibreOffice({ profileRoot: profiles, memoryLimitBytes: 16 * 1024 * 1024 });
    const started = Date.now();
    expect(await render(corpus('office/fixture_small.xls'), 'xls', small)).toEqual({
      ok: false,
      code: 'too_large',
      reason: 'Making the preview needed more memory than allowed, so it was stopped.',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(sofficeRunningOn(profiles)).toBe(false);
    await small.dispose();
  }, 30_000);

  it('a conversion past its time limit is killed: "timeout"', async () => {
    // 1 ms: no conversion, however warm LibreOffice is, ends before it (200 ms once did).
    const slow = new LibreOffice({ profileRoot: join(scratch, 'slow'), timeoutMs: 1 });
    const copy = join(scratch, 'big.xls');
    copyFileSync(corpus('office/excel-2007-bible_worksheet_functions.xls'), copy);
    expect(await render(copy, 'xls', slow)).toMatchObject({ ok: false, code: 'timeout' });
    await slow.dispose();
  }, 30_000);
});

/** A soffice (not a zombie) runs on a profile under this folder, from /proc. */
function sofficeRunningOn(profiles: string): boolean {
  return readdirSync('/proc').some((pid) => {
    try {
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      return state !== 'Z' && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(profiles);
    } catch {
      return false;
    }
  });
}

/** The DOCX with its word/document.xml data overwritten by random bytes, zip structure intact. */
function withRandomDocumentXml(docx: Buffer): Buffer {
  const damaged = Buffer.from(docx);
  const name = Buffer.from('word/document.xml');
  // The local file header (PK\3\4) naming the entry; its data follows the name and extra field.
  for (let at = damaged.indexOf(name); at >= 0; at = damaged.indexOf(name, at + 1)) {
    const header = at - 30;
    if (damaged.readUInt32LE(header) !== 0x04034b50) continue;
    const compressedSize = damaged.readUInt32LE(header + 18);
    const dataStart = at + damaged.readUInt16LE(header + 26) + damaged.readUInt16LE(header + 28);
    for (let i = 0; i < compressedSize; i++) damaged[dataStart + i] = (i * 7919 + 13) % 256;
    return damaged;
  }
  throw new Error('no word/document.xml entry');
}

/**
 * What a password-protected .docx is: a compound file (the OLE signature) whose directory holds
 * the EncryptionInfo and EncryptedPackage streams, names in UTF-16 (MS-OFFCRYPTO 2.3.4).
 */
function compoundFileWithEncryptedPackage(): Buffer {
  const file = Buffer.alloc(4096);
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(file, 0);
  Buffer.from('EncryptionInfo', 'utf16le').copy(file, 1024);
  Buffer.from('EncryptedPackage', 'utf16le').copy(file, 1152);
  return file;
}
