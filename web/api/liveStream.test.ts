import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_RETRY_MS } from '@common/api/liveEvents';
import {
  afterFailure,
  LIVE_RETRY_MAX_MS,
  liveStreamUrl,
  openLiveStream,
  parseLiveMessage,
  reconnectLiveStream,
  resumeUrl,
} from './liveStream';

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

/** Stands in for the browser's EventSource: the test opens it, sends events and drops it. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static last: FakeEventSource | null = null;
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, (event: MessageEvent<unknown>) => void>();

  constructor(readonly url: string) {
    FakeEventSource.last = this;
  }

  addEventListener(type: string, listener: (event: MessageEvent<unknown>) => void) {
    this.listeners.set(type, listener);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }

  send(type: string, id: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data), lastEventId: id } as MessageEvent<unknown>);
  }

  /** The connection dropped and EventSource reconnects by itself (it sends Last-Event-ID). */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.onerror?.();
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe('openLiveStream', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function open() {
    vi.stubGlobal('EventSource', FakeEventSource);
    const handlers = { message: vi.fn(), resync: vi.fn() };
    const release = openLiveStream(null, handlers);
    const source = FakeEventSource.last!;
    return { handlers, release, source };
  }

  it('has every query read again when it first opens: what happened while the page loaded is not replayed', () => {
    const { handlers, release, source } = open();
    expect(handlers.resync).not.toHaveBeenCalled();
    source.open();
    expect(handlers.resync).toHaveBeenCalledTimes(1);
    release();
  });

  it('reopened by EventSource before any event came, reads again; after an event, the server replays instead', () => {
    const { handlers, release, source } = open();
    source.open();
    source.drop();
    source.open();
    expect(handlers.resync).toHaveBeenCalledTimes(2);

    const message = { type: 'task.updated', project_id: 1, object_type: 'Task', object_id: 4, data: {} };
    source.send('task.updated', '41', message);
    expect(handlers.message).toHaveBeenCalledTimes(1);
    source.drop();
    source.open();
    expect(handlers.resync).toHaveBeenCalledTimes(2);
    release();
  });

  it('reconnected (a guest has just joined), opens a new source that resumes after the last event', () => {
    const { handlers, release, source } = open();
    source.open();
    const message = { type: 'task.updated', project_id: 1, object_type: 'Task', object_id: 4, data: {} };
    source.send('task.updated', '57', message);
    reconnectLiveStream();
    const again = FakeEventSource.last!;
    expect(again).not.toBe(source);
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
    expect(again.url).toBe('/api/v1/events?last_event_id=57');
    again.open();
    // Resumed, not read again: the server replays what came after event 57.
    expect(handlers.resync).toHaveBeenCalledTimes(1);
    again.send('task.updated', '58', message);
    expect(handlers.message).toHaveBeenCalledTimes(2);
    release();
    reconnectLiveStream();
    expect(FakeEventSource.last).toBe(again);
  });
});
