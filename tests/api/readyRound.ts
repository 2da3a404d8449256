import { expect } from 'vitest';
import { waitFor } from '../queue/waitFor';
import type { ApiClient, Json } from './harness';

/** The asset's current round once its preview is ready (made by a worker process). */
export async function readyRound(client: ApiClient, assetId: number, timeoutMs = 30_000): Promise<Json> {
  return waitFor(async () => {
    const round = (await client.get(`/assets/${assetId}`)).body.response.current_version;
    expect(round.preview_state).not.toBe('failed');
    return round.preview_state === 'ready' ? round : undefined;
  }, timeoutMs);
}
