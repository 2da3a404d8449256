import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentUnreadableError, LibreOffice, libreOffice } from './libreOffice';
import { runTool, ToolTimeoutError } from './processes';

const corpus = (path: string) => fileURLToPath(new URL(`../../../../shared/corpus/${path}`, import.meta.url));
const DOCX = corpus('office/paragraphs_and_tables.docx');

let scratch: string;
let office: LibreOffice;
const neverAborted = new AbortController().signal;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'libreoffice-test-'));
  office = new LibreOffice({ profileRoot: join(scratch, 'profiles') });
  await office.warmUp(neverAborted);
}, 60_000);

afterAll(async () => {
  await office.dispose();
  await rm(scratch, { recursive: true, force: true });
});

/**
 * soffice runs on this test's profiles at this moment, from /proc: their process groups (runTool
 * gives each its own; soffice.bin forks short-lived helpers into the same group).
 */
function sofficeRunsOnTheseProfiles(): number {
  const groups = new Set<string>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!commandLine.includes('soffice.bin') || !commandLine.includes(join(scratch, 'profiles'))) continue;
      // stat: "pid (comm) state ppid pgrp …"; comm cannot hold ") " here (it is soffice.bin).
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ');
      if (fields?.[2]) groups.add(fields[2]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return groups.size;
}

describe('LibreOffice', () => {
  it('converts a DOCX to PDF on a seeded profile without running the graphics self-test', async () => {
    const pdf = await office.convertToPdf(DOCX, 'MS Word 2007 XML', join(scratch, 'out-docx'), neverAborted);
    expect((await readFile(pdf)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const profile = join(scratch, 'profiles', 'profile-0', 'user');
    expect(readFileSync(join(profile, 'registrymodifications.xcu'), 'utf8')).toMatch(
      /ooSetupLastVersion" oor:op="fuse"><value>\d+\.\d+</,
    );
    // A stock profile gets this log from the 4–5 s render tests on every headless start.
    expect(existsSync(join(profile, 'GraphicsRenderTests.log'))).toBe(false);
  }, 30_000);

  it('refuses a damaged document instead of importing its bytes as text', async () => {
    const garbage = join(scratch, 'garbage.docx');
    writeFileSync(garbage, Buffer.from(Array.from({ length: 4000 }, (_, i) => (i * 7919) % 251)));
    await expect(
      office.convertToPdf(garbage, 'MS Word 2007 XML', join(scratch, 'out-garbage'), neverAborted),
    ).rejects.toBeInstanceOf(DocumentUnreadableError);
  }, 30_000);

  it('refuses a document opened as another type than it is (the filter is never guessed)', async () => {
    await expect(
      office.convertToPdf(DOCX, 'MS Excel 97', join(scratch, 'out-wrong-filter'), neverAborted),
    ).rejects.toBeInstanceOf(DocumentUnreadableError);
  }, 30_000);

  it('never fetches a picture the document links to (no request leaves for its address)', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const docx = join(scratch, 'linked-picture.docx');
      writeFileSync(docx, docxLinkingPicture(`http://127.0.0.1:${port}/metadata.png`));
      // The fixture is sound: the server answers, and LibreOffice opens the document.
      await fetch(`http://127.0.0.1:${port}/reachable`);
      const pdf = await office.convertToPdf(
        docx,
        'MS Word 2007 XML',
        join(scratch, 'out-linked'),
        neverAborted,
      );
      expect(existsSync(pdf)).toBe(true);
      expect(requests).toEqual(['/reachable']);
    } finally {
      server.close();
    }
  }, 30_000);

  it('runs one soffice at a time per profile', async () => {
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, sofficeRunsOnTheseProfiles())), 25);
    try {
      const outputs = await Promise.all(
        [1, 2, 3].map((n) =>
          office.convertToPdf(DOCX, 'MS Word 2007 XML', join(scratch, `out-queue-${n}`), neverAborted),
        ),
      );
      expect(outputs.every((path) => existsSync(path))).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBe(1);
  }, 60_000);

  it('kills a conversion whose job is aborted, and recreates its profile for the next one', async () => {
    const marker = join(scratch, 'profiles', 'profile-0', 'marker');
    writeFileSync(marker, 'from before the kill');
    const controller = new AbortController();
    const conversion = office.convertToPdf(
      corpus('office/excel-2007-bible_worksheet_functions.xls'),
      'MS Excel 97',
      join(scratch, 'out-aborted'),
      controller.signal,
    );
    setTimeout(() => controller.abort(), 150);
    await expect(conversion).rejects.toBeInstanceOf(ToolTimeoutError);
    expect(sofficeRunsOnTheseProfiles()).toBe(0);

    const pdf = await office.convertToPdf(
      DOCX,
      'MS Word 2007 XML',
      join(scratch, 'out-after-kill'),
      neverAborted,
    );
    expect(existsSync(pdf)).toBe(true);
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});

describe("the process's LibreOffice", () => {
  it('keeps its profiles under the temp folder by pid, and removes those of processes that ended', async () => {
    // A pid that ended: a finished child's. The worker running this test is alive.
    const ended = await runTool('sh', ['-c', 'echo $$'], { signal: neverAborted, timeoutMs: 10_000 });
    const endedProfiles = join(tmpdir(), `proofroom-libreoffice-${ended.stdout.toString().trim()}`);
    const liveProfiles = join(tmpdir(), `proofroom-libreoffice-${process.ppid}`);
    mkdirSync(join(endedProfiles, 'profile-0'), { recursive: true });
    const liveExisted = existsSync(liveProfiles);
    mkdirSync(liveProfiles, { recursive: true });
    try {
      await libreOffice.warmUp(neverAborted);
      expect(existsSync(join(tmpdir(), `proofroom-libreoffice-${process.pid}`, 'profile-0', 'user'))).toBe(
        true,
      );
      expect(existsSync(endedProfiles)).toBe(false);
      expect(existsSync(liveProfiles)).toBe(true);
    } finally {
      await libreOffice.dispose();
      if (!liveExisted) await rm(liveProfiles, { recursive: true, force: true });
    }
    expect(existsSync(join(tmpdir(), `proofroom-libreoffice-${process.pid}`))).toBe(false);
  }, 30_000);
});

/** A one-paragraph DOCX whose picture is linked (TargetMode="External"), not embedded. */
function docxLinkingPicture(url: string): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const relationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  return storedZip({
    '[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${relationships}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/_rels/document.xml.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId5" Type="${relationships}/image" Target="${url}" TargetMode="External"/></Relationships>`,
    'word/document.xml': `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="${relationships}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body><w:p><w:r><w:t>A linked picture:</w:t></w:r></w:p><w:p><w:r><w:drawing><wp:inline><wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Picture 1"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="probe.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rId5"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p></w:body></w:document>`,
  });
}

/** A zip of uncompressed entries (PKWARE APPNOTE 4.3): local headers, central directory, end record. */
function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name, 'utf8');
    const data = Buffer.from(text, 'utf8');
    const checksum = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(checksum, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
