import { describe, expect, it } from 'vitest';
import { messageProblem } from './message';

describe('invitation message', () => {
  it('allows a message of at most 300 characters', () => {
    expect(messageProblem('x'.repeat(300))).toBeNull();
    expect(messageProblem('x'.repeat(301))).toBe('Message should be up to 300 characters long.');
  });
});
