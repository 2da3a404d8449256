import { z } from 'zod';
import { ITEM_SIZE_DEFAULT } from './projects';

/**
 * The asset lists' wire format (projects-side §3, §7, §9): GET /projects/{id}/assets and
 * /folders/{id}/assets, their sort, filters and pages, the manual order, and each user's view
 * options of asset lists.
 */

/** A page of an asset list holds this many (§9: default list page size). */
export const ASSETS_PAGE_SIZE = 100;

/**
 * The sort options of §9, by request value. What ascending means for each: names A to Z (case
 * and accents as in the name key, compared code point by code point, so both databases agree),
 * the oldest activity or upload first, the lowest round number first, file types A to Z,
 * approved before pending, unresolved comments fewest first, the manual order as set. Priority
 * ascending puts flagged assets first, the most recently flagged first, then the rest by the
 * most recent activity. Descending reverses each exactly; ties are broken by id either way.
 */
export const ASSET_SORTS = [
  { value: 'file_name', label: 'File Name' },
  { value: 'recent_activity', label: 'Recent Activity' },
  { value: 'round_number', label: 'Round Number' },
  { value: 'file_type', label: 'File Type' },
  { value: 'approved', label: 'Approved' },
  { value: 'priority', label: 'Priority' },
  { value: 'unresolved_comments', label: 'Unresolved Comments' },
  { value: 'manual', label: 'Manual' },
  { value: 'date_uploaded', label: 'Date Uploaded' },
] as const;
export type AssetSort = (typeof ASSET_SORTS)[number]['value'];
export const ASSET_SORT_VALUES = ASSET_SORTS.map((s) => s.value) as [AssetSort, ...AssetSort[]];
/** §3: the view options sort by rush priority, ascending, unless the user chose otherwise. */
export const ASSET_SORT_DEFAULT: AssetSort = 'priority';

export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** Longest `filters` text taken; longer is refused before it is parsed. */
export const ASSET_FILTERS_MAX_LENGTH = 2000;
/** Labels or file types one filter may name. */
const FILTER_LIST_MAX = 50;

export const ASSET_LIST_TEXTS = {
  filtersTooLong: `Filters should be up to ${ASSET_FILTERS_MAX_LENGTH} characters long.`,
  filtersNotJson: 'Filters should be valid JSON, e.g. {"approve":"confirmed","priority":true}.',
  /** A filter that is JSON but not one of the asset filters, naming the field when there is one. */
  filtersInvalid: (field: string, problem: string) => `Filters: ${field ? `${field}: ` : ''}${problem}.`,
} as const;

/** The asset filters, all optional and combined with "and"; false or an empty list filters nothing. */
export const assetFiltersSchema = z
  .object({
    /** 'confirmed': approved assets only; 'pending': those not approved. */
    approve: z.enum(['confirmed', 'pending']).optional(),
    /** Assets flagged rush priority. */
    priority: z.boolean().optional(),
    /** Assets with at least one unresolved comment. */
    unresolved_comments: z.boolean().optional(),
    /** Assets bearing any of these labels. */
    label_ids: z.array(z.number().int().positive()).max(FILTER_LIST_MAX).optional(),
    kind: z.enum(['image', 'document']).optional(),
    /** Assets whose current round is of any of these detected types ('jpeg', 'pdf', …). */
    file_types: z
      .array(
        z
          .string()
          .max(10)
          .regex(/^[a-z0-9]{1,10}$/, { error: 'a file type is lower-case letters and digits' }),
      )
      .max(FILTER_LIST_MAX)
      .optional(),
    /** Assets with a 'new' mark for the caller: new to them, or a round, name or label they have not seen. */
    new_for_me: z.boolean().optional(),
    /** 'changes_requested': assets whose current round has at least one reviewer's 'Changes requested'. */
    decision: z.enum(['changes_requested']).optional(),
  })
  .strict();
export type AssetFilters = z.infer<typeof assetFiltersSchema>;

/** Query of the asset lists. `filters` is JSON text of assetFiltersSchema. */
export const assetListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort_by: z.enum(ASSET_SORT_VALUES).default(ASSET_SORT_DEFAULT),
  sort_order: z.enum(SORT_ORDERS).default('asc'),
  filters: z.string().max(ASSET_FILTERS_MAX_LENGTH, { error: ASSET_LIST_TEXTS.filtersTooLong }).optional(),
});
export type AssetListQuery = z.input<typeof assetListQuerySchema>;

/** Ids one manual order may place: a folder of 10,000 in one call. */
export const ASSET_ORDER_IDS_MAX = 10_000;

/**
 * PATCH /projects/{id}/set_assets_order. `asset_ids` are the assets as the user now sees them,
 * the top of the list first, in a list sorted by hand in the direction `order`. They go to the
 * top of that list in this order; the project's other assets keep their order after them.
 */
export const assetsOrderSchema = z.object({
  asset_ids: z.array(z.number().int().positive()).min(1).max(ASSET_ORDER_IDS_MAX),
  order: z.enum(SORT_ORDERS).default('asc'),
});
export type AssetsOrderRequest = z.input<typeof assetsOrderSchema>;

/** View options of the asset lists (§3), kept per user on the server. */
export const assetsViewOptionsSchema = z.object({
  view: z.enum(['grid', 'list']).default('grid'),
  sort: z.enum(ASSET_SORT_VALUES).default(ASSET_SORT_DEFAULT),
  sort_ascending: z.boolean().default(true),
  filter: assetFiltersSchema.default({}),
  item_size: z.number().int().min(0).max(100).default(ITEM_SIZE_DEFAULT),
});
export type AssetsViewOptions = z.infer<typeof assetsViewOptionsSchema>;

/** PATCH /users/me/assets_view_options: the options to change; the others stay as they were. */
export const assetsViewOptionsChangeSchema = z
  .object({
    view: z.enum(['grid', 'list']),
    sort: z.enum(ASSET_SORT_VALUES),
    sort_ascending: z.boolean(),
    filter: assetFiltersSchema,
    item_size: z.number().int().min(0).max(100),
  })
  .partial()
  .strict();
export type AssetsViewOptionsChange = z.infer<typeof assetsViewOptionsChangeSchema>;
