import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeExiftool, renderPage, renderPreviews } from './index';
import type { FileType, PreviewOutcome, Renditions } from './types';

const CORPUS = join(import.meta.dirname, '../../../../shared/corpus');

let scratch: string;
let jobs = 0;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'proofroom-previews-'));
});
afterAll(async () => {
  await closeExiftool();
  await rm(scratch, { recursive: true, force: true });
});

async function render(
  file: string,
  type: FileType,
  signal = new AbortController().signal,
): Promise<PreviewOutcome> {
  const path = file.startsWith('/') ? file : join(CORPUS, file);
  return renderPreviews({ path, type, workDir: join(scratch, `job-${++jobs}`), signal });
}

async function rendered(file: string, type: FileType): Promise<Renditions> {
  const outcome = await render(file, type);
  if (!outcome.ok) throw new Error(`${file}: ${outcome.code} ${outcome.reason}`);
  return outcome.renditions;
}

async function sizeOf(image: Buffer) {
  const { width, height, format } = await sharp(image).metadata();
  return { width, height, format };
}

/** The mean colour of a picture, 0–255 per channel. */
async function meanColour(image: Buffer) {
  const { channels } = await sharp(image).stats();
  const [r, g, b] = channels.map((channel) => channel.mean);
  return { r: r!, g: g!, b: b! };
}

/** The checks every successful outcome passes: JPEG sizes within their boxes, a small placeholder. */
async function expectRenditions(
  renditions: Renditions,
  width: number,
  height: number,
  thumbnail: [number, number],
) {
  expect([renditions.width, renditions.height]).toEqual([width, height]);
  expect(await sizeOf(renditions.thumbnail)).toEqual({
    width: thumbnail[0],
    height: thumbnail[1],
    format: 'jpeg',
  });
  const preview = await sizeOf(renditions.preview);
  expect(Math.max(preview.width, preview.height)).toBeLessThanOrEqual(2048);
  expect(Math.sign(preview.width - preview.height)).toBe(Math.sign(width - height));
  expect((await sizeOf(renditions.lowRes)).format).toBe('jpeg');
  expect(renditions.lqip).toMatch(/^data:image\/webp;base64,/);
  expect(renditions.lqip.length).toBeLessThan(2048);
}

describe('JPEG', () => {
  it('shows a CMYK JPEG in natural colours (green grass, not its inverse)', async () => {
    const renditions = await rendered('jpeg/cmyk_swop-profile_500x333.jpg', 'jpeg');
    await expectRenditions(renditions, 500, 333, [400, 266]);
    const { r, g, b } = await meanColour(renditions.thumbnail);
    expect(g).toBeGreaterThan(r);
    expect(g).toBeGreaterThan(b);
  });

  it('turns pictures by their EXIF orientation', async () => {
    await expectRenditions(
      await rendered('jpeg/exif-orientation-6_landscape.jpg', 'jpeg'),
      600,
      450,
      [400, 300],
    );
    await expectRenditions(
      await rendered('jpeg/exif-orientation-6_portrait.jpg', 'jpeg'),
      450,
      600,
      [300, 400],
    );
  });

  it('shows what a truncated JPEG holds and says it is damaged', async () => {
    const renditions = await rendered('jpeg/truncated_10000bytes.jpg', 'jpeg');
    await expectRenditions(renditions, 2725, 2225, [400, 327]);
    expect(renditions.damaged).toMatch(/damaged/);
  });

  it('refuses a JPEG whose header is corrupt', async () => {
    expect(await render('jpeg/corrupt-header.jpg', 'jpeg')).toEqual({
      ok: false,
      code: 'unreadable',
      reason: 'No preview could be made of this file: it may be damaged.',
    });
  });

  it('shrinks a 280-megapixel JPEG on load and tiles it', { timeout: 60_000 }, async () => {
    const renditions = await rendered('jpeg/giant_20000x14000_grey.jpg', 'jpeg');
    await expectRenditions(renditions, 20000, 14000, [400, 280]);
    const dzi = await readFile(join(renditions.tilesDir!, 'image.dzi'), 'utf8');
    expect(dzi).toContain('Width="20000"');
    expect(existsSync(join(renditions.tilesDir!, 'image_files', '0', '0_0.jpeg'))).toBe(true);
  });
});

