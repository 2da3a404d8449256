import { describe, expect, it } from 'vitest';
import {
  draftFrom,
  endOfLocalDay,
  shareDraftChanged,
  shareDraftProblem,
  shareRequestFrom,
} from './shareDraft';

const none = {
  share_hash: null,
  share_hash_downloadable: false,
  share_show_comments: false,
  share_has_password: false,
  share_expires_at: null,
};
const locked = {
  share_hash: 'h',
  share_hash_downloadable: true,
  share_show_comments: false,
  share_has_password: true,
  share_expires_at: endOfLocalDay('2030-05-04'),
};

describe('share link form', () => {
  it('starts a new link view-only, without comments, password or expiry', () => {
    expect(draftFrom(none)).toEqual({
      downloadable: false,
      showComments: false,
      protect: false,
      password: '',
      expires: false,
      expiryDate: '',
    });
    expect(shareRequestFrom(draftFrom(none), none)).toEqual({ downloadable: false, show_comments: false });
  });

  it('reads an existing link and sends nothing that would change it', () => {
    const draft = draftFrom(locked);
    expect(draft).toMatchObject({
      downloadable: true,
      protect: true,
      expires: true,
      expiryDate: '2030-05-04',
    });
    expect(shareDraftChanged(draft, locked)).toBe(false);
    // The kept password is not sent again; the expiry is the same instant.
    expect(shareRequestFrom(draft, locked)).toEqual({
      downloadable: true,
      show_comments: false,
      expires_at: locked.share_expires_at,
    });
  });

  it('sends null to take the password and the expiry off', () => {
    const draft = { ...draftFrom(locked), protect: false, expires: false };
    expect(shareDraftChanged(draft, locked)).toBe(true);
    expect(shareRequestFrom(draft, locked)).toEqual({
      downloadable: true,
      show_comments: false,
      password: null,
      expires_at: null,
    });
  });

  it("reads and sends 'Show comments', a change of it alone being a change to save", () => {
    const showing = { ...locked, share_show_comments: true };
    expect(draftFrom(showing).showComments).toBe(true);
    expect(draftFrom({ ...none, share_show_comments: true }).showComments).toBe(false);
    const draft = { ...draftFrom(locked), showComments: true };
    expect(shareDraftChanged(draft, locked)).toBe(true);
    expect(shareRequestFrom(draft, locked).show_comments).toBe(true);
    expect(shareDraftChanged(draft, showing)).toBe(false);
  });

  it('sends a new password and the end of the chosen day', () => {
    const draft = {
      ...draftFrom(none),
      protect: true,
      password: 'open sesame',
      expires: true,
      expiryDate: '2031-01-02',
    };
    const request = shareRequestFrom(draft, none);
    expect(request.password).toBe('open sesame');
    const end = new Date(request.expires_at!);
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([2031, 0, 2, 23]);
  });

  it('asks for a password, a long enough one, and an expiry not in the past', () => {
    const today = '2030-01-10';
    expect(shareDraftProblem({ ...draftFrom(none), protect: true }, none, today)).toBe(
      'Enter a password for the link.',
    );
    expect(shareDraftProblem({ ...draftFrom(locked), password: '' }, locked, today)).toBeNull();
    expect(shareDraftProblem({ ...draftFrom(none), protect: true, password: 'abc' }, none, today)).toBe(
      'Password should be at least 4 characters long.',
    );
    expect(shareDraftProblem({ ...draftFrom(none), expires: true }, none, today)).toBe(
      'Choose the last day the link works.',
    );
    expect(
      shareDraftProblem({ ...draftFrom(none), expires: true, expiryDate: '2030-01-09' }, none, today),
    ).toBe('The expiry date cannot be in the past.');
  });
});
