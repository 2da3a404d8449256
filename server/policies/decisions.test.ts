import { describe, expect, it } from 'vitest';
import { DECISION_TEXTS } from '@common/api/decisions';
import type { ProjectActor } from '@common/projectRoles';
import { AppError } from '../errors';
import { authorizeDecide, mayDecide } from './decisions';

/** Who decides (issue 26 item 3): the members who may comment (§6), no one else. */
describe('mayDecide', () => {
  const table: [string, ProjectActor, boolean][] = [
    ['the owner', { role: 'owner', isWorkspaceOwner: false }, true],
    ['a collaborator', { role: 'collaborator', isWorkspaceOwner: false }, true],
    ['a View Only member', { role: 'viewer', isWorkspaceOwner: false }, false],
    ['the workspace owner outside the project', { role: null, isWorkspaceOwner: true }, false],
    ['the workspace owner who is a collaborator', { role: 'collaborator', isWorkspaceOwner: true }, true],
    ['someone with no role', { role: null, isWorkspaceOwner: false }, false],
  ];
  for (const [who, actor, allowed] of table) {
    it(`${who} ${allowed ? 'may' : 'may not'} decide`, () => {
      expect(mayDecide({ actor })).toBe(allowed);
      if (allowed) expect(() => authorizeDecide({ actor })).not.toThrow();
      else {
        let refused: unknown;
        try {
          authorizeDecide({ actor });
        } catch (error) {
          refused = error;
        }
        expect(refused).toBeInstanceOf(AppError);
        expect(refused).toMatchObject({ status: 403, message: DECISION_TEXTS.mayNotDecide });
      }
    });
  }
});
