import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '@server/adapters/bus/memoryBus';
import { PostgresEventBus } from '@server/adapters/bus/postgresBus';
import { describeEventBusContract, nextEvent, sampleEvent } from '../bus/eventBusContract';
import { POSTGRES_URL } from './harness';

const log = pino({ level: 'silent' });
const onPostgres = process.env.TEST_DB === 'postgres';

describeEventBusContract('in-process', async () => {
  const bus = new MemoryEventBus();
  await bus.start();
  return { publisher: bus, listener: bus, close: () => bus.close() };
});

describe.skipIf(!onPostgres)('PostgreSQL LISTEN/NOTIFY', () => {
  async function busOn(schema: string) {
    const bus = new PostgresEventBus(POSTGRES_URL, schema, log);
    await bus.start();
    return bus;
  }

  describeEventBusContract('PostgreSQL, two instances', async () => {
    const schema = `bus_${randomBytes(4).toString('hex')}`;
    const publisher = await busOn(schema);
    const listener = await busOn(schema);
    return {
      publisher,
      listener,
      close: async () => {
        await publisher.close();
        await listener.close();
      },
    };
  });

  it('publishes many events at once without overlapping queries on its one connection', async () => {
    const bus = await busOn(`bus_${randomBytes(4).toString('hex')}`);
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.message);
    process.on('warning', onWarning);
    try {
      const events = Array.from({ length: 20 }, () => sampleEvent());
      const last = nextEvent(bus, (e) => e.id === events[19]!.id);
      await Promise.all([
        ...events.map((e) => bus.publish(e)),
        bus.signal({ type: 'asset.viewers_changed', projectId: 1, assetId: 1 }),
      ]);
      await last;
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((m) => m.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await bus.close();
    }
  });

  it('never carries one installation’s events to another on the same server', async () => {
    const ours = await busOn(`bus_${randomBytes(4).toString('hex')}`);
    const theirs = await busOn(`bus_${randomBytes(4).toString('hex')}`);
    try {
      const overheard: unknown[] = [];
      theirs.subscribe((e) => overheard.push(e));
      const event = sampleEvent();
      const arrival = nextEvent(ours, (e) => e.id === event.id);
      await ours.publish(event);
      await arrival;
      // NOTIFY goes out in order on one server: a later event of theirs arriving proves ours had its chance.
      const marker = sampleEvent();
      const markerArrival = nextEvent(theirs, (e) => e.id === marker.id);
      await theirs.publish(marker);
      await markerArrival;
      expect(overheard).toEqual([marker]);
    } finally {
      await ours.close();
      await theirs.close();
    }
  });
});
