import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../database';
import type { AssetsTable, Database } from '../schema';
import type { LabelRow } from './labels';
import type { AssetVersionRow } from './assetVersions';

export type AssetRow = Selectable<AssetsTable>;

/** The place of an asset: a folder's id, or 0 for the project's root. */
export const placeKeyOf = (folderId: number | null) => folderId ?? 0;

/** Names are unique per place regardless of case; kept as given otherwise. */
export const assetNameKey = (name: string) => name.normalize('NFC').toLowerCase();

/**
 * A page of the assets a query picks, the newest first (created_at, id), and how many it picks:
 * the members' list of a place and a public link's alike.
 */
export async function newestFirstPage(
  assets: SelectQueryBuilder<Database, 'assets', object>,
  page: number,
  perPage: number,
): Promise<{ rows: AssetRow[]; total: number }> {
  const rows = await assets
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  const { n } = await assets
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export interface FolderAssetSummary {
  folderId: number;
  images: number;
  documents: number;
}

/** A project's assets. */
export class AssetsRepository {
  constructor(private readonly db: Db) {}

  findById(id: number): Promise<AssetRow | undefined> {
    return this.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(ids: number[]): Promise<AssetRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('assets').selectAll().where('id', 'in', ids).execute();
  }

  /** The asset of this name in this place, if any. */
  findByName(projectId: number, folderId: number | null, name: string): Promise<AssetRow | undefined> {
    return this.db
      .selectFrom('assets')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('place_key', '=', placeKeyOf(folderId))
      .where('name_key', '=', assetNameKey(name))
      .executeTakeFirst();
  }

  /** A page of a place's assets, the newest first, and how many there are. */
  page(
    projectId: number,
    folderId: number | null,
    page: number,
    perPage: number,
  ): Promise<{ rows: AssetRow[]; total: number }> {
    const inPlace = this.db
      .selectFrom('assets')
      .where('project_id', '=', projectId)
      .where('place_key', '=', placeKeyOf(folderId));
    return newestFirstPage(inPlace, page, perPage);
  }

  /** A unique violation when the place already has an asset of this name. */
  create(values: {
    projectId: number;
    folderId: number | null;
    name: string;
    kind: 'image' | 'document';
    createdById: number;
    now: string;
  }): Promise<AssetRow> {
    return this.db
      .insertInto('assets')
      .values({
        project_id: values.projectId,
        folder_id: values.folderId,
        place_key: placeKeyOf(values.folderId),
        name: values.name,
        name_key: assetNameKey(values.name),
        kind: values.kind,
        created_by_id: values.createdById,
        created_at: values.now,
        updated_at: values.now,
        last_activity_at: values.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Points the asset at its newest round (its number, type and arrival kept for sorting) and counts its rounds anew. */
  async setCurrentVersion(assetId: number, versionId: number, now: string): Promise<void> {
    await this.db
      .updateTable('assets')
      .set({
        current_version_id: versionId,
        versions_count: sql<number>`(select count(*) from asset_versions v where v.asset_id = ${assetId})`,
        round_number: sql<number>`(select v.number from asset_versions v where v.id = ${versionId})`,
        file_type: sql<string>`(select v.file_type from asset_versions v where v.id = ${versionId})`,
        round_added_at: sql<string>`(select v.created_at from asset_versions v where v.id = ${versionId})`,
        round_added_by_id: sql<number>`(select v.uploader_id from asset_versions v where v.id = ${versionId})`,
        updated_at: now,
        last_activity_at: now,
      })
      .where('id', '=', assetId)
      .execute();
  }

  /** Images and documents per folder. */
  async countByFolder(folderIds: number[]): Promise<FolderAssetSummary[]> {
    if (folderIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('assets')
      .select(['folder_id', 'kind', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('folder_id', 'in', folderIds)
      .groupBy(['folder_id', 'kind'])
      .execute();
    const byFolder = new Map<number, FolderAssetSummary>();
    for (const row of rows) {
      const folderId = row.folder_id!;
      const summary = byFolder.get(folderId) ?? { folderId, images: 0, documents: 0 };
      if (row.kind === 'image') summary.images += Number(row.n);
      else summary.documents += Number(row.n);
      byFolder.set(folderId, summary);
    }
    return [...byFolder.values()];
  }

  /**
   * The current rounds with a thumbnail of each folder's newest images, at most `perFolder` a
   * folder (the folder cards' previews), in one query whatever the number of folders.
   */
  async recentImageRounds(
    folderIds: number[],
    perFolder: number,
  ): Promise<(AssetVersionRow & { folder_id: number })[]> {
    if (folderIds.length === 0) return [];
    const ranked = this.db
      .selectFrom('assets as a')
      .innerJoin('asset_versions as v', 'v.id', 'a.current_version_id')
      .selectAll('v')
      .select([
        'a.folder_id',
        sql<number>`row_number() over (partition by a.folder_id order by a.created_at desc, a.id desc)`.as(
          'rank',
        ),
      ])
      .where('a.folder_id', 'in', folderIds)
      .where('a.kind', '=', 'image')
      .where('v.thumbnail_key', 'is not', null)
      .as('ranked');
    const rows = await this.db
      .selectFrom(ranked)
      .selectAll()
      .where('rank', '<=', perFolder)
      .orderBy('folder_id')
      .orderBy('rank')
      .execute();
    return rows as unknown as (AssetVersionRow & { folder_id: number })[];
  }

  /** The asset ids of these folders. */
  async idsInFolders(folderIds: number[]): Promise<number[]> {
    if (folderIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('assets')
      .select('id')
      .where('folder_id', 'in', folderIds)
      .execute();
    return rows.map((r) => r.id);
  }

  async deleteMany(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('assets').where('id', 'in', ids).execute();
  }

  /** The rounds of `versionIds` with their uploader's name, in one query (presenting a page). */
  async roundsWithUploader(
    versionIds: number[],
  ): Promise<(AssetVersionRow & { uploader_name: string | null })[]> {
    if (versionIds.length === 0) return [];
    return this.db
      .selectFrom('asset_versions as v')
      .leftJoin('users as u', 'u.id', 'v.uploader_id')
      .selectAll('v')
      .select('u.name as uploader_name')
      .where('v.id', 'in', versionIds)
      .execute();
  }

  /** The label of each labelled asset of `assetIds`, with its project's labels order, in one query. */
  async labelsOf(assetIds: number[]): Promise<Map<number, { label: LabelRow; labelsOrder: string }>> {
    if (assetIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('assets as a')
      .innerJoin('labels as l', 'l.id', 'a.label_id')
      .innerJoin('projects as p', 'p.id', 'a.project_id')
      .selectAll('l')
      .select(['a.id as asset_id', 'p.labels_order'])
      .where('a.id', 'in', assetIds)
      .execute();
    return new Map(
      rows.map(({ asset_id, labels_order, ...label }) => [asset_id, { label, labelsOrder: labels_order }]),
    );
  }

  /**
   * Which of `nameKeys` are taken in a place: by an asset (its id) or by an upload under way there
   * (null), in one query.
   */
  async takenNames(
    projectId: number,
    folderId: number | null,
    nameKeys: string[],
  ): Promise<Map<string, number | null>> {
    if (nameKeys.length === 0) return new Map();
    const placeKey = placeKeyOf(folderId);
    const rows = await this.db
      .selectFrom('assets')
      .select(['name_key as key', sql<number | null>`id`.as('id')])
      .where('project_id', '=', projectId)
      .where('place_key', '=', placeKey)
      .where('name_key', 'in', nameKeys)
      .unionAll(
        this.db
          .selectFrom('asset_uploads')
          .select([sql<string>`reserved_name_key`.as('key'), sql<number | null>`null`.as('id')])
          .where('project_id', '=', projectId)
          .where('place_key', '=', placeKey)
          .where('reserved_name_key', 'in', nameKeys)
          .where('status', 'in', ['uploading', 'creating']),
      )
      .execute();
    const taken = new Map<string, number | null>();
    for (const row of rows) if (!taken.has(row.key) || row.id !== null) taken.set(row.key, row.id);
    return taken;
  }

  /** A unique violation when the asset's place already has an asset of this name. */
  async rename(id: number, name: string, change: AssetChange): Promise<void> {
    await this.db
      .updateTable('assets')
      .set({
        name,
        name_key: assetNameKey(name),
        name_changed_at: change.now,
        name_changed_by_id: change.userId,
        updated_at: change.now,
        last_activity_at: change.now,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Into a folder, or back to the project's root; a unique violation when a name is taken there. */
  async moveTo(ids: number[], folderId: number | null, now: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('assets')
      .set({ folder_id: folderId, place_key: placeKeyOf(folderId), updated_at: now })
      .where('id', 'in', ids)
      .execute();
  }

  /** Approves or unapproves those of `ids` not so already; answers the ids changed. */
  async setApproval(ids: number[], approve: AssetRow['approve'], change: AssetChange): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('assets')
      .set({
        approve,
        approve_changed_at: change.now,
        approve_changed_by_id: change.userId,
        updated_at: change.now,
        last_activity_at: change.now,
      })
      .where('id', 'in', ids)
      .where('approve', '!=', approve)
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  /** Flags or unflags the asset unless it is so already; answers whether it changed. */
  async setRush(id: number, rush: boolean, change: AssetChange): Promise<boolean> {
    const rows = await this.db
      .updateTable('assets')
      .set({
        rush_priority_set_at: rush ? change.now : null,
        rush_changed_by_id: change.userId,
        updated_at: change.now,
        last_activity_at: change.now,
      })
      .where('id', '=', id)
      .where('rush_priority_set_at', rush ? 'is' : 'is not', null)
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** Puts the label (or none) on those of `ids` that have another; answers the ids changed. */
  async setLabel(ids: number[], labelId: number | null, change: AssetChange): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('assets')
      .set({
        label_id: labelId,
        label_changed_at: change.now,
        label_changed_by_id: change.userId,
        updated_at: change.now,
        last_activity_at: change.now,
      })
      .where('id', 'in', ids)
      .where((eb) =>
        labelId === null
          ? eb('label_id', 'is not', null)
          : eb.or([eb('label_id', 'is', null), eb('label_id', '!=', labelId)]),
      )
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }
}

/** Who changes an asset, and when: the per-user "new" marks compare both. */
export interface AssetChange {
  userId: number;
  now: string;
}
