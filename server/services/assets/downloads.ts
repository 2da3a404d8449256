import { randomBytes } from 'node:crypto';
import { addAbortSignal } from 'node:stream';
import { openRanged, type RangedFile } from '../../adapters/storage/ranges';
import type { Logger } from 'pino';
import { ASSET_TEXTS } from '@common/api/assets';
import { SHARE_LINK_TEXTS } from '@common/api/shareLinks';
import { DOWNLOAD_TEXTS, type DownloadAnswer } from '@common/api/downloads';
import type { Mailer } from '../../adapters/mail/mailer';
import type { JobQueue } from '../../adapters/queue/jobQueue';
import type { FileStorage } from '../../adapters/storage/fileStorage';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { ProjectRow } from '../../db/repositories/projects';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { downloadReadyEmail } from '../../emails/downloadEmails';
import { AppError, notFound } from '../../errors';
import { authorize } from '../../policies/projects';
import { authorizeSharedDownload, sharedDownloadNotAllowed } from '../../policies/sharedLinks';
import { assetInReach, folderInReach, wholeReachOf } from '../../policies/sharedReach';
import type { SharedProject } from '../../policies/sharedReach';
import { DownloadLinks, type DownloadOptions, type DownloadSelection } from './downloadLinks';
import { DownloadPlans, type DownloadPlan } from './downloadPlans';
import type { ProjectAccess } from '../projects/projectAccess';
import { zipStream } from './zipStream';

export type { DownloadOptions, DownloadSelection } from './downloadLinks';

/** What a link's viewers may ask to download: never an asset's earlier rounds. */
type SharedSelection = Exclude<DownloadSelection, { kind: 'rounds' }>;
export type { DownloadPlan } from './downloadPlans';

/**
 * A zip larger than this (by the recorded sizes) is built by a job and e-mailed rather than
 * streamed in the request. To become the DOWNLOAD_DIRECT_MAX_GB setting of server/config.ts.
 */
export const DIRECT_DOWNLOAD_MAX_BYTES = 4 * 1024 ** 3;
/** A streamed download's link is opened at once by the browser that asked; an hour is plenty. */
const DIRECT_LINK_MS = 60 * 60 * 1000;
/** A link straight to the store (S3) is made as the file is asked for: a minute is enough to follow it. */
const STORE_LINK_SECONDS = 60;
/** How long an e-mailed zip can be downloaded; it is removed an hour after (a download under way ends). */
export const MAIL_LINK_MS = 72 * 60 * 60 * 1000;
const REMOVAL_GRACE_MS = 60 * 60 * 1000;

export const BUILD_ZIP = 'downloads.zip';
export const REMOVE_ZIP = 'downloads.remove';

export interface BuildZipPayload {
  userId: number;
  projectId: number;
  selection: DownloadSelection;
  options: DownloadOptions;
  /** Where the archive is stored: `downloads/<random>.zip`. */
  key: string;
  [field: string]: unknown;
}

/** The repositories DownloadDeps uses. */
type DownloadRepositories = 'assetVersions' | 'assets' | 'folders' | 'users';

/** What a download is made from: the platform's parts, named. */
export interface DownloadDeps {
  uow: UnitOfWorkOf<DownloadRepositories>;
  projectAccess: ProjectAccess;
  storage: FileStorage;
  jobs: JobQueue;
  mailer: Mailer;
  clock: Clock;
  config: Config;
  log: Logger;
}

/**
 * Downloads (§5): members get the current round of an asset, all rounds of one, a selection, a
 * folder or the whole project; a public link that allows downloads gets the latest rounds of its
 * project's assets. Small ones stream at once through a signed link; large member zips are built
 * by a job, kept in storage for a while, and e-mailed.
 */
export class Downloads {
  readonly links: DownloadLinks;
  private readonly plans: DownloadPlans;

  constructor(
    private readonly d: DownloadDeps,
    private readonly directMaxBytes = DIRECT_DOWNLOAD_MAX_BYTES,
  ) {
    this.links = new DownloadLinks(d.config.sessionSecret);
    this.plans = new DownloadPlans(d.uow, d.storage);
  }

