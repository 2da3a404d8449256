import { describe, expect, it } from 'vitest';
import { LIVE_RETRY_MS } from '@common/api/liveEvents';
import { afterFailure, LIVE_RETRY_MAX_MS, liveStreamUrl, parseLiveMessage, resumeUrl } from './liveStream';

describe('afterFailure', () => {
  it('stops for good when the session ended or the link is gone', () => {
    for (const status of [401, 403, 404, 410]) expect(afterFailure(status, 0, 0.5)).toEqual({ stop: true });
  });

  it('tries again after a server error, a refusal to wait, or no answer at all, further apart each time', () => {
    expect(afterFailure(502, 0, 0.5)).toEqual({ stop: false, delayMs: LIVE_RETRY_MS });
    expect(afterFailure(null, 1, 0.5)).toEqual({ stop: false, delayMs: 2 * LIVE_RETRY_MS });
    expect(afterFailure(429, 2, 0.5)).toEqual({ stop: false, delayMs: 4 * LIVE_RETRY_MS });
    // A stream that answered after all (EventSource gave up on a passing fault) is opened again too.
    expect(afterFailure(200, 0, 0.5)).toMatchObject({ stop: false });
  });

  it('waits at most a minute, spread a quarter either way', () => {
    expect(afterFailure(503, 30, 0.5)).toEqual({ stop: false, delayMs: LIVE_RETRY_MAX_MS });
    expect(afterFailure(503, 0, 0)).toEqual({ stop: false, delayMs: 0.75 * LIVE_RETRY_MS });
    expect(afterFailure(503, 0, 1)).toEqual({ stop: false, delayMs: 1.25 * LIVE_RETRY_MS });
  });
});

describe('liveStreamUrl', () => {
  it("is the signed-in user's stream, or the link's with its hash", () => {
    expect(liveStreamUrl(null)).toBe('/api/v1/events');
    expect(liveStreamUrl('a b&c')).toBe('/api/v1/events?share_hash=a+b%26c');
  });
});

describe('resumeUrl', () => {
  it('names the last event seen, so the server replays what came after it', () => {
    expect(resumeUrl('/api/v1/events', '41')).toBe('/api/v1/events?last_event_id=41');
    expect(resumeUrl('/api/v1/events?share_hash=h', '41')).toBe(
      '/api/v1/events?share_hash=h&last_event_id=41',
    );
    expect(resumeUrl('/api/v1/events', null)).toBe('/api/v1/events');
  });
});

describe('parseLiveMessage', () => {
  const good = { type: 'comment.created', project_id: 1, object_type: 'Comment', object_id: 2, data: {} };

  it("reads a message of the contract's shape", () => {
    expect(parseLiveMessage(JSON.stringify(good))).toEqual(good);
  });

  it('drops what is not JSON, of an unknown type or of another shape', () => {
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...good, type: 'comment.exploded' }))).toBeNull();
    expect(parseLiveMessage(JSON.stringify({ ...good, project_id: '1' }))).toBeNull();
    expect(parseLiveMessage(undefined)).toBeNull();
  });
});
