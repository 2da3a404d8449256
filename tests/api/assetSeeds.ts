import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { assetNameKey, placeKeyOf } from '@server/db/repositories/assets';
import type { AppContext } from '@server/context';

/** One asset to write, what a test states of it; the rest takes ordinary values. */
export interface SeedAsset {
  name: string;
  kind?: 'image' | 'document';
  fileType?: string;
  roundNumber?: number;
  approve?: 'confirmed' | 'pending';
  rushPrioritySetAt?: string | null;
  unresolvedCommentsCount?: number;
  labelId?: number | null;
  createdAt?: string;
  lastActivityAt?: string;
  /** A stored thumbnail (its key's second segment is the address token) and the blurred placeholder. */
  thumbnail?: { key: string; lqip: string };
}

const CHUNK = 400;

/**
 * Assets written straight to the database, hundreds or thousands at once (lists and their
 * benches), each with one round whose previews are made: what the upload path would leave,
 * without the files. Answers their ids in the order given.
 */
export async function seedAssets(
  ctx: AppContext,
  place: { projectId: number; folderId?: number | null; uploaderId: number },
  assets: SeedAsset[],
): Promise<number[]> {
  const now = ctx.clock.now().toISOString();
  const folderId = place.folderId ?? null;
  const ids = new Map<string, number>();
  const byName = new Map(assets.map((a) => [a.name, a]));
  await ctx.db.transaction().execute(async (trx) => {
    for (let start = 0; start < assets.length; start += CHUNK) {
      const rows = assets.slice(start, start + CHUNK).map((a) => {
        const fileType = a.fileType ?? (a.kind === 'document' ? 'pdf' : 'jpeg');
        return {
          project_id: place.projectId,
          folder_id: folderId,
          place_key: placeKeyOf(folderId),
          name: a.name,
          name_key: assetNameKey(a.name),
          kind: a.kind ?? 'image',
          approve: a.approve ?? 'pending',
          rush_priority_set_at: a.rushPrioritySetAt ?? null,
          unresolved_comments_count: a.unresolvedCommentsCount ?? 0,
          label_id: a.labelId ?? null,
          round_number: a.roundNumber ?? 1,
          file_type: fileType,
          created_by_id: place.uploaderId,
          round_added_at: a.createdAt ?? now,
          round_added_by_id: place.uploaderId,
          created_at: a.createdAt ?? now,
          updated_at: a.createdAt ?? now,
          last_activity_at: a.lastActivityAt ?? a.createdAt ?? now,
        };
      });
      const made = await trx.insertInto('assets').values(rows).returning(['id', 'name']).execute();
      for (const { id, name } of made) ids.set(name, id);
      await trx
        .insertInto('asset_versions')
        .values(
          rows.map((row) => ({
            asset_id: ids.get(row.name)!,
            project_id: place.projectId,
            number: row.round_number,
            uploader_id: place.uploaderId,
            file_name: row.name,
            file_type: row.file_type,
            size_bytes: 1000,
            original_key: `seed/${randomBytes(8).toString('hex')}/original`,
            preview_state: 'ready' as const,
            thumbnail_key: byName.get(row.name)?.thumbnail?.key ?? null,
            lqip: byName.get(row.name)?.thumbnail?.lqip ?? null,
            created_at: row.created_at,
            updated_at: row.created_at,
          })),
        )
        .execute();
    }
    await trx
      .updateTable('assets')
      .set({
        current_version_id: sql<number>`(select v.id from asset_versions v where v.asset_id = assets.id)`,
        versions_count: 1,
      })
      .where('project_id', '=', place.projectId)
      .where('current_version_id', 'is', null)
      .execute();
  });
  return assets.map((a) => ids.get(a.name)!);
}
