import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

  /** Keys are built by the server, but a key that would leave the root is refused all the same. */
  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return path;
  }
}
