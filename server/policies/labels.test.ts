import { describe, expect, it } from 'vitest';
import { WORKSPACE_ROLE_NAMES } from '@common/workspaceRoles';
import { authorizeWorkspaceLabels } from './labels';

describe('authorizeWorkspaceLabels', () => {
  for (const role of WORKSPACE_ROLE_NAMES) {
    const allowed = role === 'owner' || role === 'admin';
    it(`${allowed ? 'lets' : 'refuses'} the ${role} manage the workspace's labels`, () => {
      if (allowed) expect(() => authorizeWorkspaceLabels(role)).not.toThrow();
      else expect(() => authorizeWorkspaceLabels(role)).toThrow(/Only the owner and members/);
    });
  }
});
