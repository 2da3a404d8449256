import { createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  constants,
  copyFile,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, StoredEntry, StoredFile } from './fileStorage';

/** Files under one root folder; the content type is kept beside each file (`<file>.type`). */
export class LocalFileStorage implements FileStorage {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.store(key, contentType, (partial) => writeFile(partial, body));
  }

  async putFile(key: string, source: string, contentType: string): Promise<void> {
    await this.store(key, contentType, async (partial) => {
      try {
        await rename(source, partial);
      } catch (error) {
        // Another file system: copy, then let go of the source.
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(source, partial);
        await rm(source, { force: true });
      }
    });
  }

  async putStream(key: string, body: Readable, contentType: string): Promise<number> {
    let size = 0;
    await this.store(key, contentType, async (partial) => {
      body.on('data', (chunk: Buffer) => (size += chunk.length));
      await pipeline(body, createWriteStream(partial));
    });
    return size;
  }

  async get(key: string, range?: { start: number; end?: number }): Promise<StoredFile | null> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const contentType = await this.typeOf(path);
    if (!range) return { body: createReadStream(path), contentType, size: info.size, range: null };
    const end = Math.min(range.end ?? info.size - 1, info.size - 1);
    return {
      body: createReadStream(path, { start: range.start, end }),
      contentType,
      size: info.size,
      range: { start: range.start, end },
    };
  }

  async head(key: string): Promise<{ size: number; contentType: string } | null> {
    const path = this.pathOf(key);
    const info = await stat(path).catch(() => null);
    return info?.isFile() ? { size: info.size, contentType: await this.typeOf(path) } : null;
  }

  async read(key: string, position: number, length: number): Promise<Buffer> {
    const file = await open(this.pathOf(key), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async move(from: string, to: string, contentType: string): Promise<void> {
    await this.putFile(to, this.pathOf(from), contentType);
    await rm(`${this.pathOf(from)}.type`, { force: true });
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await rm(path, { force: true });
    await rm(`${path}.type`, { force: true });
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    for (const key of keys) await this.delete(key);
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.pathOf(prefix), { recursive: true, force: true });
  }

  async *list(prefix: string): AsyncIterable<StoredEntry> {
    // Walk from the deepest folder the prefix names; keys below it are filtered by the whole prefix.
    const folder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const start = folder ? this.pathOf(folder) : this.root;
    for await (const path of walk(start)) {
      const key = relative(this.root, path).split(sep).join('/');
      if (!key.startsWith(prefix) || key.endsWith('.type') || key.endsWith('.partial')) continue;
      const info = await stat(path).catch(() => null);
      if (info) yield { key, size: info.size, modifiedAt: info.mtime };
    }
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  async localFile(key: string): Promise<string | null> {
    const path = this.pathOf(key);
    return (await stat(path).catch(() => null))?.isFile() ? path : null;
  }

  async link(): Promise<string | null> {
    return null;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  /** Writes through `<file>.partial` then renames, so a crash never leaves a half-written file under the real name. */
  private async store(
    key: string,
    contentType: string,
    write: (partial: string) => Promise<void>,
  ): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const partial = `${path}.partial`;
    try {
      await write(partial);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await writeFile(`${path}.type`, contentType);
    await rename(partial, path);
  }

  private typeOf(path: string): Promise<string> {
    return readFile(`${path}.type`, 'utf8').catch(() => 'application/octet-stream');
  }

  /** Keys are built by the server, but a key that would leave the root is refused all the same. */
  private pathOf(key: string): string {
    const path = resolve(join(this.root, key));
    if (!path.startsWith(this.root + sep)) throw new Error(`Storage key escapes the root: ${key}`);
    return path;
  }
}

/** Every file below `folder`, in name order (so keys come sorted, as S3 lists them). */
async function* walk(folder: string): AsyncIterable<string> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}
