import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

/**
 * Office documents as other tools write them, made here by the tools themselves: LibreOffice (it
 * streams each part, its sizes in a data descriptor after the data, and puts [Content_Types].xml
 * last) and Info-ZIP's zip writing to a pipe (it cannot seek back, so it streams too).
 */
const run = promisify(execFile);

export interface WrittenByLibreOffice {
  docx: Buffer;
  xlsx: Buffer;
}

let libreOffice: Promise<WrittenByLibreOffice> | null = null;

/** A letter converted from text to DOCX and a sheet from CSV to XLSX by soffice (once per process). */
export function writtenByLibreOffice(): Promise<WrittenByLibreOffice> {
  libreOffice ??= convertWithLibreOffice();
  return libreOffice;
}

async function convertWithLibreOffice(): Promise<WrittenByLibreOffice> {
  const dir = await mkdtemp(join(tmpdir(), 'libreoffice-writes-'));
  try {
    await writeFile(join(dir, 'letter.txt'), 'Dear client,\nthe second round is ready for review.\n');
    await writeFile(join(dir, 'sheet.csv'), 'asset,round,status\ncover.jpg,2,approved\n');
    // Its own profile, so no other soffice on this machine holds its lock.
    const profile = `-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`;
    const convert = (format: string, file: string) =>
      run('soffice', [profile, '--headless', '--convert-to', format, '--outdir', dir, join(dir, file)], {
        timeout: 120_000,
      });
    await convert('docx', 'letter.txt');
    await convert('xlsx', 'sheet.csv');
    return { docx: await readFile(join(dir, 'letter.docx')), xlsx: await readFile(join(dir, 'sheet.xlsx')) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The parts of `document` packed again by Info-ZIP writing to a pipe, as a streaming tool sends a
 * package, in LibreOffice's order ([Content_Types].xml last). With `zip64` (-fz) through a pipe,
 * zip writes no ZIP64 end record and 0xffffffff for the directory's offset: unzip still reads it.
 */
export async function repackedByStreamingZip(
  document: string,
  options: { zip64?: boolean } = {},
): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'streamed-zip-'));
  try {
    await run('unzip', ['-q', document, '-d', join(dir, 'parts')]);
    const parts = "{ find . -type f ! -name '[[]Content_Types].xml' | sort; echo './[Content_Types].xml'; }";
    // Through a pipe, zip cannot seek back to its local headers: it writes data descriptors.
    const zip = `zip -q -X -D ${options.zip64 ? '-fz' : ''} -@ -`;
    await run('sh', ['-c', `cd parts && ${parts} | ${zip} | cat > ../out.zip`], { cwd: dir });
    return await readFile(join(dir, 'out.zip'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
