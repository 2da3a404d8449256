import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { largestDecodableImage, readXmpPreviews } from './xmpThumbnails';

const corpus = (path: string) => fileURLToPath(new URL(`../../../../shared/corpus/${path}`, import.meta.url));
const neverAborted = new AbortController().signal;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'xmp-test-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c04020' } })
    .jpeg()
    .toBuffer();

/** Base64 the way XMP writers wrap it: 76 characters a line, joined by `&#xA;`. */
const xmpBase64 = (bytes: Buffer) =>
  bytes
    .toString('base64')
    .match(/.{1,76}/g)!
    .join('&#xA;');

describe('readXmpPreviews', () => {
  it('recovers the thumbnail of a truncated Illustrator file', async () => {
    const { images, pageCount } = await readXmpPreviews(
      corpus('ai/illustrator_truncated-41KB.ai'),
      neverAborted,
    );
    expect(images).toHaveLength(1);
    expect(pageCount).toBe(1);
    expect(await sharp(images[0]).metadata()).toMatchObject({ format: 'jpeg', width: 256, height: 152 });
  });

  it('finds nothing in the corpus InDesign files (saved without previews)', async () => {
    for (const file of ['indd/indesign-2020_no-preview.indd', 'indd/indesign-3_exiftool-stripped.indd']) {
      expect((await readXmpPreviews(corpus(file), neverAborted)).images).toEqual([]);
    }
  });

  it('finds a preview whose tag and data straddle the 1 MiB read chunks, in both XMP forms', async () => {
    const big = await jpeg(900, 600);
    const small = await jpeg(90, 60);
    const mebibyte = 1024 * 1024;
    // The first start tag is cut by the first chunk's end; the second image's data by the second's.
    const first = Buffer.from(
      `<xmpGImg:image>${xmpBase64(big)}</xmpGImg:image> <xmpTPg:NPages>4</xmpTPg:NPages>`,
    );
    const secondStart = 2 * mebibyte - 100;
    const path = join(scratch, 'straddling.indd');
    writeFileSync(
      path,
      Buffer.concat([
        Buffer.alloc(mebibyte - 7, 0x20),
        first,
        Buffer.alloc(secondStart - (mebibyte - 7) - first.length - 30, 0x20),
        Buffer.from(`<rdf:li xmpGImg:image="${xmpBase64(small)}"/>`),
      ]),
    );
    const { images, pageCount } = await readXmpPreviews(path, neverAborted);
    expect(images).toHaveLength(2);
    expect(images[0]!.equals(big)).toBe(true);
    expect(images[1]!.equals(small)).toBe(true);
    expect(pageCount).toBe(4);
  });

  it('skips data that is not a JPEG, and stops when the job is aborted', async () => {
    const path = join(scratch, 'not-jpeg.indd');
    writeFileSync(path, `<xmpGImg:image>${Buffer.from('GIF89a…').toString('base64')}</xmpGImg:image>`);
    expect((await readXmpPreviews(path, neverAborted)).images).toEqual([]);
    await expect(readXmpPreviews(path, AbortSignal.abort())).rejects.toThrow();
  });
});

describe('largestDecodableImage', () => {
  it('picks the largest picture that decodes whole, the first of equal ones', async () => {
    const large = await jpeg(800, 600);
    const truncated = (await jpeg(2000, 1500)).subarray(0, 600);
    const sameSize = await jpeg(600, 800);
    expect(await largestDecodableImage([await jpeg(80, 60), truncated, large, sameSize])).toBe(large);
    expect(await largestDecodableImage([truncated])).toBeNull();
  });
});