describe('PNG, TIFF and GIF', () => {
  it('never enlarges a tiny picture and lays its transparency on a neutral background', async () => {
    const renditions = await rendered('png/16bit-grey-alpha_109x96.png', 'png');
    await expectRenditions(renditions, 109, 96, [109, 96]);
    expect((await sharp(renditions.thumbnail).metadata()).hasAlpha).toBe(false);
  });

  it('shows page 1 of a fax TIFF, not inverted, counts its pages and reaches page 2', async () => {
    const renditions = await rendered('tiff/G31D_MULTI_2pages_fax.tif', 'tiff');
    await expectRenditions(renditions, 2464, 3248, [304, 400]);
    expect(renditions.pageCount).toBe(2);
    expect((await meanColour(renditions.thumbnail)).r).toBeGreaterThan(200);
    const input = {
      path: join(CORPUS, 'tiff/G31D_MULTI_2pages_fax.tif'),
      type: 'tiff' as const,
      workDir: scratch,
      signal: new AbortController().signal,
    };
    const second = await renderPage(input, 2);
    expect(await sizeOf(second!)).toEqual({ width: 1232, height: 1624, format: 'png' });
    expect(await renderPage(input, 3)).toBeNull();
    expect(await renderPage(input, 0)).toBeNull();
  });

  it('converts a CMYK TIFF with its FOGRA profile: red stays red', async () => {
    const renditions = await rendered('tiff/fogra-0-100-100-0_cmyk_jpeg.tif', 'tiff');
    await expectRenditions(renditions, 1000, 1000, [400, 400]);
    const { r, g, b } = await meanColour(renditions.thumbnail);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(40);
    expect(b).toBeLessThan(50);
  });

  it('reads 16-bit Adobe RGB and 16-bit CIELab TIFFs', async () => {
    await expectRenditions(
      await rendered('tiff/tifftag-photoshop_16bit_rgb.tiff', 'tiff'),
      317,
      211,
      [317, 211],
    );
    const lab = await rendered('tiff/cielab-dagams_16bit_lab.tiff', 'tiff');
    await expectRenditions(lab, 400, 266, [400, 266]);
    const { r, g, b } = await meanColour(lab.thumbnail);
    expect(g).toBeGreaterThan(r); // a green garden, not a grey or magenta cast
    expect(g).toBeGreaterThan(b);
  });

  it('keeps an animated GIF animated as its preview, its first frame as thumbnail', async () => {
    const squares = await rendered('gif/rotating-squares_30frames.gif', 'gif');
    await expectRenditions(squares, 80, 80, [80, 80]);
    expect(squares.previewContentType).toBe('image/gif');
    // The encoder merges frames that repeat, so fewer than 30 remain, but more than one.
    expect((await sharp(squares.preview, { animated: true }).metadata()).pages).toBeGreaterThan(1);
    const loop = await rendered('gif/golden-ratio_animated-loop-3_10frames.gif', 'gif');
    await expectRenditions(loop, 370, 285, [370, 285]);
    expect((await sharp(loop.preview, { animated: true }).metadata()).pages).toBeGreaterThan(1);
  });
});

describe('PSD and PSB', () => {
  it('shows the saved composite of a layered PSD and PSB', async () => {
    await expectRenditions(
      await rendered('psd/layer_effects_800x640_13layers.psd', 'psd'),
      800,
      640,
      [400, 320],
    );
    await expectRenditions(await rendered('psd/masks_640x1394_19layers.psb', 'psb'), 640, 1394, [184, 400]);
    await expectRenditions(await rendered('psd/2layers_101x55.psb', 'psb'), 101, 55, [101, 55]);
  });

  it('inks the spot channels of a CMYK document whose CMYK channels are blank (a colour wheel, not white)', async () => {
    const renditions = await rendered('psd/cmyk-spot_640x637.psd', 'psd');
    await expectRenditions(renditions, 640, 637, [400, 398]);
    const { channels } = await sharp(renditions.thumbnail).stats();
    for (const channel of channels) expect(channel.stdev).toBeGreaterThan(40);
    // The ring's left edge is blue ink, its right edge pink ink.
    const pixel = async (left: number, top: number) => [
      ...(await sharp(renditions.thumbnail).extract({ left, top, width: 1, height: 1 }).raw().toBuffer()),
    ];
    const [r1, , b1] = await pixel(20, 200);
    expect(b1).toBeGreaterThan(r1! + 60);
    const [r2, g2] = await pixel(380, 220);
    expect(r2).toBeGreaterThan(g2! + 60);
  });
});

