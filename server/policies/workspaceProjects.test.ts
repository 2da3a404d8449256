import { describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { WORKSPACE_ROLE_NAMES } from '@common/workspaceRoles';
import { authorizeProjectCreation, mayCreateProjects, seesEveryWorkspaceProject } from './workspaceProjects';

function errorOf(run: () => void) {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
}

describe('project creation in a workspace', () => {
  for (const role of WORKSPACE_ROLE_NAMES) {
    const allowed = role === 'owner' || role === 'admin';
    it(`${allowed ? 'lets' : 'refuses'} the ${role} create projects`, () => {
      expect(mayCreateProjects(role)).toBe(allowed);
      const error = errorOf(() => authorizeProjectCreation({ member: { role } }));
      if (allowed) expect(error).toBeUndefined();
      else
        expect(error).toMatchObject({ status: 403, code: 'forbidden', message: PROJECT_TEXTS.cannotCreate });
    });
  }
});

describe('seesEveryWorkspaceProject', () => {
  for (const role of WORKSPACE_ROLE_NAMES) {
    const everything = role === 'owner' || role === 'admin';
    it(`shows the ${role} ${everything ? 'every project' : 'only their own projects'}`, () => {
      expect(seesEveryWorkspaceProject(role)).toBe(everything);
    });
  }
});
