import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds links inside text', () => {
    expect(linkify('Reset: http://127.0.0.1:3000/reset-password?reset_password_token=abc\nThanks')).toEqual([
      { kind: 'text', text: 'Reset: ' },
      { kind: 'link', href: 'http://127.0.0.1:3000/reset-password?reset_password_token=abc' },
      { kind: 'text', text: '\nThanks' },
    ]);
  });

  it('leaves a trailing full stop out of the link', () => {
    expect(linkify('Open https://proofroom.app/x.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'https://proofroom.app/x' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('returns plain text untouched', () => {
    expect(linkify('Your code is 123456')).toEqual([{ kind: 'text', text: 'Your code is 123456' }]);
  });
});
