import type { z } from 'zod';
import type { Notification, NotificationsPage, notificationsQuerySchema } from '@common/api/notifications';
import type { Project } from '@common/api/projects';
import type { Clock } from '../../clock';
import type { NotificationScope } from '../../db/repositories/notifications';
import type { UnitOfWorkOf } from '../../db/unitOfWork';
import { notFound } from '../../errors';
import { presentNotification } from '../../presenters/notification';
import type { ProjectAccess } from '../projects/projectAccess';
import type { ProjectAnswer } from '../projects/projectAnswer';

export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

/**
 * A user's notifications (projects-side §2 panel, §7 calls; issue 24): pages of one project's or of
 * all their projects', seen, pinned, opened, and a project's mute. A caller reaches only their own
 * notifications, and only those of projects they are still a member of: another's id, or one of a
 * project they left, is 404 like a missing one.
 */
export class NotificationService {
  constructor(
    private readonly uow: UnitOfWorkOf<'notifications' | 'projectUserStates'>,
    private readonly access: ProjectAccess,
    private readonly projectAnswer: ProjectAnswer,
    private readonly clock: Clock,
  ) {}

  /** One project's notifications, for a caller who sees the project (404 otherwise). */
  async forProject(userId: number, projectId: number, query: NotificationsQuery): Promise<NotificationsPage> {
    const view = await this.access.forUser(projectId, userId);
    return this.page(userId, view.project.id, query);
  }

  /** The notifications of every project the caller is a member of. */
  forUser(userId: number, query: NotificationsQuery): Promise<NotificationsPage> {
    return this.page(userId, null, query);
  }

  /**
   * A page below the cursor: the `older_than` sent, or the newest id + 1 read now, so that a
   * notification arriving between two pages neither repeats an item nor pushes one out.
   */
  private async page(
    userId: number,
    projectId: number | null,
    query: NotificationsQuery,
  ): Promise<NotificationsPage> {
    const repo = this.uow.read.notifications;
    const scope: NotificationScope = { userId, projectId, kind: query.filter_type };
    let cursor = query.older_than ?? null;
    if (cursor === null) {
      const { newest } = await repo.countAndNewest(scope);
      cursor = newest === null ? null : newest + 1;
    }
    const below = { ...scope, olderThan: cursor ?? undefined };
    const [{ count }, rows, unseen] = await Promise.all([
      cursor === null ? { count: 0 } : repo.countAndNewest(below),
      cursor === null
        ? []
        : repo.page(
            below,
            { pinnedFirst: query.sorted === 'pinned' },
            { limit: query.per_page, offset: (query.page - 1) * query.per_page },
          ),
      repo.unseenCount(userId, projectId),
    ]);
    return {
      response: rows.map(presentNotification),
      meta: { total_pages: Math.ceil(count / query.per_page), older_than: cursor, unseen_count: unseen },
    };
  }

  /** Marks the caller's notifications of the project (404 unless they see it), or of all, seen. */
  async markRead(
    userId: number,
    projectId: number | null,
  ): Promise<{ marked: number; unseen_count: number }> {
    if (projectId !== null) await this.access.forUser(projectId, userId);
    const repo = this.uow.read.notifications;
    const marked = await repo.markSeen(userId, projectId, this.now());
    return { marked, unseen_count: await repo.unseenCount(userId, null) };
  }

  async setPinned(userId: number, id: number, pinned: boolean): Promise<Notification> {
    await this.own(userId, id);
    await this.uow.read.notifications.setPinned(userId, id, pinned, this.now());
    return this.present(userId, id);
  }

  /** A click on the item: records its first open, and sees it. */
  async open(userId: number, id: number): Promise<Notification> {
    await this.own(userId, id);
    await this.uow.read.notifications.markOpened(userId, id, this.now());
    return this.present(userId, id);
  }

  /** Mutes or unmutes the project's notifications for the caller (404 unless they see it). */
  async mute(userId: number, projectId: number, muted: boolean): Promise<Project> {
    const view = await this.access.forUser(projectId, userId);
    await this.uow.read.projectUserStates.set(
      [view.project.id],
      userId,
      'notifications_muted_at',
      muted ? this.now() : null,
    );
    return this.projectAnswer.asSeenBy(userId, view.project.id);
  }

  /** 404 unless the notification is the caller's, in a project they are still a member of. */
  private async own(userId: number, id: number): Promise<void> {
    if (!(await this.uow.read.notifications.findOwn(userId, id))) throw notFound();
  }

  private async present(userId: number, id: number): Promise<Notification> {
    const row = await this.uow.read.notifications.findOwn(userId, id);
    if (!row) throw notFound();
    return presentNotification(row);
  }

  private now(): string {
    return this.clock.now().toISOString();
  }
}
