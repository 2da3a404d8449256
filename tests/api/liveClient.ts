import type { ApiClient, Json } from './harness';

/** One message of a server-sent-event stream, its data parsed. */
export interface LiveMessage {
  id: string | null;
  event: string;
  data: Json;
}

const WAIT_MS = 10_000;

/**
 * A small SSE client over real HTTP (fetch), reading the answer's body as it comes: the messages,
 * the comment lines and the end, each awaited on what actually arrives.
 */
export class LiveStream {
  readonly messages: LiveMessage[] = [];
  readonly comments: string[] = [];
  ended = false;
  private waiters: (() => void)[] = [];
  private readonly controller = new AbortController();
  status = 0;
  contentType: string | null = null;
  body: string = '';
  /** As EventSource keeps it: the id of the last message that carried one (sent back as Last-Event-ID). */
  lastEventId: string | null = null;
  /** The reconnection delay the server asked for (`retry:`). */
  retry: number | null = null;

  private constructor() {}

  /**
   * Opens GET /api/v1/events (with the client's cookies, `?share_hash=`, `Last-Event-ID`); resolves once
   * the answer's head has come, that is once the server holds the stream.
   */
  static async open(
    baseUrl: string,
    options: { client?: ApiClient; shareHash?: string; lastEventId?: string | number | null } = {},
  ): Promise<LiveStream> {
    const stream = new LiveStream();
    const query = options.shareHash ? `?share_hash=${encodeURIComponent(options.shareHash)}` : '';
    const response = await fetch(`${baseUrl}/api/v1/events${query}`, {
      headers: {
        accept: 'text/event-stream',
        ...(options.client?.cookieHeader ? { cookie: options.client.cookieHeader } : {}),
        ...(options.lastEventId !== undefined && options.lastEventId !== null
          ? { 'last-event-id': String(options.lastEventId) }
          : {}),
      },
      signal: stream.controller.signal,
    });
    stream.status = response.status;
    stream.contentType = response.headers.get('content-type');
    if (!response.ok || !response.body) {
      stream.body = await response.text();
      stream.ended = true;
      return stream;
    }
    void stream.read(response.body);
    return stream;
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          this.parse(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
        this.wake();
      }
    } catch {
      // aborted by close()
    }
    this.ended = true;
    this.wake();
  }

  private parse(block: string): void {
    let id: string | null = null;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('id:')) id = line.slice(3).trim();
      else if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
      else if (line.startsWith('retry:')) this.retry = Number(line.slice(6));
    }
    if (id !== null) this.lastEventId = id;
    if (data.length) this.messages.push({ id, event, data: JSON.parse(data.join('\n')) });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  /** Resolves when `ready()` holds, checked on each arrival; rejects after the wait or at the end. */
  until<T>(ready: () => T | undefined | false, what: string, timeoutMs = WAIT_MS): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
      const check = () => {
        const value = ready();
        if (value) {
          clearTimeout(timer);
          resolve(value);
        } else if (this.ended) {
          clearTimeout(timer);
          reject(
            new Error(`stream ended before ${what}: ${JSON.stringify(this.messages.map((m) => m.event))}`),
          );
        } else this.waiters.push(check);
      };
      check();
    });
  }

  /** The first message of `event` (matching `where`), waiting for it to arrive. */
  next(event: string, where: (m: LiveMessage) => boolean = () => true): Promise<LiveMessage> {
    return this.until(() => this.messages.find((m) => m.event === event && where(m)), `a ${event} message`);
  }

  /** The messages of `event`. */
  all(event: string): LiveMessage[] {
    return this.messages.filter((m) => m.event === event);
  }

  /** Waits for the server to end the stream. */
  closedByServer(): Promise<true> {
    return this.until(() => this.ended || undefined, 'the stream to end');
  }

  close(): void {
    this.controller.abort();
  }
}
