import type { UploadPlaces } from '../../adapters/uploads';
import type { Clock } from '../../clock';
import type { AssetUploadRow, OpenUploadScope } from '../../db/repositories/assetUploads';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { AppError, notFound } from '../../errors';
import { authorize } from '../../policies/projects';
import { ownsUpload } from '../../policies/uploads';
import type { ProjectAccess } from '../projects/projectAccess';

/**
 * Why the uploader may no longer upload into the upload's project (removed from it or from its
 * workspace, made a viewer, the project gone), or null while they may.
 */
export async function uploadRefusal(access: ProjectAccess, upload: AssetUploadRow): Promise<AppError | null> {
  try {
    authorize(await access.forUser(upload.project_id, upload.user_id), 'assets.upload');
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * An upload stays its uploader's only while they may upload into its project: each PATCH asks
 * again (`requireWritable`), and a change of membership or role ends the open uploads of whoever
 * lost the right (`endWithoutAccess`): their name and storage are let go and their bytes removed.
 * AssetUploads.finish asks once more as the asset is made.
 */
export class UploadRevocation {
  constructor(
    private readonly uow: UnitOfWorkOf<'assetUploads'>,
    private readonly access: ProjectAccess,
    private readonly places: UploadPlaces,
    private readonly clock: Clock,
  ) {}

  /** Before a PATCH's bytes are taken: the uploader's own upload, into a project they may still upload to. */
  async requireWritable(userId: number, id: string): Promise<void> {
    const upload = await this.uow.read.assetUploads.findById(id);
    if (!ownsUpload(userId, upload) || upload.status === 'failed') throw notFound();
    // A finishing or finished upload answers its outcome, which AssetUploads.finish checks again.
    if (upload.status !== 'uploading') return;
    const refusal = await uploadRefusal(this.access, upload);
    if (!refusal) return;
    await this.end(upload, refusal);
    throw refusal;
  }

  /** Ends the running uploads in `scope` whose uploader may no longer upload there; answers how many. */
  async endWithoutAccess(scope: OpenUploadScope): Promise<number> {
    let ended = 0;
    for (const upload of await this.uow.read.assetUploads.listOpen(scope)) {
      const refusal = await uploadRefusal(this.access, upload);
      if (refusal && (await this.end(upload, refusal))) ended++;
    }
    return ended;
  }

  private async end(upload: AssetUploadRow, refusal: AppError): Promise<boolean> {
    const ended = await this.uow.read.assetUploads.transition(
      upload.id,
      ['uploading'],
      'failed',
      this.clock.now().toISOString(),
      { error_code: refusal.code, error_message: refusal.message },
    );
    // A PATCH still writing keeps its open file; its last byte then finds the upload failed.
    await this.places.of(upload.id).remove(upload.id);
    return ended;
  }
}
