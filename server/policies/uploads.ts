import type { AssetUploadRow } from '../db/repositories/assetUploads';

/**
 * An upload is its uploader's alone (tus HEAD, PATCH, DELETE and its result): anyone else is
 * answered as for an upload that does not exist (404), so upload ids cannot be probed. Whether the
 * uploader may still upload into its project is the project's 'assets.upload' capability.
 */
export function ownsUpload<U extends Pick<AssetUploadRow, 'user_id'>>(
  userId: number,
  upload: U | undefined,
): upload is U {
  return upload !== undefined && upload.user_id === userId;
}
