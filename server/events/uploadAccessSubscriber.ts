import type { DomainEvent, DomainEventType } from '@common/domainEvents';
import type { OpenUploadScope } from '../db/repositories/assetUploads';
import type { UploadRevocation } from '../services/assets/uploadRevocation';
import type { EventSubscriber } from './subscriber';

/** The changes after which someone may have lost the right to upload into a project. */
const ACCESS_CHANGES = new Set<DomainEventType>([
  'member.removed',
  'member.left',
  'project.ownership_transferred',
  'project.moved_to_workspace',
  'project.archived',
  'project.deleted',
  'workspace.member_removed',
  'workspace.member_left',
  'workspace.member_role_changed',
  'workspace.ownership_transferred',
  'workspace.deleted',
]);

/**
 * Ends the open uploads of members who lost the right to upload (removed from the project or its
 * workspace, left, made a viewer, project transferred): each project's, or each workspace's,
 * running uploads are asked for in one query per batch of events, however many projects it names.
 */
export class UploadAccessSubscriber implements EventSubscriber {
  readonly name = 'upload-access';

  constructor(private readonly revocation: UploadRevocation) {}

  async handle(events: DomainEvent[]): Promise<void> {
    const projectIds = new Set<number>();
    const workspaceIds = new Set<number>();
    for (const event of events) {
      if (!ACCESS_CHANGES.has(event.type)) continue;
      if (event.projectId !== null) projectIds.add(event.projectId);
      else if (event.workspaceId !== null) workspaceIds.add(event.workspaceId);
    }
    const scope: OpenUploadScope = { projectIds: [...projectIds], workspaceIds: [...workspaceIds] };
    await this.revocation.endWithoutAccess(scope);
  }
}
