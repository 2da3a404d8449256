import type { ShareLinkKind } from '@common/api/shareLinks';
import type { AppContext } from '@server/context';
import { hashPassword, randomToken } from '@server/secrets';

export interface LinkOptions {
  kind?: ShareLinkKind;
  folderId?: number;
  assetIds?: number[];
  showComments?: boolean;
  downloadable?: boolean;
  password?: string;
  expiresAt?: string;
}

/**
 * A link beside the project's public link, written to the database as the links' own API will
 * write it (a review link to the whole project unless said): answers its id and hash.
 */
export async function buildShareLink(
  ctx: AppContext,
  projectId: number,
  options: LinkOptions = {},
): Promise<{ id: number; hash: string }> {
  const now = ctx.clock.now().toISOString();
  const hash = randomToken();
  const scope = options.folderId ? 'folder' : options.assetIds ? 'assets' : 'project';
  const { id } = await ctx.db
    .insertInto('share_links')
    .values({
      project_id: projectId,
      hash,
      kind: options.kind ?? 'review',
      scope,
      folder_id: options.folderId ?? null,
      downloadable: options.downloadable ? 1 : 0,
      show_comments: options.showComments ? 1 : 0,
      password_hash: options.password ? await hashPassword(options.password, 1024) : null,
      expires_at: options.expiresAt ?? null,
      created_by_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.assetIds?.length)
    await ctx.db
      .insertInto('share_link_assets')
      .values(options.assetIds.map((assetId) => ({ link_id: id, asset_id: assetId })))
      .execute();
  return { id, hash };
}

/** Revokes a link as DELETE /share_links/{id} does: the row goes, its guests' link_id turns null. */
export async function revokeShareLink(ctx: AppContext, linkId: number): Promise<void> {
  await ctx.db.deleteFrom('share_links').where('id', '=', linkId).execute();
}
