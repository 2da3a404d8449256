import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultProxy } from './faultProxy';

/** An echo server: what the proxy is put in front of. */
let echo: Server;
let proxy: FaultProxy;

beforeAll(async () => {
  echo = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  proxy = await FaultProxy.start({ host: '127.0.0.1', port: (echo.address() as AddressInfo).port });
});
afterEach(() => proxy.set({ kind: 'pass' }));
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

/** A connection through the proxy, with what it has received so far and how it ended. */
async function client() {
  const socket = connect(proxy.port, '127.0.0.1');
  const state = { received: '', ended: null as null | 'closed' | 'reset' };
  socket.on('data', (chunk: Buffer) => (state.received += chunk.toString()));
  socket.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'ECONNRESET') state.ended = 'reset';
  });
  socket.on('close', () => (state.ended ??= 'closed'));
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, state };
}

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function roundTrip(socket: Socket, state: { received: string }, text: string): Promise<number> {
  const started = Date.now();
  const before = state.received.length;
  socket.write(text);
  await until(() => state.received.length >= before + text.length);
  return Date.now() - started;
}

describe('FaultProxy', () => {
  it('passes bytes both ways, in order, large ones too', async () => {
    const { socket, state } = await client();
    const big = 'x'.repeat(4 * 1024 * 1024);
    await roundTrip(socket, state, 'hello ');
    await roundTrip(socket, state, big);
    expect(state.received).toBe(`hello ${big}`);
    socket.destroy();
  });

  it('delays each chunk each way, then passes again', async () => {
    const { socket, state } = await client();
    proxy.set({ kind: 'delay', ms: 150 });
    expect(await roundTrip(socket, state, 'slow')).toBeGreaterThanOrEqual(290);
    proxy.set({ kind: 'pass' });
    expect(await roundTrip(socket, state, 'fast')).toBeLessThan(100);
    expect(state.received).toBe('slowfast');
    socket.destroy();
  });

  it('reset: open connections are reset, new ones are reset at once', async () => {
    const open = await client();
    proxy.set({ kind: 'reset' });
    await until(() => open.state.ended !== null);
    expect(open.state.ended).toBe('reset');
    const fresh = connect(proxy.port, '127.0.0.1');
    const error = await new Promise<NodeJS.ErrnoException>((resolve) => fresh.once('error', resolve));
    expect(error.code).toBe('ECONNRESET');
  });

  it('refuse for a while: open connections reset, new ones closed before a byte, then back to pass', async () => {
    const open = await client();
    proxy.set({ kind: 'refuse' }, 300);
    await until(() => open.state.ended !== null);
    const refused = await client().catch(() => null);
    if (refused) {
      refused.socket.write('lost');
      await until(() => refused.state.ended !== null);
      expect(refused.state.received).toBe('');
    }
    await until(() => proxy.current.kind === 'pass', 1000);
    const after = await client();
    await roundTrip(after.socket, after.state, 'back');
    expect(after.state.received).toBe('back');
    after.socket.destroy();
  });

  it('refuseFor answers when the window is over', async () => {
    const started = Date.now();
    await proxy.refuseFor(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(195);
    expect(proxy.current.kind).toBe('pass');
  });
});
