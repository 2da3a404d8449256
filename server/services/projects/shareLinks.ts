import {
  SHARE_LINK_TEXTS,
  type ShareLink,
  type ShareLinkCreate,
  type ShareLinkScope,
  type ShareLinkUpdate,
} from '@common/api/shareLinks';
import type { Clock } from '../../clock';
import type { ShareLinkChanges, ShareLinkListedRow, ShareLinkRow } from '../../db/repositories/shareLinks';
import type { TxOf, UnitOfWorkOf } from '../../db/unitOfWork';
import { invalidRecord, notFound } from '../../errors';
import { authorizeShareLinks } from '../../policies/shareLinks';
import { presentShareLink } from '../../presenters/shareLink';
import { randomToken } from '../../secrets';
import { linkSecrets } from './linkSecrets';
import type { ProjectAccess, ProjectView } from './projectAccess';
import { projectEvent } from './projectEvents';

/** The repositories ShareLinkService uses. */
type ShareLinkRepositories = 'assets' | 'folders' | 'shareLinks';

/**
 * Links beside a project's public link (issue 26): view-only or review links to the whole project,
 * a folder, or a selection of its assets, each with the public link's options (downloads, 'Show
 * comments', password, expiry). Made, listed, changed and revoked by whoever may share the project.
 * The hash is made as the public link's (256 random bits, base64url), and stored as is: members
 * are shown the link again.
 */
export class ShareLinkService {
  constructor(
    private readonly uow: UnitOfWorkOf<ShareLinkRepositories>,
    private readonly access: ProjectAccess,
    private readonly clock: Clock,
  ) {}

  /** The project's links, the newest first. */
  async list(userId: number, projectId: number): Promise<ShareLink[]> {
    const view = await this.sharer(userId, projectId);
    return this.present(await this.uow.read.shareLinks.listed({ projectId: view.project.id }));
  }

  /** A new link to the project, one of its folders, or a selection of its assets. */
  async create(userId: number, projectId: number, request: ShareLinkCreate): Promise<ShareLink> {
    const view = await this.sharer(userId, projectId);
    const now = this.clock.now();
    const { passwordHash, expiresAt } = await linkSecrets(request, now);
    const { scope, folder, assetIds } = await this.reachOf(view, request);
    const link = await this.uow.transaction(async (tx) => {
      const created = await tx.shareLinks.create(
        {
          project_id: view.project.id,
          hash: randomToken(),
          kind: request.kind,
          scope,
          folder_id: folder?.id ?? null,
          downloadable: request.downloadable ? 1 : 0,
          show_comments: request.show_comments ? 1 : 0,
          password_hash: passwordHash ?? null,
          expires_at: expiresAt ?? null,
          created_by_id: view.userId,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        },
        assetIds,
      );
      await this.record(tx, view, 'share_link.created', created, folder?.name ?? null, assetIds.length);
      return created;
    });
    return this.one(link.id);
  }

