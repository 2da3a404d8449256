import { z } from 'zod';
import { assetRoundSchema, assetSchema } from './assets';
import { replySchema } from './comments';
import { paginationSchema } from './projects';

/**
 * What the viewers of a public link see of assets (projects-side §2, §5, §6; API.md Sharing):
 * the latest round only, its files through the link's own addresses, nothing about members.
 */

/**
 * The latest round of a shared asset: a member's round without the uploader or anything else
 * about members. Addresses are opaque and stop working with the link; `number` is 'Round N' of
 * the latest round (earlier rounds are never shown through a link). Picked, not omitted: a field
 * added for members stays off public links until it is chosen here. `original_url` is picked and
 * then replaced so that it keeps its place in the answer, as `current_version` is below.
 */
export const sharedRoundSchema = assetRoundSchema
  .pick({
    id: true,
    number: true,
    file_name: true,
    file_type: true,
    size_in_bytes: true,
    width: true,
    height: true,
    page_count: true,
    page_url_template: true,
    preview_state: true,
    preview_error: true,
    image_url: true,
    thumbnail_url: true,
    lqip_url: true,
    tiles_url: true,
    original_url: true,
    created_at: true,
  })
  .extend({
    /** The original file: only on a link that allows downloads, else null. */
    original_url: z.string().nullable(),
  });
export type SharedRound = z.infer<typeof sharedRoundSchema>;

/** An asset in a shared list (GET /shared/{shareHash}/assets). */
export const sharedAssetSchema = assetSchema
  .pick({
    id: true,
    project_id: true,
    folder_id: true,
    name: true,
    kind: true,
    version_id: true,
    current_version: true,
    created_at: true,
    updated_at: true,
  })
  .extend({ current_version: sharedRoundSchema });
export type SharedAsset = z.infer<typeof sharedAssetSchema>;

/**
 * A comment or reply of the latest round as a link's viewers read it: the author's name only,
 * mentions written out as '@Name' (no member ids), no attached files (those are the members'),
 * nothing the viewer could act on.
 */
export const sharedReplySchema = replySchema
  .pick({
    id: true,
    parent_id: true,
    text: true,
    created_at: true,
    completed_at: true,
    markup_number: true,
    markup: true,
    page: true,
    is_edited: true,
    global_comment: true,
  })
  .extend({
    /** The author's name; `is_guest` marks a guest of a review link. */
    author: z.object({ name: z.string(), is_guest: z.boolean() }),
  });
export type SharedReply = z.infer<typeof sharedReplySchema>;
export const sharedCommentSchema = sharedReplySchema.extend({ replies: z.array(sharedReplySchema) });
export type SharedComment = z.infer<typeof sharedCommentSchema>;

/**
 * One shared asset (GET /shared/{shareHash}/assets/{id}) with its neighbours among the images of
 * its place, in the list's order, and the comments of its latest round (API.md Sharing).
 */
export const sharedAssetDetailSchema = sharedAssetSchema.extend({
  /** The image before this asset in its place's list (newer), or null. */
  previous_image_id: z.number().int().nullable(),
  /** The image after this asset in its place's list (older), or null. */
  next_image_id: z.number().int().nullable(),
  /** The latest round's comments with their replies, the oldest first. */
  comments: z.array(sharedCommentSchema),
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
