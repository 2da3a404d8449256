import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PreviewError } from './previewError';
import { renditionsFromImage } from './renditions';

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'proofroom-renditions-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

/** 120 × 80, red in its top-left quarter and blue elsewhere, tagged with an EXIF orientation. */
async function markedPicture(orientation: number): Promise<Buffer> {
  const red = await sharp({ create: { width: 60, height: 40, channels: 3, background: 'red' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 120, height: 80, channels: 3, background: 'blue' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .jpeg({ quality: 100 })
    .withMetadata({ orientation })
    .toBuffer();
}

/** Which quarter (0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right) is the reddest. */
async function reddestQuarter(image: Buffer): Promise<number> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const red = [0, 0, 0, 0];
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const quarter = (y < info.height / 2 ? 0 : 2) + (x < info.width / 2 ? 0 : 1);
      red[quarter]! += data[(y * info.width + x) * info.channels]!;
    }
  }
  return red.indexOf(Math.max(...red));
}

describe('renditionsFromImage', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('turns EXIF orientation %i as a viewer does', async (orientation) => {
    const picture = await markedPicture(orientation);
    const expected = await sharp(picture).autoOrient().png().toBuffer();
    const renditions = await renditionsFromImage(picture, { workDir });
    const upright = await sharp(expected).metadata();
    expect([renditions.width, renditions.height]).toEqual([upright.width, upright.height]);
    const thumbnail = await sharp(renditions.thumbnail).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([upright.width, upright.height]);
    expect(await reddestQuarter(renditions.thumbnail)).toBe(await reddestQuarter(expected));
    expect(await reddestQuarter(renditions.preview)).toBe(await reddestQuarter(expected));
  });

  it('applies an orientation given by the caller instead of the picture’s own', async () => {
    const picture = await markedPicture(1);
    const renditions = await renditionsFromImage(picture, { workDir, orientation: 6 });
    expect([renditions.width, renditions.height]).toEqual([80, 120]);
    expect(await reddestQuarter(renditions.thumbnail)).toBe(1); // turned clockwise: top-left goes top-right
  });

  it(
    'fits each size in its box, keeps the placeholder under 2 kB and counts the pages given',
    { timeout: 20_000 },
    async () => {
      const noisy = await sharp(randomBytes(3000 * 1000 * 3), {
        raw: { width: 3000, height: 1000, channels: 3 },
      })
        .jpeg()
        .toBuffer();
      const renditions = await renditionsFromImage(noisy, { workDir, pageCount: 7 });
      expect(renditions.pageCount).toBe(7);
      expect(await sharp(renditions.thumbnail).metadata()).toMatchObject({ width: 400, height: 133 });
      expect(await sharp(renditions.preview).metadata()).toMatchObject({
        width: 2048,
        height: 683,
        format: 'jpeg',
      });
      expect(await sharp(renditions.lowRes).metadata()).toMatchObject({
        width: 2048,
        height: 683,
        format: 'jpeg',
      });
      expect(renditions.lowRes.length).toBeLessThan(renditions.preview.length);
      expect(renditions.lqip.length).toBeLessThan(2048);
      expect(renditions.tilesDir).toBeUndefined();
    },
  );

  it('flattens transparency on a neutral light grey', async () => {
    const clear = await sharp({
      create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const renditions = await renditionsFromImage(clear, { workDir });
    const { channels } = await sharp(renditions.thumbnail).stats();
    for (const channel of channels) expect(channel.mean).toBeCloseTo(240, -1);
  });

  it('throws PreviewError: unreadable for bytes that are no picture, timeout for an aborted job', async () => {
    const garbage = renditionsFromImage(Buffer.from('not a picture at all'), { workDir });
    await expect(garbage).rejects.toBeInstanceOf(PreviewError);
    await expect(garbage).rejects.toMatchObject({ code: 'unreadable' });
    const controller = new AbortController();
    controller.abort();
    const picture = await markedPicture(1);
    await expect(renditionsFromImage(picture, { workDir, signal: controller.signal })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('keeps an animation as a GIF preview only when asked, the first frame as thumbnail', async () => {
    const frame = (colour: string) =>
      sharp({ create: { width: 30, height: 20, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const animation = await sharp(await Promise.all(['red', 'lime', 'blue'].map(frame)), {
      join: { animated: true },
    })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    const still = await renditionsFromImage(animation, { workDir });
    expect(still.previewContentType).toBe('image/jpeg');
    const moving = await renditionsFromImage(animation, { workDir, animated: true });
    expect(moving.previewContentType).toBe('image/gif');
    expect([moving.width, moving.height]).toEqual([30, 20]);
    expect(await sharp(moving.preview, { animated: true }).metadata()).toMatchObject({
      pages: 3,
      pageHeight: 20,
    });
    const { channels } = await sharp(moving.thumbnail).stats();
    expect(channels[0]!.mean).toBeGreaterThan(200); // the red first frame
  });
});
