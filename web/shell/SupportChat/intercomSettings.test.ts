import { describe, expect, it } from 'vitest';
import type { User } from '../../../common/api/users';
import type { Workspace } from '../../../common/api/workspaces';
import { intercomSettings } from './intercomSettings';

const user = { id: 7, name: 'Ann', email: 'ann@example.com', intercom_hash: 'abc' } as User;
const workspace = (id: number, cost: number, active = true) =>
  ({ id, subscription: { active, pricing_plan_price: { cost } } }) as Workspace;

describe('intercomSettings', () => {
  it('is null when the chat is not configured or nobody is signed in', () => {
    expect(intercomSettings(null, user, [])).toBeNull();
    expect(intercomSettings('app', null, [])).toBeNull();
  });

  it('identifies the user and lists only active paid workspaces', () => {
    expect(
      intercomSettings('app', user, [workspace(1, 4900), workspace(2, 0), workspace(3, 1900, false)]),
    ).toEqual({
      app_id: 'app',
      user_id: '7',
      email: 'ann@example.com',
      name: 'Ann',
      user_hash: 'abc',
      paid_workspace_ids: '1',
    });
  });
});
