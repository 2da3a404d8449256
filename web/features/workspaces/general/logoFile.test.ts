import { describe, expect, it } from 'vitest';
import { logoProblem } from './logoFile';

describe('workspace logo file', () => {
  it('accepts JPEG, PNG and GIF images up to 5 MB', () => {
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'a.gif'])
      expect(logoProblem({ name, size: 10 })).toBeNull();
  });

  it('refuses other types, empty files and files over 5 MB', () => {
    expect(logoProblem({ name: 'a.svg', size: 10 })).toBe('Logo should be a valid file.');
    expect(logoProblem({ name: 'png', size: 10 })).toBe('Logo should be a valid file.');
    expect(logoProblem({ name: 'a.png', size: 0 })).toBe('Logo should be a valid file.');
    expect(logoProblem({ name: 'a.png', size: 5 * 1024 * 1024 + 1 })).toBe('Logo should be a valid file.');
  });
});
