import { z } from 'zod';
import { PREVIEW_STATES } from './assets';
import { paginationSchema } from './projects';

/**
 * What the viewers of a public link see of assets (projects-side §2, §5, §6; API.md Sharing):
 * the latest round only, its files through the link's own addresses, nothing about members.
 */

/** The latest round of a shared asset. Addresses are opaque and stop working with the link. */
export const sharedRoundSchema = z.object({
  id: z.number().int(),
  /** 'Round N' of the latest round; earlier rounds are never shown through a link. */
  number: z.number().int(),
  file_name: z.string(),
  /** The detected file type (jpeg, png, pdf…). */
  file_type: z.string(),
  size_in_bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Pages of a document, when known. */
  page_count: z.number().int().nullable(),
  preview_state: z.enum(PREVIEW_STATES),
  /** Why there is no preview (failed), or that the file decoded only in part (ready). */
  preview_error: z.string().nullable(),
  /** The 2048 px preview. */
  image_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  /** A tiny blurred placeholder (data URL) shown until the thumbnail arrives. */
  lqip_url: z.string().nullable(),
  /** DeepZoom descriptor for pictures over 12 megapixels, else null. */
  tiles_url: z.string().nullable(),
  /** The original file: only on a link that allows downloads, else null. */
  original_url: z.string().nullable(),
  created_at: z.string(),
});
export type SharedRound = z.infer<typeof sharedRoundSchema>;

/** An asset in a shared list (GET /shared/{shareHash}/assets). */
export const sharedAssetSchema = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  folder_id: z.number().int().nullable(),
  name: z.string(),
  kind: z.enum(['image', 'document']),
  /** The latest round's id. */
  version_id: z.number().int(),
  current_version: sharedRoundSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SharedAsset = z.infer<typeof sharedAssetSchema>;

/**
 * One shared asset (GET /shared/{shareHash}/assets/{id}) with its neighbours among the images of
 * its place, in the list's order. The latest round's comments join this answer with issue 12.
 */
export const sharedAssetDetailSchema = sharedAssetSchema.extend({
  /** The image before this asset in its place's list (newer), or null. */
  previous_image_id: z.number().int().nullable(),
  /** The image after this asset in its place's list (older), or null. */
  next_image_id: z.number().int().nullable(),
});
export type SharedAssetDetail = z.infer<typeof sharedAssetDetailSchema>;

export const sharedAssetListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  /** A folder of the link's project; absent for the project's root. */
  folder_id: z.coerce.number().int().positive().optional(),
});

export const sharedAssetListSchema = z.object({
  response: z.array(sharedAssetSchema),
  meta: z.object({ pagination: paginationSchema }),
});
