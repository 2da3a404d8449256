import type { ViewController, Size, ViewTransform } from '@web/features/viewer';
import { alignedFrame } from './alignRounds';

/**
 * The transform that shows `other` where it lies over the leading round, aligned by relative size
 * (alignedFrame): a point of the other round lands on the screen exactly where the matching point
 * of the leading round does under `leader`.
 */
export function followerTransform(leader: ViewTransform, base: Size, other: Size): ViewTransform {
  const frame = alignedFrame(base, other);
  const share = other.width > 0 ? frame.width / other.width : 1;
  return {
    scale: leader.scale * share,
    x: leader.x + frame.x * leader.scale,
    y: leader.y + frame.y * leader.scale,
  };
}

/**
 * Keeps `follower` in step with `leader`: the same stage, and the leader's zoom and pan mapped
 * through the rounds' alignment. Every zoom and pan goes to the leader (the stages of compare are
 * all driven by it); the follower only shows. Returns the unlink.
 */
export function linkViews(leader: ViewController, follower: ViewController): () => void {
  const sync = () => {
    const lead = leader.getState();
    follower.setStage(lead.stage);
    const other = follower.getState().image;
    if (!lead.image || !other) return;
    follower.follow(followerTransform(lead.transform, lead.image, other));
  };
  const stopLeader = leader.subscribe(sync);
  // The follower's picture arriving (its size, a pyramid's) fits it anew: put it back in step.
  const stopFollower = follower.subscribe(sync);
  sync();
  return () => {
    stopLeader();
    stopFollower();
  };
}
