import { AssetPresence } from '../services/live/assetPresence';
import { LiveStreams } from '../services/live/liveStreams';
import type { AssetServices } from './assets';
import type { Platform } from './platform';
import type { ProjectServices } from './projects';

export type LiveServices = ReturnType<typeof liveServices>;

/** Real time: the live stream hub of this process and presence on assets (issue 24 item 5). */
export function liveServices(
  p: Platform,
  { sharedAccess, guests }: Pick<ProjectServices, 'sharedAccess' | 'guests'>,
  { assetAccess }: Pick<AssetServices, 'assetAccess'>,
) {
  const assetPresence = new AssetPresence(p.uow, assetAccess, p.bus, p.clock, p.log);
  return {
    assetPresence,
    liveStreams: new LiveStreams(p.uow, sharedAccess, guests, assetPresence, p.bus, p.clock, p.log, {
      sweepMs: p.config.live.sweepMs,
    }),
  };
}
