import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { atMost, ByteCounter } from './byteCounter';

/** Streams `chunks` through `counter`, answering what came out. */
async function run(counter: ByteCounter, chunks: Buffer[]): Promise<number> {
  let out = 0;
  await pipeline(
    Readable.from(chunks),
    counter,
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.length;
        done();
      },
    }),
  );
  return out;
}

const chunks = (...sizes: number[]) => sizes.map((n) => Buffer.alloc(n));

describe('ByteCounter', () => {
  it('lets bytes through up to the allowance without asking for more', async () => {
    const asked: number[] = [];
    const counter = new ByteCounter({ allowed: 10, more: async (n) => (asked.push(n), n) });
    expect(await run(counter, chunks(4, 6))).toBe(10);
    expect(counter.bytes).toBe(10);
    expect(asked).toEqual([]);
  });

  it('asks for more as the bytes pass the allowance, once per step granted', async () => {
    const asked: number[] = [];
    const counter = new ByteCounter({ allowed: 0, more: async (n) => (asked.push(n), n + 10) });
    expect(await run(counter, chunks(5, 5, 5, 20))).toBe(35);
    expect(asked).toEqual([5, 35]);
  });

  it('stops the stream with the refusal, before the byte past the allowance goes on', async () => {
    const refusal = new Error('full');
    const counter = new ByteCounter(atMost(8, () => refusal));
    let out = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.length;
        done();
      },
    });
    await expect(pipeline(Readable.from(chunks(4, 4, 1, 100)), counter, sink)).rejects.toBe(refusal);
    expect(out).toBe(8);
  });

  it('refuses when more answers less than the bytes that came', async () => {
    const counter = new ByteCounter({ allowed: 2, more: async () => 3 });
    await expect(run(counter, chunks(2, 5))).rejects.toThrow(/Allowed 3 bytes, got 7/);
  });
});
