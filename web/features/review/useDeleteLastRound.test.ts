import { describe, expect, it } from 'vitest';
import { assetAbilities } from '@common/assetGrid/abilities';
import type { ProjectRole } from '@common/projectRoles';
import { canDeleteLastRound } from './useDeleteLastRound';

const me = 7;
const byMe = { uploader: { id: me, name: 'Me' } };
const byOther = { uploader: { id: 8, name: 'Other' } };
const may = (role: ProjectRole, latest: typeof byMe, rounds = 2) =>
  canDeleteLastRound(assetAbilities({ role, isWorkspaceOwner: false }), role, latest, rounds, me);

describe('deleting the latest round', () => {
  it('is for its uploader', () => {
    expect(may('collaborator', byMe)).toBe(true);
    expect(may('collaborator', byOther)).toBe(false);
  });

  it('is for the project owner whoever uploaded it', () => {
    expect(may('owner', byOther)).toBe(true);
  });

  it('is never for the only round', () => {
    expect(may('owner', byMe, 1)).toBe(false);
  });

  it('is not for a viewer, even of a round they uploaded', () => {
    expect(may('viewer', byMe)).toBe(false);
  });
});
