import { describe, expect, it } from 'vitest';
import { PROJECT_ROLE_NAMES, type ProjectActor } from '@common/projectRoles';
import type { ProjectView } from './projectView';
import { authorizeOwnershipTransfer, authorizeWorkspaceTransfer, changesOwner } from './projectTransfers';

const viewOf = (actor: ProjectActor) => ({ actor }) as ProjectView;

const ACTORS: [string, ProjectActor, { ownership: boolean; workspace: boolean }][] = [
  ['the project owner', { role: 'owner', isWorkspaceOwner: false }, { ownership: true, workspace: true }],
  ['the workspace owner', { role: null, isWorkspaceOwner: true }, { ownership: true, workspace: false }],
  [
    'the workspace owner collaborating',
    { role: 'collaborator', isWorkspaceOwner: true },
    { ownership: true, workspace: false },
  ],
  [
    'a collaborator',
    { role: 'collaborator', isWorkspaceOwner: false },
    { ownership: false, workspace: false },
  ],
  ['a viewer', { role: 'viewer', isWorkspaceOwner: false }, { ownership: false, workspace: false }],
];

describe('project transfers', () => {
  for (const [name, actor, allowed] of ACTORS) {
    it(`${allowed.ownership ? 'lets' : 'refuses'} ${name} hand the ownership on`, () => {
      const run = () => authorizeOwnershipTransfer(viewOf(actor));
      if (allowed.ownership) expect(run).not.toThrow();
      else expect(run).toThrow();
    });
    it(`${allowed.workspace ? 'lets' : 'refuses'} ${name} move the project to another workspace`, () => {
      const run = () => authorizeWorkspaceTransfer(viewOf(actor));
      if (allowed.workspace) expect(run).not.toThrow();
      else expect(run).toThrow();
    });
  }
});

describe('changesOwner', () => {
  for (const role of PROJECT_ROLE_NAMES)
    it(`${role === 'owner' ? 'changes nothing' : 'changes the owner'} when handed to the ${role}`, () => {
      expect(changesOwner({ role })).toBe(role !== 'owner');
    });
});
