import type { ShareLinkKind } from '@common/api/shareLinks';
import type { ApiClient } from './harness';

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
 * A link beside the project's public link, made by a member who may share through
 * POST /projects/{id}/share_links (a review link to the whole project unless said): answers its
 * id and hash.
 */
export async function buildShareLink(
  client: ApiClient,
  projectId: number,
  options: LinkOptions = {},
): Promise<{ id: number; hash: string }> {
  const answer = await client.post(`/projects/${projectId}/share_links`, {
    kind: options.kind ?? 'review',
    ...(options.folderId ? { folder_id: options.folderId } : {}),
    ...(options.assetIds ? { asset_ids: options.assetIds } : {}),
    show_comments: options.showComments ?? false,
    downloadable: options.downloadable ?? false,
    ...(options.password ? { password: options.password } : {}),
    ...(options.expiresAt ? { expires_at: options.expiresAt } : {}),
  });
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`link failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  const { id, hash } = answer.body.response as { id: number; hash: string };
  return { id, hash };
}

/** Revokes a link through DELETE /share_links/{id}: its guests' next call is refused. */
export async function revokeShareLink(client: ApiClient, linkId: number): Promise<void> {
  const answer = await client.delete(`/share_links/${linkId}`);
  if (answer.status !== 200)
    throw new Error(`revoke failed: ${answer.status} ${JSON.stringify(answer.body)}`);
}
