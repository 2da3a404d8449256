import { describe, expect, it } from 'vitest';
import { assetAbilities, changesAnything } from './abilities';

const as = (role: 'owner' | 'collaborator' | 'viewer' | null) =>
  assetAbilities({ role, isWorkspaceOwner: false });

describe('assetAbilities', () => {
  it('lets only the owner rename (§6 editTitle)', () => {
    expect(as('owner').rename).toBe(true);
    expect(as('collaborator').rename).toBe(false);
  });

  it('lets collaborators review, move, download and delete', () => {
    expect(as('collaborator')).toEqual({
      rename: false,
      destroy: true,
      move: true,
      approve: true,
      flag: true,
      label: true,
      download: true,
      share: true,
    });
  });

  it('lets owners and collaborators share some assets by link, not a viewer (§6 projects.share)', () => {
    expect(as('owner').share).toBe(true);
    expect(as('viewer').share).toBe(false);
    expect(as(null).share).toBe(false);
  });

  it('lets a viewer download and nothing else; a stranger nothing', () => {
    const viewer = as('viewer');
    expect(viewer.download).toBe(true);
    expect(changesAnything(viewer)).toBe(false);
    expect(Object.values(as(null)).some(Boolean)).toBe(false);
  });
});
