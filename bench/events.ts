import type { BusEvent } from '@server/adapters/bus/eventBus';
import { startTestApp } from '../tests/api/harness';

/**
 * Time from a committed change on one app instance to its event arriving on a second instance
 * over PostgreSQL LISTEN/NOTIFY (both instances on one database, as when scaled out).
 * Measured from the moment the transaction is asked to commit: commit, the subscribers run by the
 * committing instance (the activity log), NOTIFY and delivery.
 * Run: `npm run bench:events` (needs PostgreSQL; TEST_DATABASE_URL to point elsewhere).
 */
process.env.TEST_DB = 'postgres';
const ROUNDS = Number(process.env.ROUNDS ?? 1000);
const first = await startTestApp({ EVENT_BUS: 'postgres' });
const second = await startTestApp({ EVENT_BUS: 'postgres' }, { reuse: first });

const waiting = new Map<number, (at: number) => void>();
second.ctx.bus.subscribe((event: BusEvent) => waiting.get(event.id)?.(performance.now()));

async function oneRound(round: number): Promise<number> {
  let started = 0;
  let arrived: Promise<number> | null = null;
  await first.ctx.uow.transaction(async (tx) => {
    const event = await tx.record({
      type: 'workspace.updated',
      workspaceId: 1,
      actorId: null,
      data: { changed: ['name'], to: String(round) },
    });
    arrived = new Promise<number>((resolve) => waiting.set(event.id, resolve));
    started = performance.now();
  });
  const at = await arrived!;
  return at - started;
}

for (let i = 0; i < 50; i++) await oneRound(-i);
const times: number[] = [];
for (let i = 0; i < ROUNDS; i++) times.push(await oneRound(i));
times.sort((a, b) => a - b);
const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
console.log(`events: commit on instance A -> arrival on instance B over LISTEN/NOTIFY, ${ROUNDS} events`);
console.log(`  median ${pick(0.5)} ms   p90 ${pick(0.9)} ms   p99 ${pick(0.99)} ms   max ${pick(1)} ms`);

await second.close({ keepData: true });
await first.close();
