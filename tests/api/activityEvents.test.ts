import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '@common/domainEvents';
import { ActivityLogsRepository } from '@server/db/repositories/activityLogs';
import { DomainEventsRepository } from '@server/db/repositories/domainEvents';
import { ProjectMembersRepository } from '@server/db/repositories/projectMembers';
import { ActivityLogSubscriber } from '@server/events/activityLogSubscriber';
import { EventDispatcher } from '@server/events/dispatcher';
import { TRANSFER_TEXTS } from '@server/services/projects/projectTransfers';
import { buildWorkspace } from './factories';
import { startTestApp, type TestApp } from './harness';
import { buildProject, buildProjectMember, projectMemberId } from './projectFactories';

/**
 * The activity log is written from domain events: a change records its event in its own
 * transaction, and the subscriber writes the entry once, after commit, however often the event
 * is delivered; a change that fails records nothing; an event whose handling failed is taken up
 * again by the sweep.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.restoreAllMocks();
});

async function eventsOf(projectId: number, type?: string) {
  let query = t.ctx.db.selectFrom('domain_events').selectAll().where('project_id', '=', projectId);
  if (type !== undefined) query = query.where('type', '=', type);
  return query.orderBy('id').execute();
}

async function entriesOf(projectId: number) {
  return t.ctx.db
    .selectFrom('activity_logs')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('id')
    .execute();
}

async function eventById(id: number): Promise<DomainEvent> {
  const event = await t.ctx.uow.read.domainEvents.byId(id);
  if (!event) throw new Error(`no event ${id}`);
  return event;
}

async function ownProject(name?: string) {
  const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
  const project = await buildProject(client, workspace.id, name === undefined ? {} : { name });
  return { owner, client, workspace, project };
}

describe('activity entries from domain events', () => {
  it('records the event of an action, and writes its entry from it at once', async () => {
    const { owner, client, workspace, project } = await ownProject();
    const folder = (await client.post(`/projects/${project.id}/folders`, { name: 'Drafts' })).body.response;
    expect((await client.patch(`/folders/${folder.id}`, { name: 'Finals' })).status).toBe(200);

    const [event, ...more] = await eventsOf(project.id, 'folder.renamed');
    expect(more).toHaveLength(0);
    expect(event).toMatchObject({
      workspace_id: workspace.id,
      actor_id: owner.id,
      subject_type: 'Folder',
      subject_id: folder.id,
      attempts: 1,
      last_error: null,
    });
    expect(JSON.parse(event!.data)).toEqual({ from: 'Drafts', to: 'Finals' });
    expect(event!.handled_at).not.toBeNull();

    const entries = (await entriesOf(project.id)).filter((e) => e.event_id === event!.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'folder_renamed',
      user_id: owner.id,
      object_type: 'Folder',
      object_id: folder.id,
      created_at: event!.occurred_at,
    });
    expect(JSON.parse(entries[0]!.data)).toEqual({ from: 'Drafts', to: 'Finals' });
    const log = (await client.get(`/projects/${project.id}/activity_logs`)).body.response;
    expect(log[0].text).toBe(`${owner.name} renamed the folder “Drafts” to “Finals”.`);
  });

  it('writes one entry for an event handled again, here, by a second dispatcher and after a crash', async () => {
    const { project } = await ownProject('Handled once');
    const [row] = await eventsOf(project.id, 'project.created');
    const event = await eventById(row!.id);
    const second = new EventDispatcher(
      t.ctx.uow.read.domainEvents,
      [new ActivityLogSubscriber(t.ctx.uow.read.activityLogs)],
      t.ctx.bus,
      t.ctx.clock,
      pino({ level: 'silent' }),
    );
    expect(await t.ctx.events.handle(event)).toBe(false);
    expect(await second.handle(event)).toBe(false);

    // A process that wrote the entry but died before marking the event handled: it is delivered again.
    await t.ctx.db
      .updateTable('domain_events')
      .set({ handled_at: null, claimed_until: null })
      .where('id', '=', event.id)
      .execute();
    expect(await second.handle(event)).toBe(true);
    expect(await t.ctx.events.handle(event)).toBe(false);

    const entries = (await entriesOf(project.id)).filter((e) => e.event_id === event.id);
    expect(entries.map((e) => e.action)).toEqual(['project_created']);
    expect((await t.ctx.uow.read.domainEvents.byId(event.id))?.handledAt).not.toBeNull();
  });

  it('records no event and no entry for a transfer refused after its first write', async () => {
    const { owner, client, project } = await ownProject();
    const heir = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const rival = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
    const ownerMemberId = await projectMemberId(t.ctx, project.id, owner.id);
    const before = await entriesOf(project.id);
    vi.spyOn(ProjectMembersRepository.prototype, 'demoteOwner').mockImplementationOnce(async function (
      this: ProjectMembersRepository,
    ) {
      await this.setRole(ownerMemberId, 'collaborator');
      // Another transfer, racing this one, makes the rival the owner between this one's two writes.
      await this.setRole(rival.memberId, 'owner');
    });

    const answer = await client.post(`/projects/${project.id}/transfer_ownership`, {
      member_id: heir.memberId,
    });
    expect(answer.status).toBe(422);
    expect(answer.body.response.error.details).toEqual({ member_id: [TRANSFER_TEXTS.ownershipRaced] });
    const roles = await t.ctx.db
      .selectFrom('project_members')
      .select(['id', 'role'])
      .where('project_id', '=', project.id)
      .execute();
    expect(roles.filter((r) => r.role === 'owner')).toHaveLength(1);
    expect(roles.find((r) => r.id === heir.memberId)?.role).toBe('collaborator');
    expect(await eventsOf(project.id, 'project.ownership_transferred')).toEqual([]);
    expect(await entriesOf(project.id)).toEqual(before);
  });

  it('drops an event already recorded when its change fails later', async () => {
    const { client, project } = await ownProject('Before');
    const before = await eventsOf(project.id);
    // Called on the transaction's repository, as the spied method would be.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const insert = DomainEventsRepository.prototype.insert;
    let recorded = 0;
    vi.spyOn(DomainEventsRepository.prototype, 'insert').mockImplementation(async function (
      this: DomainEventsRepository,
      ...args: Parameters<DomainEventsRepository['insert']>
    ) {
      recorded += 1;
      if (recorded === 2) throw new Error('the database went away');
      return insert.apply(this, args);
    });

    const answer = await client.patch(`/projects/${project.id}`, { name: 'After', description: 'New' });
    expect(answer.status).toBe(500);
    expect(recorded).toBe(2);
    const row = await t.ctx.uow.read.projects.findById(project.id);
    expect(row).toMatchObject({ name: 'Before', description: null });
    expect(await eventsOf(project.id)).toEqual(before);
    expect((await entriesOf(project.id)).map((e) => e.action)).toEqual(['project_created']);
    expect((await client.get(`/projects/${project.id}`)).body.response.name).toBe('Before');
  });

  it('leaves an event whose handling failed to the sweep, which writes its entry', async () => {
    const { client, project } = await ownProject();
    vi.spyOn(ActivityLogsRepository.prototype, 'insertForEvents').mockRejectedValueOnce(
      new Error('the activity log is unavailable'),
    );
    const created = await client.post(`/projects/${project.id}/folders`, { name: 'Late' });
    expect(created.status).toBe(201);

    const [row] = await eventsOf(project.id, 'folder.created');
    expect(row).toMatchObject({
      handled_at: null,
      attempts: 1,
      last_error: 'the activity log is unavailable',
    });
    const actions = async () => (await entriesOf(project.id)).map((e) => e.action);
    expect(await actions()).toEqual(['project_created']);

    // Not before the failed attempt's lease has passed.
    await t.ctx.events.sweep();
    expect(await actions()).toEqual(['project_created']);

    t.clock.advance(61_000);
    await t.ctx.events.sweep();
    expect(await actions()).toEqual(['project_created', 'folder_created']);
    const entry = (await entriesOf(project.id)).at(-1)!;
    expect(entry).toMatchObject({
      event_id: row!.id,
      object_id: created.body.response.id,
      created_at: row!.occurred_at,
    });
    expect(await t.ctx.uow.read.domainEvents.byId(row!.id)).toMatchObject({ attempts: 2 });
    const handled = await t.ctx.db
      .selectFrom('domain_events')
      .select(['handled_at', 'last_error'])
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(handled.handled_at).not.toBeNull();
    expect(handled.last_error).toBeNull();
  });
});
