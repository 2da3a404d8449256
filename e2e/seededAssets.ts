import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { AppContext } from '@server/context';
import { landscape } from './landscapes';

/**
 * Thumbnails for assets written straight to the database (tests/api/assetSeeds.ts): `count`
 * landscapes stored as a round's thumbnail (400×300 JPEG) with their blurred placeholders, for
 * grids of hundreds or thousands of assets that show real pictures without uploading each.
 */
export async function storeThumbnails(
  ctx: Pick<AppContext, 'storage'>,
  count: number,
): Promise<{ key: string; lqip: string }[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const picture = sharp(await landscape(n));
      const [thumbnail, tiny] = await Promise.all([
        picture.clone().resize(400, 300).jpeg({ quality: 80 }).toBuffer(),
        picture.clone().resize(24, 18).blur(0.6).webp({ quality: 35 }).toBuffer(),
      ]);
      // The address serves a round's renditions from `renditions/<token>/`.
      const key = `renditions/${randomBytes(8).toString('hex')}/thumbnail`;
      await ctx.storage.put(key, thumbnail, 'image/jpeg');
      return { key, lqip: `data:image/webp;base64,${tiny.toString('base64')}` };
    }),
  );
}
