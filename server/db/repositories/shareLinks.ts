import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../database';
import type { ShareLinksTable } from '../schema';

export type ShareLinkRow = Selectable<ShareLinksTable>;
export type NewShareLink = Omit<Insertable<ShareLinksTable>, 'id'>;
export type ShareLinkChanges = Omit<Updateable<ShareLinksTable>, 'id' | 'project_id' | 'hash' | 'scope'>;

/** A link with what its list shows beside it: its folder's name and its maker's. */
export type ShareLinkListedRow = ShareLinkRow & {
  folder_name: string | null;
  created_by_name: string | null;
};

/** Rows of a selection written in one statement (two values each: well under any driver's limit). */
const ASSET_ROWS_PER_INSERT = 250;

/** Links to a project, a folder or a selection (issue 26), beside the project's own public link. */
export class ShareLinksRepository {
  constructor(private readonly db: Db) {}

  findByHash(hash: string): Promise<ShareLinkRow | undefined> {
    return this.db.selectFrom('share_links').selectAll().where('hash', '=', hash).executeTakeFirst();
  }

  findById(id: number): Promise<ShareLinkRow | undefined> {
    return this.db.selectFrom('share_links').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The assets a selection link reaches, in id order. */
  async assetIds(linkId: number): Promise<number[]> {
    return (await this.assetIdsOf([linkId])).get(linkId) ?? [];
  }

  /** The links of a project (or the given links), the newest first, with their folder's and maker's names. */
  listed(where: { projectId: number } | { ids: number[] }): Promise<ShareLinkListedRow[]> {
    let query = this.db
      .selectFrom('share_links as l')
      .leftJoin('folders as f', 'f.id', 'l.folder_id')
      .leftJoin('users as u', 'u.id', 'l.created_by_id')
      .selectAll('l')
      .select(['f.name as folder_name', 'u.name as created_by_name']);
    if ('projectId' in where) query = query.where('l.project_id', '=', where.projectId);
    else if (where.ids.length === 0) return Promise.resolve([]);
    else query = query.where('l.id', 'in', where.ids);
    return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
  }

  /** The selected assets of each link, in id order, in one query. */
  async assetIdsOf(linkIds: number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (linkIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('share_link_assets')
      .select(['link_id', 'asset_id'])
      .where('link_id', 'in', linkIds)
      .orderBy('link_id')
      .orderBy('asset_id')
      .execute();
    for (const row of rows) map.set(row.link_id, [...(map.get(row.link_id) ?? []), row.asset_id]);
    return map;
  }

  /** How many guests joined through each link, in one query. */
  async guestCounts(linkIds: number[]): Promise<Map<number, number>> {
    if (linkIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('guests')
      .select(['link_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('link_id', 'in', linkIds)
      .groupBy('link_id')
      .execute();
    return new Map(rows.map((r) => [r.link_id!, Number(r.count)]));
  }

  /** A new link and, for a selection, its assets. */
  async create(values: NewShareLink, assetIds: number[]): Promise<ShareLinkRow> {
    const link = await this.db
      .insertInto('share_links')
      .values(values)
      .returningAll()
      .executeTakeFirstOrThrow();
    for (let i = 0; i < assetIds.length; i += ASSET_ROWS_PER_INSERT)
      await this.db
        .insertInto('share_link_assets')
        .values(
          assetIds
            .slice(i, i + ASSET_ROWS_PER_INSERT)
            .map((assetId) => ({ link_id: link.id, asset_id: assetId })),
        )
        .execute();
    return link;
  }

  update(id: number, changes: ShareLinkChanges): Promise<ShareLinkRow> {
    return this.db
      .updateTable('share_links')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Revokes a link: its hash stops opening anything, its selection goes with it, its guests keep what they wrote. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('share_link_assets').where('link_id', '=', id).execute();
    await this.db.updateTable('guests').set({ link_id: null }).where('link_id', '=', id).execute();
    await this.db.deleteFrom('share_links').where('id', '=', id).execute();
  }
}
