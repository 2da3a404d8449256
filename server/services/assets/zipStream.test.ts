import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { zipStream, type ZipEntry, type ZipFile } from './zipStream';

const dir = mkdtempSync(join(tmpdir(), 'zipstream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MODIFIED = new Date('2026-11-21T10:00:00Z');
const PICTURE = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
const TEXT = Buffer.from('Proofroom notes, line after line.\n'.repeat(2000));

function file(name: string, bytes: Buffer, level = 0): ZipFile {
  return {
    name,
    modified: MODIFIED,
    level,
    open: async () => ({ body: Readable.from([bytes]), size: bytes.length }),
  };
}

async function writeZip(name: string, entries: ZipEntry[], options = {}): Promise<string> {
  const path = join(dir, name);
  await pipeline(zipStream(entries, options), createWriteStream(path));
  return path;
}

const run = (command: string, args: string[]) => execFileSync(command, args, { encoding: 'utf8' });

describe('a zip written as it is read', () => {
  const entries = (): ZipEntry[] => [
    file('Été à Kyoto 01.jpg', PICTURE),
    file('notes.txt', TEXT, 6),
    { name: 'Shoot 北京/', modified: MODIFIED },
    file('Shoot 北京/hero.png', PICTURE),
  ];

  it('is read by Info-ZIP: stored pictures, deflated text, a directory, UTF-8 names, the bytes intact', async () => {
    const path = await writeZip('plain.zip', entries());
    expect(run('unzip', ['-t', path])).toContain('No errors detected');
    const listing = run('zipinfo', [path]);
    expect(listing).toMatch(/300000 bX stor 26-Nov-21 10:00 Été à Kyoto 01\.jpg/);
    expect(listing).toMatch(/68000 bX defN .* notes\.txt/);
    expect(listing).toMatch(/^drwxr-xr-x .* Shoot 北京\/$/m);
    expect(run('zipinfo', ['-1', path]).trim().split('\n')).toEqual([
      'Été à Kyoto 01.jpg',
      'notes.txt',
      'Shoot 北京/',
      'Shoot 北京/hero.png',
    ]);
    const out = join(dir, 'plain');
    run('unzip', ['-q', path, '-d', out]);
    expect(readFileSync(join(out, 'Été à Kyoto 01.jpg')).equals(PICTURE)).toBe(true);
    expect(readFileSync(join(out, 'notes.txt')).equals(TEXT)).toBe(true);
    expect(readFileSync(join(out, 'Shoot 北京/hero.png')).equals(PICTURE)).toBe(true);
    // No ZIP64 record in a small archive.
    expect(readFileSync(path).includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(false);
  });

  it('writes the ZIP64 records (forced here; past 4 GiB for real) that Info-ZIP reads back', async () => {
    const path = await writeZip('zip64.zip', entries(), { forceZip64: true });
    expect(run('unzip', ['-t', path])).toContain('No errors detected');
    const details = run('zipinfo', ['-v', path]);
    expect(details.match(/PKWARE 64-bit sizes/g)).toHaveLength(4);
    expect(details).toContain('minimum software version required to extract:   4.5');
    const bytes = readFileSync(path);
    const record = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]));
    const locator = bytes.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]));
    expect(record).toBeGreaterThan(0);
    // The locator points at the ZIP64 end record, and the classic end record defers to both.
    expect(Number(bytes.readBigUInt64LE(locator + 8))).toBe(record);
    const end = bytes.subarray(bytes.length - 22);
    expect(end.readUInt16LE(10)).toBe(0xffff);
    expect(end.readUInt32LE(16)).toBe(0xffffffff);
    expect(Number(bytes.readBigUInt64LE(record + 32))).toBe(4);
    const out = join(dir, 'zip64');
    run('unzip', ['-q', path, '-d', out]);
    expect(readFileSync(join(out, 'notes.txt')).equals(TEXT)).toBe(true);
  });

  it('leaves out a file that is gone', async () => {
    const gone: ZipFile = { name: 'gone.jpg', modified: MODIFIED, level: 0, open: async () => null };
    const path = await writeZip('gone.zip', [file('a.jpg', PICTURE), gone, file('b.jpg', PICTURE)]);
    expect(run('zipinfo', ['-1', path]).trim().split('\n')).toEqual(['a.jpg', 'b.jpg']);
    expect(run('unzip', ['-t', path])).toContain('No errors detected');
  });

  it('closes the open file and opens no other when the reader goes away', async () => {
    const opened: Readable[] = [];
    const endless = (name: string): ZipFile => ({
      name,
      modified: MODIFIED,
      level: 0,
      open: async () => {
        const body = new Readable({ read: () => void body.push(Buffer.alloc(65536, 1)) });
        opened.push(body);
        return { body, size: 10 * 1024 ** 3 };
      },
    });
    const zip = zipStream([endless('one.bin'), endless('two.bin'), endless('three.bin')]);
    let received = 0;
    for await (const chunk of zip as AsyncIterable<Buffer>) {
      received += chunk.length;
      if (received > 5 * 1024 * 1024) break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.destroyed).toBe(true);
  });

  it('fails, rather than end a broken archive, when a file fails mid-way', async () => {
    const failing: ZipFile = {
      name: 'bad.jpg',
      modified: MODIFIED,
      level: 0,
      open: async () => {
        const body = new Readable({ read: () => body.destroy(new Error('disk gone')) });
        return { body, size: 1000 };
      },
    };
    await expect(writeZip('bad.zip', [failing])).rejects.toThrow('disk gone');
  });
});
