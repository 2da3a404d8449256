import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@web/api/client';
import {
  clearWorkspaceAccessError,
  isWorkspaceAccessError,
  reportWorkspaceAccessError,
} from './accessErrors';

const workspace = { id: 7, owner: { email: 'owner@example.com' } };

describe('workspace access errors', () => {
  afterEach(() => clearWorkspaceAccessError());

  it('treats a lost workspace (404) and a withdrawn permission (403) as access errors', () => {
    expect(isWorkspaceAccessError(new ApiError(404, 'not_found', 'x'))).toBe(true);
    expect(isWorkspaceAccessError(new ApiError(403, 'forbidden', 'x'))).toBe(true);
  });

  it('leaves business refusals to the screen that made the call', () => {
    for (const [status, code] of [
      [403, 'inactive_workspace'],
      [403, 'forbidden_subscription_limit_reached'],
      [403, 'forbidden_project_count'],
      [404, 'not_found_member'],
      [422, 'invalid_record'],
      [500, 'internal_error'],
    ] as const)
      expect(isWorkspaceAccessError(new ApiError(status, code, 'x'))).toBe(false);
    expect(isWorkspaceAccessError(new Error('x'))).toBe(false);
  });

  it('reports only access errors', () => {
    expect(reportWorkspaceAccessError(new ApiError(422, 'invalid_record', 'x'), workspace)).toBe(false);
    expect(reportWorkspaceAccessError(new ApiError(404, 'not_found', 'x'), workspace)).toBe(true);
    // A second failure while the dialog is up is absorbed by it.
    expect(reportWorkspaceAccessError(new ApiError(403, 'forbidden', 'x'), workspace)).toBe(true);
  });
});
