import { describe, expect, it } from 'vitest';
import { ViewController, toScreen } from '@web/features/viewer';
import { followerTransform, linkViews } from './linkedViews';

const stage = { width: 1000, height: 800 };

function view(image: { width: number; height: number }) {
  const controller = new ViewController();
  controller.setStage(stage);
  controller.setImage(image);
  return controller;
}

describe('followerTransform', () => {
  it('shows a smaller round of the same shape over the leading one, point for point', () => {
    const leader = { scale: 0.5, x: 40, y: -20 };
    const t = followerTransform(leader, { width: 6000, height: 4000 }, { width: 1500, height: 1000 });
    expect(t).toEqual({ scale: 2, x: 40, y: -20 });
    // The other round's middle shows where the leading round's middle does.
    expect(toScreen(t, { x: 750, y: 500 })).toEqual(toScreen(leader, { x: 3000, y: 2000 }));
  });

  it('centres a round of another shape inside the leading one', () => {
    const leader = { scale: 0.25, x: 10, y: 10 };
    const t = followerTransform(leader, { width: 3000, height: 2000 }, { width: 1000, height: 1000 });
    // Fitted 2000 × 2000 at x 500 of the base: its left edge at 10 + 500 × 0.25.
    expect(t).toEqual({ scale: 0.5, x: 135, y: 10 });
  });
});

describe('linkViews', () => {
  it('keeps the follower in step with every zoom and pan of the leader, and stops when unlinked', () => {
    const leader = view({ width: 6000, height: 4000 });
    const follower = view({ width: 1500, height: 1000 });
    const unlink = linkViews(leader, follower);
    const same = () => {
      const a = leader.getState().transform;
      const b = follower.getState().transform;
      const mid = toScreen(a, { x: 1200, y: 3100 });
      const there = toScreen(b, { x: 300, y: 775 });
      expect(there.x).toBeCloseTo(mid.x);
      expect(there.y).toBeCloseTo(mid.y);
    };
    same();
    leader.zoomTo(2, { x: 300, y: 200 });
    same();
    // 2 on the leader is 8 on the smaller round: past a single view's limit, shown all the same.
    expect(follower.getState().transform.scale).toBeCloseTo(8);
    leader.panBy(-120, 45);
    same();
    leader.setStage({ width: 700, height: 500 });
    expect(follower.getState().stage).toEqual({ width: 700, height: 500 });
    same();
    unlink();
    leader.fit();
    expect(follower.getState().transform.scale).toBeCloseTo(8);
  });

  it('puts the follower back in step when its own picture arrives and fits it', () => {
    const leader = view({ width: 4000, height: 3000 });
    const follower = new ViewController();
    linkViews(leader, follower);
    leader.zoomTo(1, { x: 500, y: 400 });
    follower.setImage({ width: 2000, height: 1500 });
    expect(follower.getState().transform).toEqual(
      followerTransform(
        leader.getState().transform,
        { width: 4000, height: 3000 },
        { width: 2000, height: 1500 },
      ),
    );
  });
});
