import { describe, expect, it } from 'vitest';
import { authorLabel, presentAuthor, presentAuthorToGuest } from './commentAuthor';

const member = {
  user_id: 7,
  guest_id: null,
  author_name: 'Ana',
  author_avatar_key: 'avatars/7',
  guest_name: null,
};
const guest = { user_id: null, guest_id: 3, author_name: null, author_avatar_key: null, guest_name: 'Gwen' };
const gone = { user_id: null, guest_id: null, author_name: null, author_avatar_key: null, guest_name: null };

describe('comment authors', () => {
  it('show members to members with id and avatar, guests by name with is_guest', () => {
    expect(presentAuthor(member)).toEqual({
      id: 7,
      name: 'Ana',
      avatar: expect.stringMatching(/^\/api\/v1\/users\/7\/avatar\?v=/),
      is_guest: false,
    });
    expect(presentAuthor(guest)).toEqual({ id: null, name: 'Gwen', avatar: null, is_guest: true });
    expect(presentAuthor(gone)).toEqual({ id: null, name: 'Deleted user', avatar: null, is_guest: false });
  });

  it('show everyone to a guest by name only', () => {
    expect(presentAuthorToGuest(member)).toEqual({ id: null, name: 'Ana', avatar: null, is_guest: false });
    expect(presentAuthorToGuest(guest)).toEqual({ id: null, name: 'Gwen', avatar: null, is_guest: true });
  });

  it("mark a guest '(Guest)' in the reports' text", () => {
    expect(authorLabel(member)).toBe('Ana');
    expect(authorLabel(guest)).toBe('Gwen (Guest)');
  });
});