describe('RAW', () => {
  it('shows a complete DNG landscape, decoded by LibRaw since its embedded preview is small', async () => {
    await expectRenditions(
      await rendered('raw/dng_lg-h815_complete_600x338.dng', 'dng'),
      600,
      338,
      [400, 225],
    );
  });

  it('shows the intact thumbnail of a truncated ARW, turned as the RAW says, and says it is damaged', async () => {
    const renditions = await rendered('raw/arw_sony-zv-e10_truncated-100KB.arw', 'arw');
    await expectRenditions(renditions, 120, 160, [120, 160]);
    expect(renditions.damaged).toMatch(/only the small preview/);
  });

  it.each([
    ['raw/dng_leica-m10_truncated-100KB.dng', 'dng'],
    ['raw/cr2_canon-350d_exiftool-stripped.cr2', 'cr2'],
    ['raw/crw_canon-300d_exiftool-stripped.crw', 'crw'],
    ['raw/nef_nikon-d70_exiftool-stripped.nef', 'nef'],
  ] as const)('answers unreadable for %s, never a blank frame', { timeout: 30_000 }, async (file, type) => {
    const outcome = await render(file, type);
    expect(outcome).toEqual({
      ok: false,
      code: 'unreadable',
      reason: expect.stringMatching(/RAW file holds no picture/),
    });
  });
});

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG header claiming a size, followed by a few bytes of compressed zeros. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('generated hostile files', () => {
  it('fails a pixel bomb (a PNG header claiming 100,000 × 100,000) as too large', async () => {
    const path = join(scratch, 'bomb.png');
    await writeFile(path, pngClaiming(100_000, 100_000));
    const outcome = await render(path, 'png');
    expect(outcome).toEqual({
      ok: false,
      code: 'too_large',
      reason: 'This picture is too large to make a preview of.',
    });
  });

  it('fails a ZIP handed in as a JPEG as unreadable, without crashing', async () => {
    const path = join(scratch, 'archive.jpg');
    const zip = Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(200, 7)]);
    await writeFile(path, zip);
    expect(await render(path, 'jpeg')).toMatchObject({ ok: false, code: 'unreadable' });
  });

  it('tiles a picture over 12 megapixels', { timeout: 30_000 }, async () => {
    const path = join(scratch, 'wide.png');
    await sharp({ create: { width: 5000, height: 2600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
      .png({ compressionLevel: 1 })
      .toFile(path);
    const renditions = await rendered(path, 'png');
    await expectRenditions(renditions, 5000, 2600, [400, 208]);
    expect(await readFile(join(renditions.tilesDir!, 'image.dzi'), 'utf8')).toMatch(
      /TileSize="512"[\s\S]*Height="2600"[\s\S]*Width="5000"/,
    );
  });

  it('answers timeout when the job was aborted, and an unknown failure never throws', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await render('jpeg/exif-orientation-6_portrait.jpg', 'jpeg', controller.signal)).toMatchObject({
      ok: false,
      code: 'timeout',
    });
    expect(await render(join(scratch, 'no-such-file.jpg'), 'jpeg')).toMatchObject({
      ok: false,
      code: 'unreadable',
    });
    expect(await render(join(scratch, 'no-such-file.psd'), 'psd')).toMatchObject({ ok: false });
    expect(await render(join(scratch, 'no-such-file.nef'), 'nef')).toMatchObject({ ok: false });
  });
});
