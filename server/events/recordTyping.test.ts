import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DomainEvent } from '@common/domainEvents';
import type { TxOf } from '../db/unitOfWork';

/** What `tx.record` lets through, checked by tsc: each `@ts-expect-error` must be an error. */
async function records(tx: TxOf<never>, done: boolean) {
  // @ts-expect-error a field of another type
  await tx.record({ type: 'folder.renamed', actorId: 1, data: { name: 'Drafts' } });
  // @ts-expect-error the data left out of a type that has some
  await tx.record({ type: 'comment.completed', actorId: 1 });
  // @ts-expect-error a field the type does not have
  await tx.record({ type: 'task.completed', actorId: 1, data: { text: 'Crop', more: 1 } });
  // @ts-expect-error one of two types, with the data of only one of them
  await tx.record({ type: done ? 'task.completed' : 'folder.created', actorId: 1, data: { text: 'Crop' } });
  // @ts-expect-error the same in a batch
  await tx.recordMany([{ type: 'task.completed', actorId: 1, data: { name: 'Crop' } }]);
  await tx.record({ type: 'member.left', actorId: 1, projectId: 2 });
  const recorded = await tx.record({ type: 'task.completed', actorId: 1, data: { text: 'Crop' } });
  expectTypeOf(recorded).toEqualTypeOf<DomainEvent<'task.completed'>>();
  return recorded.data.text;
}

describe('tx.record', () => {
  it('is held to the map of common/domainEvents.ts by the type checker', () => {
    expect(typeof records).toBe('function');
  });
});
