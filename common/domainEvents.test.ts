import { describe, expect, expectTypeOf, it } from 'vitest';
import { ACTIVITY_TEXTS, type ActivityAction } from './activity';
import {
  activityVerbOf,
  DOMAIN_EVENT_TYPES,
  DOMAIN_EVENTS,
  type DomainEvent,
  type DomainEventInput,
  type DomainEventPayloads,
  type DomainEventType,
} from './domainEvents';

describe('the map of domain events', () => {
  it('names every type once, as <thing>.<past tense>', () => {
    expect(DOMAIN_EVENT_TYPES).toEqual(Object.keys(DOMAIN_EVENTS));
    expect(new Set(DOMAIN_EVENT_TYPES).size).toBe(DOMAIN_EVENT_TYPES.length);
    expect(DOMAIN_EVENT_TYPES.length).toBe(83);
    for (const type of DOMAIN_EVENT_TYPES) expect(type).toMatch(/^[a-z_]+\.[a-z_]+$/);
  });

  it('gives each type an entry with its activity verb or null, and nothing else at run time', () => {
    for (const type of DOMAIN_EVENT_TYPES) expect(Object.keys(DOMAIN_EVENTS[type])).toEqual(['activity']);
  });

  it('names only verbs that have a sentence in common/activity.ts', () => {
    for (const type of DOMAIN_EVENT_TYPES) {
      const verb = activityVerbOf(type);
      if (verb !== null) expect(ACTIVITY_TEXTS, `${type} → ${verb}`).toHaveProperty(verb);
    }
  });

  it('leaves no sentence of common/activity.ts without the one event type that writes it', () => {
    const writers = new Map<ActivityAction, DomainEventType[]>();
    for (const type of DOMAIN_EVENT_TYPES) {
      const verb = activityVerbOf(type);
      if (verb !== null) writers.set(verb, [...(writers.get(verb) ?? []), type]);
    }
    for (const verb of Object.keys(ACTIVITY_TEXTS) as ActivityAction[])
      expect(writers.get(verb), verb).toHaveLength(1);
  });

  it('keeps the verbs the activity log has always stored', () => {
    // Entries already written name these verbs: a type's verb may not change under them.
    expect(activityVerbOf('project.created')).toBe('project_created');
    expect(activityVerbOf('comment.carried_over')).toBe('comment_carried_over');
    expect(activityVerbOf('labels.reordered')).toBe('labels_reordered');
    expect(activityVerbOf('invitation.deleted')).toBe('invitation_deleted');
    // Events of no project's log.
    expect(activityVerbOf('project.deleted')).toBeNull();
    expect(activityVerbOf('label.recolored')).toBeNull();
    expect(activityVerbOf('asset.round_processed')).toBeNull();
    expect(activityVerbOf('workspace.updated')).toBeNull();
  });

  it('types the data by the type (checked by tsc)', () => {
    const read = (event: DomainEvent): number[] =>
      event.type === 'comment.created' ? event.data.mentions : [];
    expect(read({ ...sample('comment.created'), data: comment([4, 5]) })).toEqual([4, 5]);
    expectTypeOf<DomainEvent<'asset.moved'>['data']>().toEqualTypeOf<{
      name: string;
      folder: string | null;
      from_folder_id: number | null;
    }>();
    expectTypeOf<DomainEventPayloads['member.left']>().toEqualTypeOf<Record<string, never>>();

    const fine: DomainEventInput[] = [
      { type: 'folder.renamed', actorId: 1, projectId: 2, data: { from: 'Drafts', to: 'Finals' } },
      { type: 'member.left', actorId: 1, projectId: 2 },
      { type: 'subscription.changed', actorId: null, data: { change: 'reactivated' } },
    ];
    const refused: DomainEventInput[] = [
      // @ts-expect-error a field of another type
      { type: 'folder.renamed', actorId: 1, data: { name: 'Drafts' } },
      // @ts-expect-error the data left out of a type that has some
      { type: 'comment.completed', actorId: 1 },
      // @ts-expect-error a field no type of its kind has
      { type: 'member.left', actorId: 1, data: { name: 'Ana' } },
      // @ts-expect-error a change with the fields of another change
      { type: 'subscription.changed', actorId: null, data: { change: 'plan', add_on_price_id: 3 } },
    ];
    expect(fine.length + refused.length).toBe(7);
  });
});

function sample(type: 'comment.created') {
  return {
    id: 1,
    type,
    workspaceId: 1,
    projectId: 2,
    actorId: 3,
    subject: { type: 'Comment', id: 9 },
    occurredAt: '2026-11-28T15:00:00.000Z',
  };
}

function comment(mentions: number[]): DomainEventPayloads['comment.created'] {
  return {
    asset: 'Poster.png',
    asset_id: 7,
    parent_id: null,
    version_id: 11,
    excerpt: 'Nice',
    markup_number: null,
    mentions,
  };
}
