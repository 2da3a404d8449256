import { describe, expect, it } from 'vitest';
import type { ShareLink } from '@common/api/shareLinks';
import { linkEditChanged, linkEditDraft, linkEditProblem, linkUpdateFrom } from './linkDraft';
import { endOfLocalDay, localDate } from './shareDraft';

const today = '2026-11-29';
const open: ShareLink = {
  id: 3,
  kind: 'review',
  scope: 'project',
  folder_id: null,
  folder_name: null,
  asset_ids: [],
  hash: 'abcdefghijklmnop',
  url: '/projects/shared_view/abcdefghijklmnop',
  downloadable: false,
  show_comments: false,
  has_password: false,
  expires_at: null,
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: { id: 1, name: 'Ada' },
  guests_count: 0,
};
const guarded: ShareLink = {
  ...open,
  downloadable: true,
  show_comments: true,
  has_password: true,
  expires_at: endOfLocalDay('2026-12-24'),
};

describe('listed link options → PATCH body', () => {
  it('starts from the link as it is and sends nothing when nothing changed', () => {
    const draft = linkEditDraft(guarded);
    expect(draft).toMatchObject({ downloadable: true, showComments: true, protect: true, expires: true });
    expect(draft.expiryDate).toBe(localDate(new Date(guarded.expires_at!)));
    expect(linkUpdateFrom(draft, guarded)).toEqual({});
    expect(linkEditChanged(draft, guarded)).toBe(false);
    expect(linkEditProblem(draft, guarded, today)).toBeNull();
  });

  it('sends only the switches that changed', () => {
    const draft = { ...linkEditDraft(open), downloadable: true };
    expect(linkUpdateFrom(draft, open)).toEqual({ downloadable: true });
    expect(linkEditChanged(draft, open)).toBe(true);
    expect(linkUpdateFrom({ ...linkEditDraft(guarded), showComments: false }, guarded)).toEqual({
      show_comments: false,
    });
  });

  it('sets, changes and removes the password', () => {
    const set = { ...linkEditDraft(open), protect: true, password: 'secret1' };
    expect(linkUpdateFrom(set, open)).toEqual({ password: 'secret1' });
    // Turned on without a password typed: held back with the reason.
    expect(linkEditProblem({ ...set, password: '' }, open, today)).toBe('Enter a password for the link.');
    expect(linkEditProblem({ ...set, password: 'abc' }, open, today)).toMatch(/at least 4/);
    // A link that has one keeps it when the field stays blank, changes it when typed.
    expect(linkUpdateFrom(linkEditDraft(guarded), guarded)).not.toHaveProperty('password');
    expect(linkEditProblem(linkEditDraft(guarded), guarded, today)).toBeNull();
    expect(linkUpdateFrom({ ...linkEditDraft(guarded), password: 'newpass' }, guarded)).toEqual({
      password: 'newpass',
    });
    expect(linkUpdateFrom({ ...linkEditDraft(guarded), protect: false }, guarded)).toEqual({
      password: null,
    });
  });

  it('sets, changes and removes the expiry', () => {
    const set = { ...linkEditDraft(open), expires: true, expiryDate: '2026-12-31' };
    expect(linkUpdateFrom(set, open)).toEqual({ expires_at: endOfLocalDay('2026-12-31') });
    expect(linkEditProblem({ ...set, expiryDate: '' }, open, today)).toBe(
      'Choose the last day the link works.',
    );
    expect(linkEditProblem({ ...set, expiryDate: '2026-11-01' }, open, today)).toBe(
      'The expiry date cannot be in the past.',
    );
    const moved = { ...linkEditDraft(guarded), expiryDate: '2027-01-06' };
    expect(linkUpdateFrom(moved, guarded)).toEqual({ expires_at: endOfLocalDay('2027-01-06') });
    expect(linkUpdateFrom({ ...linkEditDraft(guarded), expires: false }, guarded)).toEqual({
      expires_at: null,
    });
  });

  it('does not judge again an expiry left as it was, even one already past', () => {
    const lapsed = { ...open, expires_at: endOfLocalDay('2026-11-01') };
    const draft = { ...linkEditDraft(lapsed), downloadable: true };
    expect(linkEditProblem(draft, lapsed, today)).toBeNull();
    expect(linkUpdateFrom(draft, lapsed)).toEqual({ downloadable: true });
  });
});
