import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { FileStorage } from './fileStorage';

/** Files under one root folder; the content type is kept beside each file. */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a crash never leaves a half-written file under the real name.
    const partial = `${path}.partial`;
    await writeFile(partial, body);
    await writeFile(`${path}.type`, contentType);
    await rename(partial, path);
  }

  async putFile(key: string, source: string, contentType: string): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.partial`;
    try {
      await rename(source, partial);
    } catch (error) {
      // Another file system: copy, then let go of the source.
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await copyFile(source, partial);
      await rm(source, { force: true });
    }
    await writeFile(`${path}.type`, contentType);
    await rename(partial, path);
  }

  async get(key: string) {
    const path = this.pathOf(key);
    try {
      const info = await stat(path);
      const contentType = await readFile(`${path}.type`, 'utf8').catch(() => 'application/octet-stream');
      return { body: createReadStream(path), contentType, size: info.size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  /** Keys are built by the server, but a key that would leave the root is refused all the same. */
  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return path;
  }
}
