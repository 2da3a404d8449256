import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';

/** What the proxy does with connections now. */
export type FaultMode =
  | { kind: 'pass' }
  /** Every chunk, each way, waits this long before it is passed on. */
  | { kind: 'delay'; ms: number }
  /** Open connections are reset; new ones are accepted and reset at once. */
  | { kind: 'reset' }
  /** Open connections are reset; new ones are closed before a byte passes (a refused port). */
  | { kind: 'refuse' };

/**
 * A TCP proxy of our own in front of PostgreSQL or the S3 server: pass, delay, reset or refuse,
 * for a while, then pass again. The fault tests point an app's DATABASE_URL or S3_ENDPOINT at it.
 */
export class FaultProxy {
  private mode: FaultMode = { kind: 'pass' };
  private readonly open = new Set<Socket>();
  private restore: NodeJS.Timeout | null = null;
  /** Connections accepted so far (the tests check a fault was met). */
  accepted = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<FaultProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    const proxy = new FaultProxy(server, (server.address() as AddressInfo).port);
    server.on('connection', (client) => proxy.accept(client, target));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get current(): FaultMode {
    return this.mode;
  }

  /** Sets the mode; with `forMs`, back to pass after that long. */
  set(mode: FaultMode, forMs?: number): void {
    if (this.restore) clearTimeout(this.restore);
    this.restore = null;
    this.mode = mode;
    if (mode.kind === 'reset' || mode.kind === 'refuse') {
      for (const socket of this.open) socket.resetAndDestroy();
    }
    if (forMs !== undefined) {
      this.restore = setTimeout(() => this.set({ kind: 'pass' }), forMs);
      this.restore.unref();
    }
  }

  /** Refuses for `ms`, answering once the window is over (the test goes on meanwhile if it does not wait). */
  async refuseFor(ms: number): Promise<void> {
    this.set({ kind: 'refuse' }, ms);
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  async close(): Promise<void> {
    if (this.restore) clearTimeout(this.restore);
    for (const socket of this.open) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    this.accepted++;
    if (this.mode.kind === 'refuse') {
      client.destroy();
      return;
    }
    if (this.mode.kind === 'reset') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    this.track(client);
    this.track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    this.pipe(client, upstream);
    this.pipe(upstream, client);
  }

  private track(socket: Socket): void {
    this.open.add(socket);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.open.delete(socket));
  }

  /** Passes chunks in order (a queue), each after `ms` in delay mode, with backpressure. */
  private pipe(from: Socket, to: Socket): void {
    let chain = Promise.resolve();
    const send = (chunk: Buffer) => {
      if (to.destroyed || to.write(chunk)) return;
      from.pause();
      to.once('drain', () => from.resume());
    };
    from.on('data', (chunk: Buffer) => {
      const mode = this.mode;
      chain =
        mode.kind === 'delay'
          ? chain.then(() => new Promise<void>((resolve) => setTimeout(() => resolve(send(chunk)), mode.ms)))
          : chain.then(() => send(chunk));
    });
    from.on('end', () => {
      chain = chain.then(() => void (to.destroyed || to.end()));
    });
  }
}
