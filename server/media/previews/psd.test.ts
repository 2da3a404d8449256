import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPsd } from './psd';
import { readPsdFile } from './psdFile';
import { colourToRgb } from './psdSpotInks';
import type { PreviewOutcome } from './types';

const CORPUS = join(import.meta.dirname, '../../../../shared/corpus');

let scratch: string;
let files = 0;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'proofroom-psd-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const u16 = (value: number) => Buffer.from([value >> 8, value & 0xff]);
const u32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
};

interface SyntheticPsd {
  width: number;
  height: number;
  /** One byte value per channel, filling its plane (Photoshop stores CMYK inverted: 255 is no ink). */
  planes: number[];
  colorMode?: number;
  compression?: 0 | 1;
  large?: boolean;
  /** Image resources by id (1039 ICC profile, 1077 DisplayInfo). */
  resources?: [number, Buffer][];
}

/** A Photoshop file written by hand, byte for byte as the format specification lays it out. */
function photoshopFile({
  width,
  height,
  planes,
  colorMode = 3,
  compression = 0,
  large = false,
  resources: entries = [],
}: SyntheticPsd): Buffer {
  const header = Buffer.concat([
    Buffer.from('8BPS', 'latin1'),
    u16(large ? 2 : 1),
    Buffer.alloc(6),
    u16(planes.length),
    u32(height),
    u32(width),
    u16(8),
    u16(colorMode),
  ]);
  const resources = Buffer.concat(
    entries.map(([id, data]) =>
      Buffer.concat([
        Buffer.from('8BIM', 'latin1'),
        u16(id),
        Buffer.alloc(2),
        u32(data.length),
        data,
        Buffer.alloc(data.length % 2),
      ]),
    ),
  );
  const rows = planes.flatMap((value) => Array.from({ length: height }, () => Buffer.alloc(width, value)));
  const packed = rows.map(packBits);
  const imageData =
    compression === 0
      ? Buffer.concat(rows)
      : Buffer.concat([...packed.map((row) => (large ? u32(row.length) : u16(row.length))), ...packed]);
  return Buffer.concat([
    header,
    u32(0),
    u32(resources.length),
    resources,
    Buffer.alloc(large ? 8 : 4),
    u16(compression),
    imageData,
  ]);
}

/** PackBits of a row of one value: one literal run up to 128 bytes, repeat runs of 128 past that. */
function packBits(row: Buffer): Buffer {
  if (row.length <= 128) return Buffer.concat([Buffer.from([row.length - 1]), row]);
  const runs: Buffer[] = [];
  for (let at = 0; at < row.length; at += 128) {
    const length = Math.min(128, row.length - at);
    runs.push(Buffer.from([(257 - length) & 0xff, row[at]!]));
  }
  return Buffer.concat(runs);
}

async function renderBytes(
  bytes: Buffer,
  type: 'psd' | 'psb' = 'psd',
  imageMagickMemoryBytes?: number,
): Promise<PreviewOutcome> {
  const path = join(scratch, `file-${++files}.${type}`);
  await writeFile(path, bytes);
  return renderPsd(
    { path, type, workDir: scratch, signal: new AbortController().signal },
    imageMagickMemoryBytes,
  );
}

/** Processes whose command line names a file of this test's scratch folder (zombies not counted). */
function convertersRunningOnScratch(): number {
  return readdirSync('/proc').filter((pid) => {
    try {
      const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
      return state !== 'Z' && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(scratch);
    } catch {
      return false;
    }
  }).length;
}

