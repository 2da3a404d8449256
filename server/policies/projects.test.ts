import { describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import type { ProjectActor } from '@common/projectRoles';
import { AppError } from '../errors';
import { authorizeBulk, bulkRefusal, type BulkAction } from './projects';

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

/** Projects-side §6 for the calls on many projects: who may take each action. */
const ALLOWED: Record<BulkAction, ActorName[]> = {
  destroy: ['owner', 'workspaceOwner', 'workspaceOwnerCollaborator'],
  archive: ['owner'],
  hide: ['owner', 'collaborator', 'viewer', 'workspaceOwner', 'workspaceOwnerCollaborator'],
  leave: ['collaborator', 'viewer', 'workspaceOwnerCollaborator'],
};

const view = (name: ActorName) => ({ actor: ACTORS[name] });

function refusalOf(run: () => void): AppError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('bulkRefusal', () => {
  for (const action of Object.keys(ALLOWED) as BulkAction[])
    for (const name of Object.keys(ACTORS) as ActorName[]) {
      const allowed = ALLOWED[action].includes(name);
      it(`${allowed ? 'lets' : 'refuses'} ${name} ${action}`, () => {
        const refusal = bulkRefusal(action, ACTORS[name]);
        if (allowed) expect(refusal).toBeNull();
        else expect(refusal).toMatchObject({ status: 403, code: 'forbidden' });
      });
    }

  it('tells the project owner to hand the project on before leaving it', () => {
    expect(bulkRefusal('leave', ACTORS.owner)?.message).toBe(PROJECT_TEXTS.ownerCannotLeave);
  });

  it('answers the general refusal to a workspace owner who is not a member and leaves', () => {
    const message = bulkRefusal('leave', ACTORS.workspaceOwner)?.message;
    expect(message).toBeDefined();
    expect(message).not.toBe(PROJECT_TEXTS.ownerCannotLeave);
  });
});

describe('authorizeBulk', () => {
  it('passes when every project allows the action, and on no projects', () => {
    expect(refusalOf(() => authorizeBulk('leave', [view('collaborator'), view('viewer')]))).toBeUndefined();
    expect(refusalOf(() => authorizeBulk('archive', []))).toBeUndefined();
  });

  it('refuses the whole call when one project of many does not allow it', () => {
    const views = [view('owner'), view('owner'), view('viewer'), view('owner')];
    expect(refusalOf(() => authorizeBulk('archive', views))).toMatchObject({ status: 403 });
  });

  it('answers the first refusal in the order of the projects', () => {
    const ownerFirst = refusalOf(() => authorizeBulk('leave', [view('owner'), view('workspaceOwner')]));
    const outsiderFirst = refusalOf(() => authorizeBulk('leave', [view('workspaceOwner'), view('owner')]));
    expect(ownerFirst?.message).toBe(PROJECT_TEXTS.ownerCannotLeave);
    expect(outsiderFirst?.message).not.toBe(PROJECT_TEXTS.ownerCannotLeave);
  });
});
