import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A plain-text file of `bytes` bytes (text, so that the content check takes it). */
export async function writeTextFile(path: string, bytes: number): Promise<void> {
  const line = Buffer.from('Proofroom upload benchmark line of plain text, 64 bytes long...\n');
  const block = Buffer.concat(Array.from({ length: 16384 }, () => line)); // 1 MiB
  const blocks = Math.ceil(bytes / block.length);
  await pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < blocks; i++)
          yield i === blocks - 1 ? block.subarray(0, bytes - i * block.length) : block;
      })(),
    ),
    createWriteStream(path),
  );
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
