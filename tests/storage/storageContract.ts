import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import type { FileStorage } from '@server/adapters/storage/fileStorage';

/**
 * What every FileStorage does, run against each adapter over its real counterpart (a folder; Ceph's
 * RADOS Gateway): `open` answers a new, empty store.
 */
export function describeStorageContract(name: string, open: () => Promise<FileStorage>) {
  describe(`${name}: the storage contract`, () => {
    const scratch = () => mkdtempSync(join(tmpdir(), 'proofroom-contract-'));

    it('stores, reads whole and in ranges, heads and deletes a file', async () => {
      const storage = await open();
      await storage.put('a/b/file.txt', Buffer.from('0123456789'), 'text/plain');
      const whole = await storage.get('a/b/file.txt');
      expect(whole).toMatchObject({ contentType: 'text/plain', size: 10, range: null });
      expect(await text(whole!.body)).toBe('0123456789');
      const part = await storage.get('a/b/file.txt', { start: 2, end: 5 });
      expect(part).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
      expect(await text(part!.body)).toBe('2345');
      const tail = await storage.get('a/b/file.txt', { start: 7 });
      expect(tail!.range).toEqual({ start: 7, end: 9 });
      expect(await text(tail!.body)).toBe('789');
      expect(await storage.head('a/b/file.txt')).toEqual({ size: 10, contentType: 'text/plain' });
      expect((await storage.read('a/b/file.txt', 8, 100)).toString()).toBe('89');
      expect((await storage.read('a/b/file.txt', 20, 4)).length).toBe(0);
      await storage.delete('a/b/file.txt');
      expect(await storage.get('a/b/file.txt')).toBeNull();
      expect(await storage.head('a/b/file.txt')).toBeNull();
      await storage.delete('a/b/file.txt');
    });

    it('takes a file from disk, and streams of unknown length, leaving nothing behind when one fails', async () => {
      const storage = await open();
      const path = join(scratch(), 'upload');
      const bytes = Buffer.alloc(3 * 1024 * 1024 + 17, 7);
      writeFileSync(path, bytes);
      await storage.putFile('originals/one', path, 'image/png');
      expect(existsSync(path)).toBe(false);
      expect(await storage.head('originals/one')).toEqual({ size: bytes.length, contentType: 'image/png' });

      const chunks = [Buffer.alloc(20 * 1024 * 1024, 1), Buffer.alloc(5, 2)];
      expect(await storage.putStream('zips/whole', Readable.from(chunks), 'application/zip')).toBe(
        20 * 1024 * 1024 + 5,
      );
      expect((await storage.read('zips/whole', 20 * 1024 * 1024, 10)).toString('hex')).toBe('0202020202');

      async function* failing() {
        yield Buffer.alloc(17 * 1024 * 1024, 3);
        throw new Error('the zip could not be built');
      }
      await expect(
        storage.putStream('zips/broken', Readable.from(failing()), 'application/zip'),
      ).rejects.toThrow();
      expect(await storage.head('zips/broken')).toBeNull();
      const left = [];
      for await (const entry of storage.list('zips/')) left.push(entry.key);
      expect(left).toEqual(['zips/whole']);
    });

    it('moves a file to a new key, lists by prefix page after page, and deletes in batches', async () => {
      const storage = await open();
      await storage.put('uploads/u1', Buffer.from('bytes'), 'application/octet-stream');
      await storage.move('uploads/u1', 'originals/moved', 'image/jpeg');
      expect(await storage.head('uploads/u1')).toBeNull();
      expect(await storage.head('originals/moved')).toEqual({ size: 5, contentType: 'image/jpeg' });

      const keys = Array.from(
        { length: 1105 },
        (_, i) => `renditions/7/tiles/${String(i).padStart(4, '0')}.jpg`,
      );
      for (let at = 0; at < keys.length; at += 50)
        await Promise.all(
          keys.slice(at, at + 50).map((key) => storage.put(key, Buffer.from(key), 'image/jpeg')),
        );
      await storage.put('renditions/70/thumbnail', Buffer.from('x'), 'image/jpeg');
      const listed = [];
      for await (const entry of storage.list('renditions/7/')) listed.push(entry);
      expect(listed.map((e) => e.key).sort()).toEqual(keys);
      expect(listed[0]).toMatchObject({ size: keys[0]!.length });
      expect(listed[0]!.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 3_600_000);

      await storage.deletePrefix('renditions/7');
      expect(await storage.head(keys[1104]!)).toBeNull();
      expect(await storage.head('renditions/70/thumbnail')).not.toBeNull();
      await storage.deleteMany(['renditions/70/thumbnail', 'originals/moved', 'originals/never-there']);
      const rest = [];
      for await (const entry of storage.list('')) rest.push(entry.key);
      expect(rest).toEqual([]);
    });

    it('hands converters a local file: the stored one on a disk, else a copy where asked', async () => {
      const storage = await open();
      await storage.put('originals/doc', Buffer.from('%PDF-1.4'), 'application/pdf');
      const scratch = mkdtempSync(join(tmpdir(), 'contract-scratch-'));
      try {
        const copyAt = join(scratch, 'original');
        const path = await storage.localFile('originals/doc', copyAt);
        expect(readFileSync(path!, 'utf8')).toBe('%PDF-1.4');
        // A local disk hands the stored file itself and writes no copy; a store far away copies.
        const local = storage.localPath('originals/doc');
        expect(path).toBe(local ?? copyAt);
        expect(existsSync(copyAt)).toBe(local === null);
        expect(await storage.localFile('originals/none', join(scratch, 'none'))).toBeNull();
        expect(existsSync(join(scratch, 'none'))).toBe(false);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    });

    it('answers whether it can be reached', async () => {
      const storage = await open();
      await expect(storage.check()).resolves.toBeUndefined();
    });
  });
}
