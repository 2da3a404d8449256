import { mkdtemp, open, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repackedByStreamingZip, writtenByLibreOffice } from '../../../tests/officePackages';
import { zipStream, type ZipEntry } from '../../services/assets/zipStream';
import { fileByteSource } from './byteSource';
import { ENTRIES_MAX, zipListingIn, zipListingOf } from './zipDirectory';

const WORD_DOCX = fileURLToPath(
  new URL('../../../../shared/corpus/office/raw_text_3pages.docx', import.meta.url),
);

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'zip-directory-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The listing read from memory and, through a file handle, from disk: both must agree. */
async function listings(zip: Buffer) {
  const path = join(scratch, `${Math.random().toString(36).slice(2)}.zip`);
  await writeFile(path, zip);
  const file = await open(path, 'r');
  try {
    const fromFile = await zipListingOf(fileByteSource(file, zip.length));
    expect(fromFile).toEqual(zipListingIn(zip));
    return fromFile;
  } finally {
    await file.close();
  }
}

/** The archive streamed by Proofroom's own writer (data descriptors; ZIP64 records when forced). */
async function streamed(entries: ZipEntry[], forceZip64 = false): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of zipStream(entries, { forceZip64 })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const part = (name: string, text = '<x/>'): ZipEntry => ({
  name,
  modified: new Date('2026-01-01'),
  level: 6,
  open: () => Promise.resolve({ body: Readable.from([Buffer.from(text)]), size: text.length }),
});

/** `zip` with `comment` after its end record, as a writer that comments its archives leaves it. */
function withComment(zip: Buffer, comment: string): Buffer {
  const end = Buffer.from(zip.subarray(zip.length - 22));
  end.writeUInt16LE(Buffer.byteLength(comment, 'latin1'), 20);
  return Buffer.concat([zip.subarray(0, zip.length - 22), end, Buffer.from(comment, 'latin1')]);
}

const OOXML_WORD = ['_rels/.rels', 'word/document.xml', '[Content_Types].xml'];

describe('the central directory of a ZIP', () => {
  it("lists a LibreOffice document's parts, streamed with [Content_Types].xml last", async () => {
    const { docx, xlsx } = await writtenByLibreOffice();
    expect(docx.readUInt16LE(6) & 0x08).toBe(0x08); // the first entry's sizes follow its data
    const word = await listings(docx);
    expect(word?.complete).toBe(true);
    expect(word?.names[0]).toBe('_rels/.rels');
    expect(word?.names).toEqual(expect.arrayContaining(['word/document.xml', '[Content_Types].xml']));
    expect((await listings(xlsx))?.names).toEqual(expect.arrayContaining(['xl/workbook.xml']));
  }, 120_000);

  it("lists Word's own package and Info-ZIP's streamed copy of it alike", async () => {
    const word = await listings(await readFile(WORD_DOCX));
    const repacked = await listings(await repackedByStreamingZip(WORD_DOCX));
    expect(repacked?.complete).toBe(true);
    expect([...repacked!.names].sort()).toEqual([...word!.names].sort());
  });

  it('finds the directory of a streamed ZIP64 archive, with its ZIP64 end record or without', async () => {
    const forced = await streamed(
      OOXML_WORD.map((name) => part(name)),
      true,
    );
    expect(forced.includes(Buffer.from('PK\x06\x06', 'latin1'))).toBe(true);
    expect(await listings(forced)).toEqual({ names: OOXML_WORD, complete: true });
    // Info-ZIP's -fz through a pipe: no ZIP64 record, the directory's offset 0xffffffff.
    const piped = await repackedByStreamingZip(WORD_DOCX, { zip64: true });
    expect(piped.readUInt32LE(piped.length - 6)).toBe(0xffffffff);
    expect((await listings(piped))?.names).toContain('word/document.xml');
  });

  it('finds the end record before a trailing comment, even one that holds an end signature', async () => {
    const zip = await streamed(OOXML_WORD.map((name) => part(name)));
    const comment = `Exported for review PK\x05\x06${'\0'.repeat(30)} by a tool`;
    expect(await listings(withComment(zip, comment))).toEqual({ names: OOXML_WORD, complete: true });
    const longest = withComment(zip, 'c'.repeat(0xffff));
    expect(await listings(longest)).toEqual({ names: OOXML_WORD, complete: true });
  });

  it('reads at most ENTRIES_MAX names, and says the listing is not complete', async () => {
    const many = Array.from({ length: ENTRIES_MAX + 5 }, (_, n): ZipEntry => ({
      name: `d${n}/`,
      modified: new Date('2026-01-01'),
    }));
    const listing = await listings(await streamed(many));
    expect(listing?.names).toHaveLength(ENTRIES_MAX);
    expect(listing?.complete).toBe(false);
  });

  it('answers null for a ZIP cut before its end, and reads only whole entries of a bad directory', async () => {
    const zip = await streamed(OOXML_WORD.map((name) => part(name)));
    expect(await listings(zip.subarray(0, zip.length - 30))).toBeNull();
    expect(await listings(Buffer.from('PK\x05\x06', 'latin1'))).toBeNull();
    expect(await listings(Buffer.alloc(0))).toBeNull();
    // An end record claiming a directory larger than the file.
    const huge = Buffer.from(zip);
    huge.writeUInt32LE(0x7fffffff, huge.length - 10);
    expect(await listings(huge)).toBeNull();
    // An end record claiming more entries than the directory holds.
    const more = Buffer.from(zip);
    more.writeUInt16LE(9, more.length - 12);
    expect(await listings(more)).toEqual({ names: OOXML_WORD, complete: false });
  });
});
