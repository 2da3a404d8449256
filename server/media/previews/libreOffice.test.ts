import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentUnreadableError, LibreOffice } from './libreOffice';
import { ToolTimeoutError } from './processes';

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
