import type { DomainEvent, DomainEventInput, DomainEventType } from '@common/domainEvents';
import type { Db } from '../database';
import type { DomainEventsTable } from '../schema';
import type { Selectable } from 'kysely';

/** The events table: recorded in the change's transaction, claimed and marked by the dispatcher. */
export class DomainEventsRepository {
  constructor(private readonly db: Db) {}

  async insert(event: DomainEventInput, occurredAt: string): Promise<DomainEvent> {
    const [saved] = await this.insertMany([event], occurredAt);
    return saved!;
  }

  /** Records many events in one statement, in order. */
  async insertMany(events: DomainEventInput[], occurredAt: string): Promise<DomainEvent[]> {
    if (events.length === 0) return [];
    const rows = await this.db
      .insertInto('domain_events')
      .values(
        events.map((event) => ({
          type: event.type,
          workspace_id: event.workspaceId ?? null,
          project_id: event.projectId ?? null,
          actor_id: event.actorId,
          subject_type: event.subject?.type ?? null,
          subject_id: event.subject?.id ?? null,
          data: JSON.stringify(event.data ?? {}),
          occurred_at: occurredAt,
          claimed_until: null,
          last_error: null,
          handled_at: null,
        })),
      )
      .returningAll()
      .execute();
    return rows.sort((x, y) => x.id - y.id).map(toEvent);
  }

  /**
   * Takes those of `ids` that are unhandled and whose lease (if any) has passed, until `until`, in
   * one guarded update: of several processes, one wins each event. Answers the ids taken.
   */
  async claim(ids: number[], now: string, until: string): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .updateTable('domain_events')
      .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
      .where('id', 'in', ids)
      .where('handled_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .returning('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async markHandled(ids: number[], at: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('domain_events')
      .set({ handled_at: at, claimed_until: null, last_error: null })
      .where('id', 'in', ids)
      .execute();
  }

  /** Keeps a failure for a retry once the lease has passed. */
  async markFailed(ids: number[], error: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('domain_events')
      .set({ last_error: error.slice(0, 2000) })
      .where('id', 'in', ids)
      .execute();
  }

  /** Unhandled events free to claim (never claimed, or their lease passed), oldest first, below `maxAttempts`. */
  async claimable(now: string, maxAttempts: number, limit: number): Promise<DomainEvent[]> {
    const rows = await this.db
      .selectFrom('domain_events')
      .selectAll()
      .where('handled_at', 'is', null)
      .where('attempts', '<', maxAttempts)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toEvent);
  }

  /**
   * The events of these projects recorded after `afterId`, oldest first, at most `limit`: the
   * live stream's replay after a reconnection (Last-Event-ID).
   */
  async ofProjectsAfter(
    afterId: number,
    projectIds: readonly number[],
    limit: number,
  ): Promise<DomainEvent[]> {
    if (projectIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('domain_events')
      .selectAll()
      .where('id', '>', afterId)
      .where('project_id', 'in', [...projectIds])
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map(toEvent);
  }

  /** The events of one type, oldest first. */
  async ofType<T extends DomainEventType>(type: T): Promise<DomainEvent<T>[]> {
    const rows = await this.db
      .selectFrom('domain_events')
      .selectAll()
      .where('type', '=', type)
      .orderBy('id')
      .execute();
    return rows.map(toEvent) as DomainEvent<T>[];
  }

  async byId(id: number): Promise<(DomainEvent & { handledAt: string | null; attempts: number }) | null> {
    const row = await this.db.selectFrom('domain_events').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...toEvent(row), handledAt: row.handled_at, attempts: row.attempts } : null;
  }
}

function toEvent(row: Selectable<DomainEventsTable>): DomainEvent {
  return {
    id: row.id,
    type: row.type as DomainEventType,
    workspaceId: row.workspace_id,
    projectId: row.project_id,
    actorId: row.actor_id,
    subject:
      row.subject_type && row.subject_id !== null ? { type: row.subject_type, id: row.subject_id } : null,
    data: JSON.parse(row.data) as DomainEvent['data'],
    occurredAt: row.occurred_at,
  } as DomainEvent;
}
