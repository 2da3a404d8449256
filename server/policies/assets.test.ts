import { describe, expect, it } from 'vitest';
import type { ProjectActor } from '@common/projectRoles';
import { authorizeUploaderAction, mayActAsUploader } from './assets';

const ACTORS = {
  owner: { role: 'owner', isWorkspaceOwner: false },
  collaborator: { role: 'collaborator', isWorkspaceOwner: false },
  viewer: { role: 'viewer', isWorkspaceOwner: false },
  /** Owns the workspace without being a member of the project. */
  workspaceOwner: { role: null, isWorkspaceOwner: true },
  /** Owns the workspace and collaborates on the project. */
  workspaceOwnerCollaborator: { role: 'collaborator', isWorkspaceOwner: true },
} satisfies Record<string, ProjectActor>;

type ActorName = keyof typeof ACTORS;

const CALLER = 7;
const view = (name: ActorName) => ({ userId: CALLER, actor: ACTORS[name] });

describe('mayActAsUploader (uploader-only actions on the current round, §6)', () => {
  for (const name of Object.keys(ACTORS) as ActorName[]) {
    it(`lets the ${name} act on a round they uploaded`, () => {
      expect(mayActAsUploader(view(name), { uploader_id: CALLER })).toBe(true);
    });

    const allowed = name === 'owner';
    it(`${allowed ? 'lets' : 'refuses'} the ${name} on a round someone else uploaded`, () => {
      expect(mayActAsUploader(view(name), { uploader_id: CALLER + 1 })).toBe(allowed);
    });
  }

  it('counts a round whose uploader is gone as someone else’s: only the project owner', () => {
    expect(mayActAsUploader(view('owner'), { uploader_id: null })).toBe(true);
    expect(mayActAsUploader(view('collaborator'), { uploader_id: null })).toBe(false);
    expect(mayActAsUploader(view('workspaceOwner'), { uploader_id: null })).toBe(false);
  });
});

describe('authorizeUploaderAction', () => {
  it('passes the uploader and the project owner', () => {
    expect(() => authorizeUploaderAction(view('collaborator'), { uploader_id: CALLER })).not.toThrow();
    expect(() => authorizeUploaderAction(view('owner'), { uploader_id: CALLER + 1 })).not.toThrow();
  });

  it('answers 403 forbidden to anyone else', () => {
    expect(() => authorizeUploaderAction(view('collaborator'), { uploader_id: CALLER + 1 })).toThrow(
      expect.objectContaining({ status: 403, code: 'forbidden' }),
    );
  });
});
