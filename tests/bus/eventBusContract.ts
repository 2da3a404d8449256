import type { DomainEvent } from '@common/domainEvents';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusEvent, EventBus } from '@server/adapters/bus/eventBus';

/** Two buses as two processes see them (one and the same for the in-process bus). */
export interface BusPair {
  publisher: EventBus;
  listener: EventBus;
  close(): Promise<void>;
}

let sequence = 0;

export function sampleEvent(overrides: Partial<DomainEvent<'project.created'>> = {}): DomainEvent {
  sequence += 1;
  return {
    id: sequence,
    type: 'project.created',
    workspaceId: 1,
    projectId: 2,
    actorId: 3,
    subject: { type: 'Project', id: 2 },
    data: { name: `Project ${sequence}` },
    occurredAt: new Date().toISOString(),
    ...overrides,
  };
}

export function nextEvent(bus: EventBus, matching: (event: BusEvent) => boolean, timeoutMs = 5000) {
  return new Promise<BusEvent>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error('no event arrived'));
    }, timeoutMs);
    const stop = bus.subscribe((event) => {
      if (!matching(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

/** What every bus adapter does: the contract run against the in-process and the PostgreSQL bus. */
export function describeEventBusContract(label: string, makePair: () => Promise<BusPair>) {
  describe(`event bus contract: ${label}`, () => {
    let pair: BusPair | null = null;
    afterEach(async () => {
      await pair?.close();
      pair = null;
    });

    it('carries a published event, whole, to a listener', async () => {
      pair = await makePair();
      const event = sampleEvent({ data: { name: 'Café “Été” 🎨 \u2028 “quoted” \\ and \\" escaped' } });
      const arrival = nextEvent(pair.listener, (e) => e.id === event.id);
      await pair.publisher.publish(event);
      expect(await arrival).toEqual(event);
    });

    it('keeps the order of one publisher', async () => {
      pair = await makePair();
      const events = Array.from({ length: 20 }, () => sampleEvent());
      const seen: number[] = [];
      const done = new Promise<void>((resolve) => {
        pair!.listener.subscribe((e) => {
          seen.push(e.id);
          if (seen.length === events.length) resolve();
        });
      });
      for (const event of events) await pair.publisher.publish(event);
      await done;
      expect(seen).toEqual(events.map((e) => e.id));
    });

    it('stops calling a listener that unsubscribed, and keeps calling the others', async () => {
      pair = await makePair();
      const gone: BusEvent[] = [];
      const stop = pair.listener.subscribe((e) => gone.push(e));
      stop();
      const event = sampleEvent();
      const arrival = nextEvent(pair.listener, (e) => e.id === event.id);
      await pair.publisher.publish(event);
      await arrival;
      expect(gone).toEqual([]);
    });

    it('carries a signal to signal listeners only, and events to event listeners only', async () => {
      pair = await makePair();
      const events: BusEvent[] = [];
      pair.listener.subscribe((e) => events.push(e));
      const signal = { type: 'asset.viewers_changed' as const, projectId: 7, assetId: 9 };
      const arrival = new Promise((resolve) => {
        const stop = pair!.listener.onSignal((s) => {
          stop();
          resolve(s);
        });
      });
      await pair.publisher.signal(signal);
      expect(await arrival).toEqual(signal);
      const event = sampleEvent();
      const eventArrival = nextEvent(pair.listener, (e) => e.id === event.id);
      await pair.publisher.publish(event);
      await eventArrival;
      expect(events).toEqual([event]);
    });

    it('carries an event too large for one message without its data', async () => {
      pair = await makePair();
      const event = sampleEvent({ data: { name: 'x'.repeat(20_000) } });
      const arrival = nextEvent(pair.listener, (e) => e.id === event.id);
      await pair.publisher.publish(event);
      const received = await arrival;
      expect(received.type).toBe(event.type);
      expect(received.projectId).toBe(event.projectId);
    });
  });
}
