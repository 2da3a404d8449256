import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorkspace } from './factories';
import { startTestApp, type TestApp } from './harness';
import { buildProject } from './projectFactories';
import type { BusEvent } from '@server/adapters/bus/eventBus';
import { nextEvent } from '../bus/eventBusContract';

/**
 * Two app instances on one PostgreSQL (the scaled-out mode): a change committed on one reaches the
 * other over LISTEN/NOTIFY, and each event is handled by one instance only.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('two instances on one PostgreSQL', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp();
    second = await startTestApp({}, { reuse: first });
  });
  afterAll(async () => {
    await second.close({ keepData: true });
    await first.close();
  });

  it('carries a project created on one instance to the other', async () => {
    const { client, workspace } = await buildWorkspace(first.baseUrl, first.ctx);
    const arrival = nextEvent(
      second.ctx.bus,
      (e) => e.type === 'project.created' && e.workspaceId === workspace.id,
    );
    const project = await buildProject(client, workspace.id, { name: 'Seen from afar' });
    const event = await arrival;
    expect(event).toMatchObject({ projectId: project.id, data: { name: 'Seen from afar' } });
  });

  it('hands an event to the subscribers of one instance only, however many try at once', async () => {
    const { client, workspace } = await buildWorkspace(first.baseUrl, first.ctx);
    const project = await buildProject(client, workspace.id);
    const event = await first.ctx.uow.transaction((tx) =>
      tx.domainEvents.insert(
        {
          type: 'project.flagged',
          projectId: project.id,
          actorId: null,
          subject: { type: 'Project', id: project.id },
        },
        first.clock.now().toISOString(),
      ),
    );
    const runs = await Promise.all([
      first.ctx.events.handle(event),
      second.ctx.events.handle(event),
      first.ctx.events.handle(event),
      second.ctx.events.handle(event),
    ]);
    expect(runs.filter(Boolean)).toHaveLength(1);
    const entries = await first.ctx.db
      .selectFrom('activity_logs')
      .select('id')
      .where('event_id', '=', event.id)
      .execute();
    expect(entries).toHaveLength(1);
    expect((await first.ctx.uow.read.domainEvents.byId(event.id))?.handledAt).not.toBeNull();
  });

  it('records and carries nothing for a change that rolled back', async () => {
    const heard: BusEvent[] = [];
    const stop = second.ctx.bus.subscribe((e) => heard.push(e));
    const failing = first.ctx.uow.transaction(async (tx) => {
      await tx.record({
        type: 'workspace.updated',
        workspaceId: 1,
        actorId: null,
        data: { changed: ['name'], to: 'rolled back' },
      });
      throw new Error('the change fails after recording');
    });
    await expect(failing).rejects.toThrow('the change fails');
    const markerOf = (e: BusEvent) => ('to' in e.data ? e.data.to : undefined);
    const arrival = nextEvent(second.ctx.bus, (e) => markerOf(e) === 'committed');
    await first.ctx.uow.transaction((tx) =>
      tx.record({
        type: 'workspace.updated',
        workspaceId: 1,
        actorId: null,
        data: { changed: ['name'], to: 'committed' },
      }),
    );
    await arrival;
    stop();
    expect(heard.map(markerOf)).toEqual(['committed']);
    const rows = await first.ctx.db.selectFrom('domain_events').select('data').execute();
    expect(rows.filter((r) => r.data.includes('rolled back'))).toEqual([]);
  });
});
