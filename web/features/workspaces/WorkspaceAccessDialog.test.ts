import { describe, expect, it } from 'vitest';
import { accessHint } from './WorkspaceAccessDialog';

describe('workspace access dialog', () => {
  it("names the owner's e-mail in the hint when known", () => {
    expect(accessHint('owner@example.com')).toContain('**owner@example.com**');
    expect(accessHint(null)).toBe('If you think this is a mistake, please contact the workspace owner.');
  });
});
