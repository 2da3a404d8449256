import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationSubscriber } from '@server/events/notificationSubscriber';
import { buildAsset } from './assetFactories';
import { buildComment } from './commentFactories';
import { buildUser } from './factories';
import { startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';
import { StatementLog } from './statementLog';
import { addProjectMember } from './projectFactories';

const log = new StatementLog();

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { wrapDb: log.wrap });
});
afterAll(() => t.close());

describe('the notifications of one comment', () => {
  it('cost the same statements for 3 members as for 200: the members in one query, one insert', async () => {
    const measure = async (extraMembers: number) => {
      const cast = await buildProjectCast(t.baseUrl, t.ctx);
      for (let i = 0; i < extraMembers; i += 1)
        await addProjectMember(
          t.ctx,
          cast.project.id,
          (await buildUser(t.ctx)).id,
          i % 2 ? 'viewer' : 'collaborator',
        );
      const asset = await buildAsset(cast.owner.client, cast.project.id);
      await t.ctx.jobs.idle();
      const { result: comment, statements } = await log.during(() =>
        buildComment(cast.collaborator.client, asset.id),
      );
      const made = await t.ctx.db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('related_object_id', '=', comment.id)
        .where('related_object_type', '=', 'Comment')
        .executeTakeFirstOrThrow();
      return {
        cast,
        assetId: asset.id as number,
        count: statements.length,
        notifications: Number(made.n),
        writes: statements.filter((s) => /^insert into "notifications"/.test(s)).length,
        reads: statements.filter((s) =>
          /from "notifications"|from "project_members" as "m" left join "user_preferences"/.test(s),
        ).length,
      };
    };
    const small = await measure(0);
    const large = await measure(197);
    // Owner and viewer; then everyone of the 200 but the author.
    expect([small.notifications, large.notifications]).toEqual([2, 199]);
    expect(large.count).toBe(small.count);
    expect([large.writes, large.reads]).toEqual([1, 1]);

    // Events swept up together (a redelivery) share the reads; their rows go in inserts of 500.
    const events = await t.ctx.uow.transaction((tx) =>
      tx.recordMany(
        [1, 2, 3].map((n) => ({
          type: 'asset.flagged' as const,
          workspaceId: large.cast.workspace.id,
          projectId: large.cast.project.id,
          actorId: large.cast.collaborator.user.id,
          subject: { type: 'Asset', id: large.assetId },
          data: { name: `swept ${n}` },
        })),
      ),
    );
    await t.ctx.db
      .deleteFrom('notifications')
      .where(
        'event_id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    const { statements } = await log.during(() =>
      new NotificationSubscriber(t.ctx.uow.read.notifications).handle(events),
    );
    expect(statements.filter((s) => /^insert into "notifications"/.test(s))).toHaveLength(2);
    expect(statements).toHaveLength(4);
    const made = await t.ctx.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(
        'event_id',
        'in',
        events.map((e) => e.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(made.n)).toBe(3 * 199);
  });
});
