import { describe, expect, it } from 'vitest';
import { decisionCounts, facesAndRest } from '@common/api/decisions';
import type { DecisionWithReviewer } from '../db/repositories/assetDecisions';
import { decisionsByRound, presentDecision } from './decision';

const row = (over: Partial<DecisionWithReviewer>): DecisionWithReviewer => ({
  version_id: 1,
  user_id: null,
  guest_id: null,
  decision: 'approved',
  updated_at: '2026-11-29T10:00:00.000Z',
  user_name: null,
  user_avatar_key: null,
  guest_name: null,
  ...over,
});

describe('presentDecision', () => {
  it('shows a member by id, name and avatar address', () => {
    const shown = presentDecision(
      row({
        user_id: 7,
        user_name: 'Ana',
        user_avatar_key: 'avatars/7/a.png',
        decision: 'changes_requested',
      }),
    );
    expect(shown.reviewer).toMatchObject({ id: 7, name: 'Ana', is_guest: false });
    expect(shown.reviewer.avatar).toMatch(/^\/api\/v1\/users\/7\/avatar\?v=/);
    expect(shown).toMatchObject({ decision: 'changes_requested', decided_at: '2026-11-29T10:00:00.000Z' });
  });

  it('shows a guest by name only: no id, no avatar', () => {
    expect(presentDecision(row({ guest_id: 7, guest_name: 'Carla' })).reviewer).toEqual({
      id: null,
      name: 'Carla',
      avatar: null,
      is_guest: true,
    });
  });
});

describe('decisionsByRound', () => {
  it('groups the rows by round, keeping their order', () => {
    const byRound = decisionsByRound([
      row({ version_id: 1, user_id: 1, user_name: 'A' }),
      row({ version_id: 2, user_id: 2, user_name: 'B' }),
      row({ version_id: 1, guest_id: 3, guest_name: 'C', decision: 'changes_requested' }),
    ]);
    expect(byRound.get(1)?.map((d) => d.reviewer.name)).toEqual(['A', 'C']);
    expect(byRound.get(2)?.map((d) => d.reviewer.name)).toEqual(['B']);
    expect(byRound.get(3)).toBeUndefined();
  });
});

describe('decisionCounts', () => {
  it('counts each decision', () => {
    expect(decisionCounts([])).toEqual({ approved: 0, changes_requested: 0 });
    expect(
      decisionCounts([{ decision: 'approved' }, { decision: 'changes_requested' }, { decision: 'approved' }]),
    ).toEqual({ approved: 2, changes_requested: 1 });
  });
});

describe('facesAndRest', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => i);
  it('shows every face that fits, and past the limit one less with the rest behind +N', () => {
    expect(facesAndRest(many(3), 4)).toEqual({ shown: [0, 1, 2], rest: [] });
    expect(facesAndRest(many(4), 4)).toEqual({ shown: [0, 1, 2, 3], rest: [] });
    expect(facesAndRest(many(6), 4)).toEqual({ shown: [0, 1, 2], rest: [3, 4, 5] });
    expect(facesAndRest(many(9)).shown).toHaveLength(7);
    expect(facesAndRest(many(9)).rest).toHaveLength(2);
  });
});
