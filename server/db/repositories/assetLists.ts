import { PostgresAdapter, sql, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { AssetFilters, AssetSort, SortOrder } from '@common/api/assetLists';
import type { Db } from '../database';
import type { Database } from '../schema';
import { placeKeyOf, type AssetRow } from './assets';

/** Which assets a list holds: one place (a project's root or one folder), filtered for one user. */
export interface AssetListing {
  projectId: number;
  folderId: number | null;
  userId: number;
  filters: AssetFilters;
}

/** Queries over the assets as `a`, with whatever else they join. */
type OverAssets = Database & { a: Database['assets'] };

/** Where assets never placed by hand go in the manual order: after every placed one. */
export const UNPLACED = 2147483647;
/** Positions stay within ± this, so that new ones always fit a PostgreSQL integer below UNPLACED. */
const POSITION_BOUND = 2 ** 30;
/** Rows one positioning statement writes. */
const WRITE_CHUNK = 1000;

/**
 * The asset lists: one place's assets, filtered, in a sort of §9, a page at a time, each sort read
 * in the order of its index (migration 20261126100000_asset_list_indexes spells the same
 * expressions), and the manual order of a project's assets.
 */
export class AssetListsRepository {
  private readonly bytewise: (column: string) => RawBuilder<string>;

  constructor(private readonly db: Db) {
    // Text compared byte by byte on both databases, so that they agree on the order of names.
    this.bytewise =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? (column) => sql<string>`${sql.ref(column)} collate "C"`
        : (column) => sql<string>`${sql.ref(column)}`;
  }

  /**
   * One page of the list, ties broken by id so that pages never repeat or skip an asset. The ids
   * of the page are found first, in the sort's index alone where it holds all the query reads, so
   * a deep page skips index entries rather than rows; then the page's rows are read by id.
   */
  async page(
    listing: AssetListing,
    sort: AssetSort,
    order: SortOrder,
    limit: number,
    offset: number,
  ): Promise<AssetRow[]> {
    const found = await this.sorted(this.filtered(listing).select('a.id'), sort, order)
      .limit(limit)
      .offset(offset)
      .execute();
    if (found.length === 0) return [];
    const ids = found.map((r) => r.id);
    const rows = new Map(
      (await this.db.selectFrom('assets').selectAll().where('id', 'in', ids).execute()).map((r) => [r.id, r]),
    );
    return ids.flatMap((id) => rows.get(id) ?? []);
  }

  async count(listing: AssetListing): Promise<number> {
    const { n } = await this.filtered(listing)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** Those of `ids` that are assets of the project. */
  async idsInProject(projectId: number, ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('assets')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', 'in', ids)
      .execute();
    return rows.map((r) => r.id);
  }

  /**
   * Puts `ids` (assets of the project, in the order the user sees them) at the top of the
   * project's manual order read in direction `order`; the other assets keep their order after them.
   * Call it in a transaction that holds the project's lock. Writes the assets placed (and, read
   * descending, once, those never placed), unless positions near their bounds and are numbered anew.
   */
  async placeFirst(projectId: number, ids: number[], order: SortOrder): Promise<void> {
    let bounds = await this.positionBounds(projectId);
    const fits = ({ lowest, highest, unplacedSpan }: typeof bounds) =>
      highest + unplacedSpan + ids.length <= POSITION_BOUND && lowest - ids.length >= -POSITION_BOUND;
    if (!fits(bounds)) {
      await this.renumber(projectId);
      bounds = await this.positionBounds(projectId);
    }
    // Assets never placed sort after the placed ones, in id order. Ascending, the assets placed go
    // below the lowest position and pass them; descending, they go above the highest, which the
    // unplaced ones must hold first, explicitly and in the same order.
    if (order === 'desc' && bounds.unplacedSpan > 0)
      await this.db
        .updateTable('assets')
        .set({ position: sql<number>`${bounds.highest + 1 - bounds.firstUnplacedId} + id` })
        .where('project_id', '=', projectId)
        .where('position', 'is', null)
        .execute();
    const highest = bounds.highest + bounds.unplacedSpan;
    const n = ids.length;
    await this.writePositions(
      ids.map((id, i): [number, number] => [id, order === 'asc' ? bounds.lowest - n + i : highest + n - i]),
    );
  }

  /** The place's assets, filtered; for 'new for me', with the caller's last sight of each as `s`. */
  private filtered({ projectId, folderId, userId, filters }: AssetListing) {
    let listing = this.db
      .selectFrom('assets as a')
      .where('a.project_id', '=', projectId)
      .where('a.place_key', '=', placeKeyOf(folderId));
    if (filters.approve) listing = listing.where('a.approve', '=', filters.approve);
    if (filters.priority) listing = listing.where('a.rush_priority_set_at', 'is not', null);
    if (filters.unresolved_comments) listing = listing.where('a.unresolved_comments_count', '>', 0);
    if (filters.label_ids?.length) listing = listing.where('a.label_id', 'in', filters.label_ids);
    if (filters.kind) listing = listing.where('a.kind', '=', filters.kind);
    if (filters.file_types?.length) listing = listing.where('a.file_type', 'in', filters.file_types);
    if (filters.decision)
      listing = listing.where((eb) =>
        eb.exists(
          eb
            .selectFrom('asset_decisions as d')
            .select('d.id')
            .whereRef('d.version_id', '=', 'a.current_version_id')
            .where('d.decision', '=', filters.decision!),
        ),
      );
    listing = listing.$if(filters.new_for_me === true, (query) =>
      query
        .leftJoin('asset_user_states as s', (join) =>
          join.onRef('s.asset_id', '=', 'a.id').on('s.user_id', '=', userId),
        )
        .where(newForUser(userId)),
    );
    return listing;
  }

  /** The sorts of §9 (common/api/assetLists.ts says what ascending means for each). */
  private sorted<DB extends OverAssets, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    sort: AssetSort,
    d: SortOrder,
  ) {
    const by = (...keys: RawBuilder<unknown>[]) =>
      keys.reduce((q, key) => q.orderBy(key, d), query).orderBy(sql.ref('a.id'), d);
    switch (sort) {
      case 'file_name':
        return by(this.bytewise('a.name_key'));
      case 'recent_activity':
        return by(sql.ref('a.last_activity_at'));
      case 'round_number':
        return by(sql.ref('a.round_number'));
      case 'file_type':
        return by(this.bytewise('a.file_type'));
      case 'approved':
        // 'confirmed' before 'pending': approved first when ascending.
        return by(sql.ref('a.approve'));
      case 'unresolved_comments':
        return by(sql.ref('a.unresolved_comments_count'));
      case 'manual':
        return by(sql`coalesce(a.position, ${sql.lit(UNPLACED)})`);
      case 'date_uploaded':
        return by(sql.ref('a.created_at'));
      case 'priority':
        // Flagged first, the latest flag first, then the latest activity: the index's own order.
        return d === 'asc'
          ? query
              .orderBy(sql`a.rush_priority_set_at desc nulls last`)
              .orderBy(sql.ref('a.last_activity_at'), 'desc')
              .orderBy(sql.ref('a.id'), 'desc')
          : query
              .orderBy(sql`a.rush_priority_set_at asc nulls first`)
              .orderBy(sql.ref('a.last_activity_at'), 'asc')
              .orderBy(sql.ref('a.id'), 'asc');
    }
  }

  /** The lowest and highest positions of the project's assets, and the ids of those never placed. */
  private async positionBounds(projectId: number) {
    const unplacedId = sql<number>`case when position is null then id end`;
    const row = await this.db
      .selectFrom('assets')
      .select((eb) => [
        eb.fn.min<number | null>('position').as('lowest'),
        eb.fn.max<number | null>('position').as('highest'),
        eb.fn.min<number | null>(unplacedId).as('first_unplaced'),
        eb.fn.max<number | null>(unplacedId).as('last_unplaced'),
      ])
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    const firstUnplacedId = Number(row.first_unplaced ?? 0);
    return {
      lowest: Number(row.lowest ?? 0),
      highest: Number(row.highest ?? 0),
      firstUnplacedId,
      /** How far apart the first and last unplaced ids are: the room their positions take. */
      unplacedSpan: row.first_unplaced === null ? 0 : Number(row.last_unplaced) - firstUnplacedId + 1,
    };
  }

  /** Numbers the project's assets 0, 1, 2… in their present manual order. */
  private async renumber(projectId: number): Promise<void> {
    const rows = await this.db
      .selectFrom('assets')
      .select('id')
      .where('project_id', '=', projectId)
      .orderBy(sql`coalesce(position, ${sql.lit(UNPLACED)})`)
      .orderBy('id')
      .execute();
    await this.writePositions(rows.map((r, i): [number, number] => [r.id, i]));
  }

  /** Sets each asset's position, a thousand in one statement joined to a list of (id, position). */
  private async writePositions(positions: [id: number, position: number][]): Promise<void> {
    for (let start = 0; start < positions.length; start += WRITE_CHUNK) {
      const rows = positions
        .slice(start, start + WRITE_CHUNK)
        .map(([id, position]) => sql`(cast(${id} as integer), cast(${position} as integer))`);
      await sql`update assets set position = placed.column2
        from (values ${sql.join(rows)}) as placed
        where assets.id = placed.column1`.execute(this.db);
    }
  }
}

/** The changes an asset's 'new' marks show: when, and by whom (server/presenters/asset.ts assetMarks). */
const CHANGES = [
  ['a.round_added_at', 'a.round_added_by_id'],
  ['a.name_changed_at', 'a.name_changed_by_id'],
  ['a.label_changed_at', 'a.label_changed_by_id'],
] as const;

/**
 * Whether the asset carries one of `userId`'s 'new' marks (the 'new for me' filter), by the rule
 * of assetMarks: never seen by them and not theirs, or a round, name or label changed by someone
 * else since they last saw it (what they uploaded counts as seen when they uploaded it). Reads
 * the caller's last sight joined as `s`.
 */
function newForUser(userId: number) {
  const seen = sql`coalesce(s.last_seen_at, case when a.created_by_id = ${userId} then a.created_at end)`;
  const changed = CHANGES.map(
    ([at, by]) => sql`(${sql.ref(at)} > ${seen} and (${sql.ref(by)} is null or ${sql.ref(by)} <> ${userId}))`,
  );
  return sql<SqlBool>`(${seen} is null or ${sql.join(changed, sql` or `)})`;
}