  /**
   * A link's options: absent keeps, `password` and `expires_at` null remove. What it reaches and
   * its hash never change. A save that changes nothing records nothing.
   */
  async update(userId: number, linkId: number, request: ShareLinkUpdate): Promise<ShareLink> {
    const { view, link } = await this.load(userId, linkId);
    const { passwordHash, expiresAt } = await linkSecrets(request, this.clock.now());
    const changes: ShareLinkChanges = {
      ...(request.downloadable !== undefined ? { downloadable: request.downloadable ? 1 : 0 } : {}),
      ...(request.show_comments !== undefined ? { show_comments: request.show_comments ? 1 : 0 } : {}),
      ...(passwordHash !== undefined ? { password_hash: passwordHash } : {}),
      ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}),
    };
    const changed =
      (changes.downloadable !== undefined && changes.downloadable !== link.downloadable) ||
      (changes.show_comments !== undefined && changes.show_comments !== link.show_comments) ||
      request.password !== undefined ||
      (changes.expires_at !== undefined && changes.expires_at !== link.expires_at);
    if (changed) {
      const facts = await this.factsOf(link);
      await this.uow.transaction(async (tx) => {
        const updated = await tx.shareLinks.update(link.id, {
          ...changes,
          updated_at: this.clock.now().toISOString(),
        });
        await this.record(tx, view, 'share_link.changed', updated, facts.folder, facts.assets);
      });
    }
    return this.one(link.id);
  }

  /** Revokes a link at once: its hash opens nothing, its guests' next call is refused. */
  async revoke(userId: number, linkId: number): Promise<void> {
    const { view, link } = await this.load(userId, linkId);
    const facts = await this.factsOf(link);
    await this.uow.transaction(async (tx) => {
      await tx.shareLinks.delete(link.id);
      await this.record(tx, view, 'share_link.revoked', link, facts.folder, facts.assets);
    });
  }

  /** The caller's view of the project, if they may share it (404, then 403). */
  private async sharer(userId: number, projectId: number): Promise<ProjectView> {
    const view = await this.access.forUser(projectId, userId);
    authorizeShareLinks(view);
    return view;
  }

  /** A link and its project as the caller sees it: 404 for a link of a project they do not see. */
  private async load(userId: number, linkId: number): Promise<{ view: ProjectView; link: ShareLinkRow }> {
    const link = await this.uow.read.shareLinks.findById(linkId);
    if (!link) throw notFound();
    return { view: await this.sharer(userId, link.project_id), link };
  }

  /**
   * What the request reaches, checked against the project: a folder of it, or assets of it that
   * exist (a missing id and another project's answer alike), or neither: the whole project.
   */
  private async reachOf(view: ProjectView, request: ShareLinkCreate) {
    if (request.folder_id !== undefined) {
      const folder = await this.uow.read.folders.findById(request.folder_id);
      if (folder?.project_id !== view.project.id)
        throw invalidRecord({ folder_id: [SHARE_LINK_TEXTS.folderGone] });
      return { scope: 'folder' as ShareLinkScope, folder, assetIds: [] };
    }
    if (request.asset_ids !== undefined) {
      const assets = await this.uow.read.assets.findMany(request.asset_ids);
      if (
        assets.length !== request.asset_ids.length ||
        assets.some((asset) => asset.project_id !== view.project.id)
      )
        throw invalidRecord({ asset_ids: [SHARE_LINK_TEXTS.assetsGone] });
      return {
        scope: 'assets' as ShareLinkScope,
        folder: null,
        assetIds: [...request.asset_ids].sort((a, b) => a - b),
      };
    }
    return { scope: 'project' as ShareLinkScope, folder: null, assetIds: [] };
  }

  /** The folder's name and the selection's size, as the activity entry tells them. */
  private async factsOf(link: ShareLinkRow): Promise<{ folder: string | null; assets: number }> {
    const folder = link.folder_id !== null ? await this.uow.read.folders.findById(link.folder_id) : undefined;
    const assets = link.scope === 'assets' ? (await this.uow.read.shareLinks.assetIds(link.id)).length : 0;
    return { folder: folder?.name ?? null, assets };
  }

  private async record(
    tx: TxOf<ShareLinkRepositories>,
    view: ProjectView,
    type: 'share_link.created' | 'share_link.changed' | 'share_link.revoked',
    link: ShareLinkRow,
    folder: string | null,
    assets: number,
  ): Promise<void> {
    await tx.record(
      projectEvent(view.project, view.userId, type, {
        data: {
          link_id: link.id,
          kind: link.kind as ShareLink['kind'],
          scope: link.scope as ShareLinkScope,
          folder,
          assets,
        },
      }),
    );
  }

  private async one(linkId: number): Promise<ShareLink> {
    const [link] = await this.present(await this.uow.read.shareLinks.listed({ ids: [linkId] }));
    if (!link) throw notFound();
    return link;
  }

  /** Links presented with their selections and guest counts, in a fixed number of queries. */
  private async present(rows: ShareLinkListedRow[]): Promise<ShareLink[]> {
    const ids = rows.map((r) => r.id);
    const [assetIds, guests] = await Promise.all([
      this.uow.read.shareLinks.assetIdsOf(ids),
      this.uow.read.shareLinks.guestCounts(ids),
    ]);
    return rows.map((row) =>
      presentShareLink(row, { assetIds: assetIds.get(row.id) ?? [], guests: guests.get(row.id) ?? 0 }),
    );
  }
}
