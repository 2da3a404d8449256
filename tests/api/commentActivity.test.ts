import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildAsset } from './assetFactories';
import { buildComment, line } from './commentFactories';
import { type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast } from './projectCast';
import { activityActions } from './projectFactories';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('records every comment change as a domain event shown in the project’s activity log', async () => {
  const cast = await buildProjectCast(t.baseUrl, t.ctx);
  const owner = cast.owner.client;
  const asset = await buildAsset(owner, cast.project.id, { name: 'Hero.png' });
  const mention = `@[${cast.collaborator.user.name}](user:${cast.collaborator.user.id})`;
  const drawn = await buildComment(owner, asset.id, { text: `Sky ${mention}`, markup: [line()] });
  const plain = await buildComment(owner, asset.id, { text: 'Crop tighter' });
  const reply = await buildComment(cast.collaborator.client, asset.id, { parent_id: drawn.id, text: 'Done' });
  await owner.patch(`/comments/${plain.id}`, { text: 'Crop much tighter' });
  await owner.patch(`/comments/${drawn.id}/mark_as_completed`);
  await owner.patch(`/comments/${drawn.id}/unmark_as_completed`);
  await owner.delete(`/comments/${reply.id}`);
  await owner.delete(`/comments/${plain.id}`);
  await t.ctx.jobs.idle();

  const comments = (await activityActions(t.ctx, cast.project.id)).filter((a) => a.startsWith('comment_'));
  expect(comments).toEqual([
    'comment_created',
    'comment_created',
    'comment_replied',
    'comment_edited',
    'comment_completed',
    'comment_reopened',
    'comment_deleted',
    'comment_deleted',
  ]);
  const texts: string[] = (await owner.get(`/projects/${cast.project.id}/activity_logs`)).body.response.map(
    (l: Json) => l.text,
  );
  const o = cast.owner.user.name;
  const c = cast.collaborator.user.name;
  expect(texts.filter((x) => x.includes('“Hero.png”') && !x.includes('uploaded'))).toEqual(
    [
      `${o} drew markup #1 on “Hero.png” and commented “Sky @${c}”.`,
      `${o} commented on “Hero.png”: “Crop tighter”.`,
      `${c} replied to a comment on “Hero.png”: “Done”.`,
      `${o} edited a comment on “Hero.png”.`,
      `${o} completed a comment on “Hero.png”.`,
      `${o} reopened a comment on “Hero.png”.`,
      `${o} deleted a reply on “Hero.png”.`,
      `${o} deleted a comment on “Hero.png”.`,
    ].reverse(),
  );
  const events = await t.ctx.db
    .selectFrom('domain_events')
    .select(['type', 'subject_type', 'subject_id'])
    .where('project_id', '=', cast.project.id)
    .where('type', 'like', 'comment.%')
    .orderBy('id')
    .execute();
  expect(events[0]).toEqual({ type: 'comment.created', subject_type: 'Comment', subject_id: drawn.id });
});
