import { open } from 'node:fs/promises';
import { join } from 'node:path';
import {
  DocumentUnreadableError,
  type LibreOffice,
  libreOffice,
  type OfficeImportFilter,
} from './libreOffice';
import { renderPdf } from './pdf';
import { outcomeFromError } from './previewError';
import type { FileType, PreviewInput, PreviewOutcome } from './types';

const IMPORT_FILTERS: Partial<Record<FileType, OfficeImportFilter>> = {
  doc: 'MS Word 97',
  docx: 'MS Word 2007 XML',
  xls: 'MS Excel 97',
  xlsx: 'Calc MS Excel 2007 XML',
};

const CFB_SIGNATURE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');
/** How far into a compound file the stream directory is looked for. */
const DIRECTORY_SCAN_BYTES = 64 * 1024 * 1024;

/**
 * Word and Excel documents: LibreOffice (kept warm) converts them to PDF with the import filter of
 * their detected type, then the PDF's first page (a spreadsheet's first sheet) becomes the preview
 * and its page count the document's.
 */
export async function renderOffice(
  input: PreviewInput,
  office: LibreOffice = libreOffice,
): Promise<PreviewOutcome> {
  const filter = IMPORT_FILTERS[input.type];
  if (!filter) return { ok: false, code: 'unreadable', reason: 'This file is not a Word or Excel document.' };
  try {
    if (await isPasswordProtectedOoxml(input.path)) {
      return {
        ok: false,
        code: 'encrypted',
        reason:
          'This document is protected by a password, so no preview can be made. The file can still be downloaded.',
      };
    }
    const pdf = await office.convertToPdf(input.path, filter, join(input.workDir, 'office'), input.signal);
    return await renderPdf({ ...input, path: pdf, type: 'pdf' });
  } catch (error) {
    if (error instanceof DocumentUnreadableError)
      return { ok: false, code: 'unreadable', reason: error.message };
    return outcomeFromError(error, 'LibreOffice');
  }
}

/**
 * Office encrypts a .docx or .xlsx with a password by wrapping it in a compound file holding an
 * "EncryptedPackage" stream (MS-OFFCRYPTO), instead of the usual zip.
 */
export async function isPasswordProtectedOoxml(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(CFB_SIGNATURE.length);
    await file.read(head, 0, head.length, 0);
    if (!head.equals(CFB_SIGNATURE)) return false;
    const { size } = await file.stat();
    const body = Buffer.alloc(Math.min(size, DIRECTORY_SCAN_BYTES));
    await file.read(body, 0, body.length, 0);
    return body.includes(ENCRYPTED_PACKAGE);
  } finally {
    await file.close();
  }
}