async function thumbnailColour(outcome: PreviewOutcome): Promise<[number, number, number]> {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.reason}`);
  const { data } = await sharp(outcome.renditions.thumbnail).raw().toBuffer({ resolveWithObject: true });
  return [data[0]!, data[1]!, data[2]!];
}

describe('renderPsd', () => {
  it.each<[string, Partial<SyntheticPsd>]>([
    ['PSD, raw', { compression: 0 }],
    ['PSD, PackBits', { compression: 1 }],
    ['PSB, PackBits', { compression: 1, large: true }],
  ])('reads the RGB composite of a %s file and ignores its extra channels', async (_, options) => {
    // Two extra channels (a spot colour, a saved selection) that must not bleed into the pixels.
    const bytes = photoshopFile({ width: 40, height: 30, planes: [255, 0, 0, 128, 77], ...options });
    const outcome = await renderBytes(bytes, options.large ? 'psb' : 'psd');
    expect(outcome).toMatchObject({ ok: true, renditions: { width: 40, height: 30 } });
    const [r, g, b] = await thumbnailColour(outcome);
    expect(r).toBeGreaterThan(245);
    expect(g + b).toBeLessThan(10);
  });

  it('converts the composite from the document’s colour profile (Adobe RGB) to sRGB', async () => {
    const { icc } = await sharp(join(CORPUS, 'tiff/tifftag-photoshop_16bit_rgb.tiff')).metadata();
    const planes = [200, 60, 60];
    const tagged = photoshopFile({ width: 8, height: 8, planes, resources: [[1039, icc!]] });
    const [r] = await thumbnailColour(await renderBytes(tagged));
    expect(r).toBeGreaterThan(220); // Adobe RGB's red is more saturated than sRGB's
    const [untagged] = await thumbnailColour(
      await renderBytes(photoshopFile({ width: 8, height: 8, planes })),
    );
    expect(untagged).toBeLessThan(210);
  });

  it('draws a CMYK document through ImageMagick: magenta and yellow ink make red', async () => {
    const cmyk = photoshopFile({ width: 20, height: 20, planes: [255, 0, 0, 255], colorMode: 4 });
    const [r, g, b] = await thumbnailColour(await renderBytes(cmyk));
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(80);
    expect(b).toBeLessThan(80);
  });

  it('inks spot channels over the composite, as Photoshop shows them', async () => {
    // DisplayInfo: version 1, then per extra channel its colour space, four components, solidity, kind.
    const spot = (rgb: [number, number, number], solidity: number, kind: number) =>
      Buffer.concat([u16(0), ...rgb.map((c) => u16(c * 257)), u16(0), u16(solidity), Buffer.from([kind])]);
    const displayInfo = Buffer.concat([u32(1), spot([0, 120, 191], 0, 2), spot([255, 0, 0], 0, 0)]);
    // White RGB base; the blue ink printed at full strength everywhere; a red mask (kind 0) ignored.
    const planes = [255, 255, 255, 0, 0];
    for (const compression of [0, 1] as const) {
      const bytes = photoshopFile({
        width: 16,
        height: 8,
        planes,
        compression,
        resources: [[1077, displayInfo]],
      });
      const [r, g, b] = await thumbnailColour(await renderBytes(bytes));
      expect(r).toBeLessThan(10);
      expect(g).toBeGreaterThan(110);
      expect(g).toBeLessThan(130);
      expect(b).toBeGreaterThan(180);
    }
  });

  it('answers unreadable when the file ends before its composite', async () => {
    const whole = await readFile(join(CORPUS, 'psd/layer_effects_800x640_13layers.psd'));
    const { compositeOffset } = await readPsdFile(join(CORPUS, 'psd/layer_effects_800x640_13layers.psd'));
    const outcome = await renderBytes(whole.subarray(0, compositeOffset + 1));
    expect(outcome).toEqual({
      ok: false,
      code: 'unreadable',
      reason: 'This Photoshop file has no readable composite image (it may be damaged).',
    });
    const cutInsideComposite = await renderBytes(whole.subarray(0, compositeOffset + 5000));
    expect(cutInsideComposite).toMatchObject({ ok: false, code: 'unreadable' });
  });

  it('answers too_large for a header claiming 100,000 × 100,000 pixels, before reading pixels', async () => {
    const bytes = photoshopFile({ width: 1, height: 1, planes: [0, 0, 0] });
    bytes.writeUInt32BE(100_000, 14);
    bytes.writeUInt32BE(100_000, 18);
    expect(await renderBytes(bytes)).toMatchObject({ ok: false, code: 'too_large' });
  });

  it('stops ImageMagick at its memory limit at once: too_large, and no converter left running', async () => {
    // 4000 × 4000 CMYK: a 128 MB pixel cache, past the 4 + 8 MiB of memory and map and the 64 MiB
    // of disk a 16 MiB limit gives ImageMagick; under the default limit it fits in memory.
    const cmyk = photoshopFile({
      width: 4000,
      height: 4000,
      planes: [255, 0, 0, 255],
      colorMode: 4,
      compression: 1,
    });
    const started = Date.now();
    expect(await renderBytes(cmyk, 'psd', 16 * 1024 * 1024)).toEqual({
      ok: false,
      code: 'too_large',
      reason: 'This picture is too large to make a preview of.',
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(convertersRunningOnScratch()).toBe(0);
  });

  it('answers unreadable for a file that is no Photoshop file', async () => {
    expect(await renderBytes(Buffer.from('8BPX not really'))).toMatchObject({
      ok: false,
      code: 'unreadable',
    });
  });

  it('reads Photoshop colour records: RGB, inverted CMYK, Lab and grey', () => {
    expect(colourToRgb(0, [65535, 32896, 0, 0])).toEqual([255, 128, 0]);
    expect(colourToRgb(2, [65535, 0, 0, 65535])).toEqual([255, 0, 0]); // magenta and yellow inks
    const grey = colourToRgb(7, [5000, 0, 0, 0])!;
    for (const channel of grey) expect(channel).toBeCloseTo(119, -1);
    expect(colourToRgb(8, [10000, 0, 0, 0])).toEqual([0, 0, 0]);
    expect(colourToRgb(99, [0, 0, 0, 0])).toBeNull();
  });
});