  /** GET /assets/{id}/download: the current round, or every round as a zip. */
  async memberAsset(
    userId: number,
    assetId: number,
    options: DownloadOptions & { allRounds: boolean },
  ): Promise<DownloadPlan> {
    const asset = await this.d.uow.read.assets.findById(assetId);
    if (!asset) throw notFound();
    const project = await this.memberProject(asset.project_id, userId, options.allRounds);
    const selection: DownloadSelection = options.allRounds
      ? { kind: 'rounds', assetId }
      : { kind: 'assets', assetIds: [assetId] };
    return this.plans.plan(project, selection, options);
  }

  /** POST /projects/{id}/assets/download and /projects/{id}/download: stream now, or e-mail later. */
  async request(
    userId: number,
    projectId: number,
    selection: DownloadSelection,
    options: DownloadOptions,
  ): Promise<DownloadAnswer> {
    const project = await this.memberProject(projectId, userId, false);
    const plan = await this.plans.plan(project, selection, options);
    if (plan.kind === 'zip' && plan.bytes > this.directMaxBytes) {
      const key = `downloads/${randomBytes(16).toString('hex')}.zip`;
      const payload: BuildZipPayload = { userId, projectId, selection, options, key };
      await this.d.jobs.send(BUILD_ZIP, payload);
      return { download_type: 'email', download_url: null };
    }
    const token = this.links.sign(
      { use: 'member', userId, projectId, selection, options },
      this.expiry(DIRECT_LINK_MS),
    );
    return { download_type: 'direct', download_url: `/api/v1/downloads?token=${token}` };
  }

  /** GET /downloads?token=: only for the member who asked, who still sees the project. */
  async openMemberLink(userId: number, token: string): Promise<DownloadPlan> {
    const claims = this.links.verify(token, this.d.clock.now());
    if (claims.use !== 'member' || claims.userId !== userId) throw notFound();
    const project = await this.memberProject(claims.projectId, userId, claims.selection.kind === 'rounds');
    return this.plans.plan(project, claims.selection, claims.options);
  }

  /** GET /downloads/ready?token=: the e-mailed zip, while its member still sees the project. */
  async openMailLink(token: string) {
    const claims = this.links.verify(token, this.d.clock.now());
    if (claims.use !== 'mail') throw notFound();
    await this.memberProject(claims.projectId, claims.userId, false);
    if (!(await this.d.storage.head(claims.key)))
      throw new AppError(404, 'download_expired', DOWNLOAD_TEXTS.linkExpired);
    return { fileName: claims.fileName, key: claims.key };
  }

  /**
   * A stored file handed to whoever the route let in: a link of a minute straight to the store when
   * it serves files itself (S3: the bytes and their ranges never cross the app), else its bytes, or
   * the range the request asks for.
   */
  async deliver(
    key: string,
    { contentDisposition, range }: { contentDisposition: string; range: string | undefined },
  ): Promise<{ link: string } | RangedFile> {
    const link = await this.d.storage.link(key, {
      expiresInSeconds: STORE_LINK_SECONDS,
      contentDisposition,
      cacheControl: 'private, no-store',
    });
    return link ? { link } : openRanged(this.d.storage, key, range);
  }

  /** GET /shared/{shareHash}/assets/{id}/download: the latest round, on a link that allows downloads. */
  async sharedAsset(
    project: SharedProject,
    assetId: number,
    options: DownloadOptions & { allRounds: boolean },
  ) {
    authorizeSharedDownload(project, options);
    const selection = await this.inReach(project, { kind: 'assets', assetIds: [assetId] });
    return this.plans.plan(project, selection, options);
  }

  /**
   * POST /shared/{shareHash}/assets/download (a selection) and /shared/{shareHash}/download (the
   * whole project, or one folder: 'Download all'): always streamed (nobody to e-mail).
   */
  async sharedRequest(
    project: SharedProject,
    asked: SharedSelection,
    options: DownloadOptions,
  ): Promise<DownloadAnswer> {
    authorizeSharedDownload(project, { allRounds: false });
    if (!project.share_hash) throw sharedDownloadNotAllowed();
    const selection = await this.inReach(project, asked);
    await this.plans.plan(project, selection, options);
    const token = this.links.sign(
      { use: 'shared', projectId: project.id, selection, options },
      this.expiry(DIRECT_LINK_MS),
    );
    return {
      download_type: 'direct',
      download_url: `/api/v1/shared/${encodeURIComponent(project.share_hash)}/downloads?token=${token}`,
    };
  }

