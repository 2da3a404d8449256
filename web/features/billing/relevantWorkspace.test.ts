import { describe, expect, it } from 'vitest';
import type { Workspace } from '@common/api/workspaces';
import { relevantWorkspace } from './relevantWorkspace';

const ws = (id: number, ownerId: number) => ({ id, owner: { id: ownerId } }) as Workspace;

describe('the workspace the top bar speaks about', () => {
  const list = [ws(1, 7), ws(2, 9)];
  it('is the open one, else the owned one', () => {
    expect(relevantWorkspace(list, 7, '/user/workspaces/2/projects')?.id).toBe(2);
    expect(relevantWorkspace(list, 7, '/user/workspaces/2')?.id).toBe(2);
    expect(relevantWorkspace(list, 7, '/projects')?.id).toBe(1);
    expect(relevantWorkspace(list, 7, '/user/workspaces/new')?.id).toBe(1);
    expect(relevantWorkspace(list, 7, '/user/workspaces/3/plan')?.id).toBe(1);
  });
  it('is none for a member who owns nothing, outside a workspace', () => {
    expect(relevantWorkspace(list, 5, '/projects')).toBeNull();
    expect(relevantWorkspace(undefined, 5, '/projects')).toBeNull();
  });
});
