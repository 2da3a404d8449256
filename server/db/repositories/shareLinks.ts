import type { Selectable } from 'kysely';
import type { Db } from '../database';
import type { ShareLinksTable } from '../schema';

export type ShareLinkRow = Selectable<ShareLinksTable>;

/** Links to a project, a folder or a selection (issue 26), beside the project's own public link. */
export class ShareLinksRepository {
  constructor(private readonly db: Db) {}

  findByHash(hash: string): Promise<ShareLinkRow | undefined> {
    return this.db.selectFrom('share_links').selectAll().where('hash', '=', hash).executeTakeFirst();
  }

  /** The assets a selection link reaches, in id order. */
  async assetIds(linkId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('share_link_assets')
      .select('asset_id')
      .where('link_id', '=', linkId)
      .orderBy('asset_id')
      .execute();
    return rows.map((r) => r.asset_id);
  }
}
