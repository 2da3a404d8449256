import { describe, expect, it } from 'vitest';
import { LIVE_DOMAIN_EVENT_TYPES, SHARED_LIVE_EVENT_TYPES } from '@common/api/liveEvents';
import { DOMAIN_EVENT_TYPES } from '@common/domainEvents';
import { liveCapability, mayReceive, sharedMayReceive } from './live';

const member = (role: 'owner' | 'collaborator' | 'viewer') => ({ role, isWorkspaceOwner: false });
const workspaceOwnerOutside = { role: null, isWorkspaceOwner: true };
const latest = { eventRound: 5, currentRound: 5 };
const earlier = { eventRound: 4, currentRound: 5 };

describe('live stream rules', () => {
  it('forwards only domain events that exist, each seen with a capability of the table', () => {
    for (const type of LIVE_DOMAIN_EVENT_TYPES) {
      expect(DOMAIN_EVENT_TYPES).toContain(type);
      expect(liveCapability(type)).toMatch(/^(projects|assets|tasks|comments|folders|labels)\.see$/);
    }
  });

  it('sends a member every forwarded kind, and never a workspace event or one nobody forwards', () => {
    for (const role of ['owner', 'collaborator', 'viewer'] as const) {
      expect(mayReceive(member(role), 'comment.created')).toBe(true);
      expect(mayReceive(member(role), 'task.created')).toBe(true);
      expect(mayReceive(member(role), 'asset.round_processed')).toBe(true);
    }
    expect(mayReceive(member('owner'), 'workspace.member_removed')).toBe(false);
    expect(mayReceive(member('owner'), 'member.invited')).toBe(false);
    expect(mayReceive(member('owner'), 'user.password_changed')).toBe(false);
  });

  it('tells the workspace owner outside the project of the project only, not of its assets or comments', () => {
    expect(mayReceive(workspaceOwnerOutside, 'project.renamed')).toBe(true);
    expect(mayReceive(workspaceOwnerOutside, 'member.removed')).toBe(true);
    expect(mayReceive(workspaceOwnerOutside, 'comment.created')).toBe(false);
    expect(mayReceive(workspaceOwnerOutside, 'asset.uploaded')).toBe(false);
    expect(mayReceive(workspaceOwnerOutside, 'task.created')).toBe(false);
  });

  it('shows a shared view comments only with Show comments on, and only on the latest round', () => {
    expect(sharedMayReceive('comment.created', { showComments: false }, latest)).toBe(false);
    expect(sharedMayReceive('comment.created', { showComments: true }, latest)).toBe(true);
    expect(sharedMayReceive('comment.replied', { showComments: true }, earlier)).toBe(false);
    // A guest's own thread, with 'Show comments' off: on its latest round only, and only to that guest.
    const guest = { showComments: false, guestId: 4 };
    expect(sharedMayReceive('comment.replied', guest, latest, 4)).toBe(true);
    expect(sharedMayReceive('comment.replied', guest, earlier, 4)).toBe(false);
    expect(sharedMayReceive('comment.created', guest, latest, 5)).toBe(false);
    expect(sharedMayReceive('comment.created', guest, latest, null)).toBe(false);
    expect(sharedMayReceive('comment.created', { showComments: false, guestId: null }, latest, null)).toBe(
      false,
    );
    expect(
      sharedMayReceive('comment.deleted', { showComments: true }, { eventRound: null, currentRound: 5 }),
    ).toBe(false);
  });

  it('shows a shared view the latest round’s preview only, and nothing of the team', () => {
    expect(sharedMayReceive('asset.round_processed', { showComments: false }, latest)).toBe(true);
    expect(sharedMayReceive('asset.round_processed', { showComments: false }, earlier)).toBe(false);
    expect(sharedMayReceive('asset.round_uploaded', { showComments: false }, earlier)).toBe(true);
    for (const type of ['task.created', 'asset.approved', 'member.joined', 'project.share_changed'])
      expect(sharedMayReceive(type, { showComments: true }, latest)).toBe(false);
    for (const type of SHARED_LIVE_EVENT_TYPES) expect(LIVE_DOMAIN_EVENT_TYPES).toContain(type);
  });
});