  /** GET /shared/{shareHash}/downloads?token=: the link still open and still allowing downloads. */
  async openSharedLink(project: SharedProject, token: string): Promise<DownloadPlan> {
    const claims = this.links.verify(token, this.d.clock.now());
    if (claims.use !== 'shared' || claims.projectId !== project.id || claims.selection.kind === 'rounds')
      throw notFound();
    authorizeSharedDownload(project, { allRounds: false });
    // Checked again as it is opened: a token made through another link of the project gets no further.
    return this.plans.plan(project, await this.inReach(project, claims.selection), claims.options);
  }

  /**
   * What a link may download of what it asked (policies/sharedReach.ts): 'Download all' of a folder
   * or selection link is its folder or its selection; an asset or folder it does not reach is not
   * found, as one of another project is.
   */
  private async inReach(project: SharedProject, selection: SharedSelection): Promise<SharedSelection> {
    switch (selection.kind) {
      case 'project':
        return wholeReachOf(project);
      case 'folder':
        if (!folderInReach(project, selection.folderId))
          throw new AppError(404, 'not_found', SHARE_LINK_TEXTS.folderGone);
        return selection;
      case 'assets': {
        const assets = await this.d.uow.read.assets.findMany([...new Set(selection.assetIds)]);
        if (assets.some((asset) => !assetInReach(project, asset)))
          throw new AppError(404, 'not_found', ASSET_TEXTS.notFound);
        return selection;
      }
    }
  }

  /**
   * The job of a large download: the zip stored as it is built, its removal queued for its
   * expiry, and the link e-mailed. A member who lost access
   * meanwhile gets nothing.
   */
  async buildMailArchive(payload: BuildZipPayload, signal: AbortSignal): Promise<'sent' | 'skipped'> {
    const { userId, projectId, selection, options, key } = payload;
    const user = await this.d.uow.read.users.findById(userId);
    const project = user ? await this.memberProject(projectId, userId, false).catch(() => null) : null;
    const plan = project ? await this.plans.plan(project, selection, options).catch(() => null) : null;
    if (!user || !project || plan?.kind !== 'zip') {
      this.d.log.info({ userId, projectId }, 'a download to e-mail was skipped: access or files gone');
      return 'skipped';
    }
    const expiresAt = this.expiry(MAIL_LINK_MS);
    await this.d.jobs.send(
      REMOVE_ZIP,
      { key },
      { singletonKey: key, startAfter: new Date(expiresAt.getTime() + REMOVAL_GRACE_MS) },
    );
    // Written to the store as it is built (a multipart upload on S3): no copy on this machine's disk.
    await this.d.storage.putStream(key, addAbortSignal(signal, zipStream(plan.entries)), 'application/zip');
    const token = this.links.sign(
      { use: 'mail', userId, projectId, key, fileName: plan.fileName },
      expiresAt,
    );
    await this.d.mailer.send(
      downloadReadyEmail({
        to: user,
        projectName: project.name,
        fileName: plan.fileName,
        files: plan.files,
        bytes: plan.bytes,
        url: `${this.d.config.appUrl}/api/v1/downloads/ready?token=${token}`,
        expiresAt,
      }),
    );
    return 'sent';
  }

  /** The removal due at an e-mailed zip's expiry. */
  async removeArchive(key: string): Promise<void> {
    await this.d.storage.delete(key);
  }

  /** A member who sees the project's assets (and their rounds, for all rounds); 404 to anyone else. */
  private async memberProject(projectId: number, userId: number, allRounds: boolean): Promise<ProjectRow> {
    const view = await this.d.projectAccess.forUser(projectId, userId);
    authorize(view, allRounds ? 'assets.seeVersions' : 'assets.see');
    return view.project;
  }

  private expiry(ms: number): Date {
    return new Date(this.d.clock.now().getTime() + ms);
  }
}
