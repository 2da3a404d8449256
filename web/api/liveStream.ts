import { useSyncExternalStore } from 'react';
import {
  LIVE_EVENTS_PATH,
  LIVE_MESSAGE_TYPES,
  LIVE_RETRY_MS,
  liveMessageSchema,
  type LiveMessage,
} from '@common/api/liveEvents';
import { API_BASE } from './client';

/**
 * The one live stream of the tab (GET /api/v1/events, common/api/liveEvents.ts): a single
 * EventSource, for the signed-in user or for a shared view's link, handing each message to the
 * live client's cache work (web/features/live/liveCache.ts). It knows no domain: it opens,
 * reconnects and says whether it is open, so queries can keep a slow safety poll while it is not.
 *
 * Reconnecting: when the server closes the stream, or the network drops it, EventSource reconnects
 * by itself after the server's `retry:` and sends `Last-Event-ID`; the server replays the gap. When
 * EventSource gives up instead (an answer that is not a stream: 401, 404, a proxy's 502), the stream
 * asks the same address once with fetch to learn the status: 401, 403 and 404 stop it for good (the
 * session ended, the link is gone); anything else is tried again later, further apart each time. A
 * new EventSource cannot send Last-Event-ID, so it names the last event seen as `last_event_id` and
 * the server replays from there. A stream that opens with no event seen yet (the first open of the
 * tab, or any open before an event came) has nothing to replay from: `resync` has every query read
 * again, since what happened between a query's read and the open (a preview finished while the page
 * loaded) would otherwise never reach the screen.
 */
export type LiveStreamState = 'off' | 'connecting' | 'open' | 'down' | 'stopped';

export interface LiveStreamHandlers {
  message: (message: LiveMessage) => void;
  /** The stream opened with no event to replay from: what happened before the open may be missed. */
  resync: () => void;
}

/** The address of a stream opened anew: after the last event seen, when there is one. */
export function resumeUrl(url: string, lastEventId: string | null): string {
  if (lastEventId === null) return url;
  const query = new URLSearchParams({ last_event_id: lastEventId }).toString();
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}

/** The longest wait between two tries after EventSource gave up. */
export const LIVE_RETRY_MAX_MS = 60_000;

/** Statuses that end the stream: no session (401), a link locked, gone or revoked (403, 404, 410). */
const FINAL_STATUSES = new Set([400, 401, 403, 404, 410]);

/**
 * What to do after EventSource gave up and the probe answered `status` (null: no answer at all),
 * the `failures`-th time in a row: stop, or try again after a wait that doubles up to
 * LIVE_RETRY_MAX_MS, spread by `random` (0..1) so that a restarted server is not met by every tab
 * in the same second.
 */
export function afterFailure(
  status: number | null,
  failures: number,
  random: number,
): { stop: true } | { stop: false; delayMs: number } {
  if (status !== null && FINAL_STATUSES.has(status)) return { stop: true };
  const base = Math.min(LIVE_RETRY_MS * 2 ** failures, LIVE_RETRY_MAX_MS);
  return { stop: false, delayMs: Math.round(base * (0.75 + 0.5 * random)) };
}

export function liveStreamUrl(shareHash: string | null): string {
  const path = `${API_BASE}${LIVE_EVENTS_PATH}`;
  return shareHash === null ? path : `${path}?${new URLSearchParams({ share_hash: shareHash }).toString()}`;
}

/** The message EventSource handed over, when it is one of the contract's (others are dropped). */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/* ----------------------------------------------------------- the tab's state */

let state: LiveStreamState = 'off';
const watchers = new Set<() => void>();

function setState(next: LiveStreamState) {
  if (state === next) return;
  state = next;
  // On the page too (<html data-live-stream>): the browser journeys wait on it.
  if (typeof document !== 'undefined') document.documentElement.dataset.liveStream = next;
  for (const watcher of watchers) watcher();
}

export function liveStreamState(): LiveStreamState {
  return state;
}

