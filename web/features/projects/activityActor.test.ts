import { describe, expect, it } from 'vitest';
import { guestLabel } from '@common/api/guests';
import { activityActor } from './activityActor';

const member = { id: 4, name: 'Ana Lima', email: 'ana@example.com', avatar: null };

describe('activityActor', () => {
  it("sets a member's name apart from the rest of the sentence", () => {
    expect(activityActor({ user: member, text: 'Ana Lima created the folder "Drafts".', data: {} })).toEqual({
      name: 'Ana Lima',
      isGuest: false,
      rest: ' created the folder "Drafts".',
    });
  });

  it("gives a guest's comment the guest's name, marked, without the server's '(Guest)' words", () => {
    const text = `${guestLabel('Maria')} commented on "hero.jpg": "Warmer".`;
    expect(activityActor({ user: null, text, data: { guest_id: 9, guest_name: 'Maria' } })).toEqual({
      name: 'Maria',
      isGuest: true,
      rest: ' commented on "hero.jpg": "Warmer".',
    });
  });

  it('answers null when the sentence does not start with who acted', () => {
    expect(activityActor({ user: member, text: 'Someone renamed it.', data: {} })).toBeNull();
    expect(activityActor({ user: null, text: 'The project was archived.', data: {} })).toBeNull();
    // A guest named in the data but not at the start: the sentence is shown as it is.
    expect(
      activityActor({ user: null, text: 'Maria commented.', data: { guest_id: 9, guest_name: 'Maria' } }),
    ).toBeNull();
    expect(activityActor({ user: null, text: 'Maria (Guest) x', data: { guest_name: 9 } })).toBeNull();
    expect(activityActor({ user: null, text: ' (Guest) x', data: { guest_name: '' } })).toBeNull();
  });
});