function watch(watcher: () => void) {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * Whether the stream is open now: queries that used to poll keep a slow safety poll only while it
 * is not (a component using this renders again when it opens or drops).
 */
export function useLiveStreamOpen(): boolean {
  return useSyncExternalStore(
    watch,
    () => state === 'open',
    () => false,
  );
}

/* ------------------------------------------------------------ the connection */

class Connection {
  private source: EventSource | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private probe: AbortController | null = null;
  private failures = 0;
  /** The id of the last event received (presence messages have none). */
  private lastId: string | null = null;
  private closed = false;

  constructor(
    readonly url: string,
    public handlers: LiveStreamHandlers,
  ) {
    this.connect();
  }

  private readonly onMessage = (event: MessageEvent<unknown>) => {
    if (this.closed) return;
    if (event.lastEventId) this.lastId = event.lastEventId;
    const message = parseLiveMessage(event.data);
    if (message) this.handlers.message(message);
  };

  private connect() {
    this.retryTimer = null;
    const source = new EventSource(resumeUrl(this.url, this.lastId), { withCredentials: true });
    this.source = source;
    setState('connecting');
    source.onopen = () => {
      if (source !== this.source) return;
      this.failures = 0;
      setState('open');
      if (this.lastId === null) this.handlers.resync();
    };
    for (const type of LIVE_MESSAGE_TYPES) source.addEventListener(type, this.onMessage);
    source.onerror = () => {
      if (source !== this.source || this.closed) return;
      // CONNECTING: EventSource reconnects by itself, with Last-Event-ID; nothing is lost.
      if (source.readyState !== EventSource.CLOSED) {
        setState('connecting');
        return;
      }
      source.close();
      this.source = null;
      setState('down');
      void this.learnWhy();
    };
  }

  /** EventSource does not say why it gave up: the same address, asked once, does. */
  private async learnWhy() {
    const probe = new AbortController();
    this.probe = probe;
    let status: number | null;
    try {
      const response = await fetch(this.url, {
        credentials: 'same-origin',
        headers: { Accept: 'text/event-stream' },
        signal: probe.signal,
      });
      status = response.status;
    } catch {
      status = null;
    } finally {
      probe.abort();
    }
    if (this.closed || this.probe !== probe) return;
    this.probe = null;
    const next = afterFailure(status, this.failures, Math.random());
    if (next.stop) {
      setState('stopped');
      return;
    }
    this.failures += 1;
    this.retryTimer = setTimeout(() => this.connect(), next.delayMs);
  }

  /** Connects again at once, resuming after the last event seen: nothing is lost or told twice. */
  reconnect() {
    if (this.closed) return;
    this.source?.close();
    this.source = null;
    this.probe?.abort();
    this.probe = null;
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.connect();
  }

  close() {
    this.closed = true;
    this.source?.close();
    this.source = null;
    this.probe?.abort();
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    setState('off');
  }
}

let current: { connection: Connection; users: number } | null = null;

/**
 * Opens the tab's stream for the signed-in user (`shareHash` null) or a shared view's link, or
 * joins the one already open to the same address (the latest handlers receive its messages);
 * another address closes the old one first: one EventSource per tab. The answer lets go of it;
 * the last to let go closes it.
 */
export function openLiveStream(shareHash: string | null, handlers: LiveStreamHandlers): () => void {
  const url = liveStreamUrl(shareHash);
  if (current && current.connection.url === url) {
    current.users += 1;
    current.connection.handlers = handlers;
  } else {
    current?.connection.close();
    current = { connection: new Connection(url, handlers), users: 1 };
  }
  const mine = current;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.users -= 1;
    if (mine.users > 0 || current !== mine) return;
    mine.connection.close();
    current = null;
  };
}

/**
 * Opens the tab's stream again with the cookies it has now (a guest who has just joined a review
 * link is then told of their own threads), resuming after the last event it had.
 */
export function reconnectLiveStream(): void {
  current?.connection.reconnect();
}
