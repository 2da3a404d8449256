import type { QueryExecutor } from 'kysely';
import type { DomainEvent } from '@common/domainEvents';
import { NotificationSubscriber } from '@server/events/notificationSubscriber';
import { buildAsset } from '../tests/api/assetFactories';
import { buildUser, buildWorkspace, PRICES } from '../tests/api/factories';
import { startTestApp, type ApiClient } from '../tests/api/harness';
import { addProjectMember, buildProject, buildProjectMember } from '../tests/api/projectFactories';

/**
 * The notifications of one comment in a project of 200 members (issue 24): statements and time.
 *
 * Two projects in one app, measured in the same run, alternating: 'reference' has the author and one
 * other member (1 notification per comment), 'large' the author and 199 others (199 notifications).
 * Measured: POST /comments end to end (the answer is sent after the commit's subscribers ran, so
 * it includes making the notifications), and the notification subscriber alone handling one
 * comment.created event of each project (a fresh event id each time, so every call writes its rows).
 *
 * Run: `npm run bench:notifications`. BENCH_DB=sqlite|postgres|both (both), BENCH_COMMENTS per
 * project (100).
 */

const MEMBERS = 200;
const COMMENTS = Number(process.env.BENCH_COMMENTS ?? 100);
const WARMUP = 10;

/** The app's statements while counting, the job queue's polling left out (it runs on its own clock). */
function countStatements(db: { getExecutor(): QueryExecutor }) {
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  const counter = { count: 0 };
  executor.executeQuery = (query, ...rest) => {
    if (!/"jobs"|"job_schedules"/.test(query.sql)) counter.count++;
    return execute(query, ...rest);
  };
  return counter;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]!;
};

async function run(db: 'sqlite' | 'postgres') {
  process.env.TEST_DB = db;
  const t = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '100000000' });
  try {
    const { client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    const setup = async (others: number) => {
      const project = await buildProject(client, workspace.id);
      const author = await buildProjectMember(t.baseUrl, t.ctx, project.id, 'collaborator');
      // The workspace owner made the project: they are one of the others.
      for (let i = 1; i < others; i++)
        await addProjectMember(
          t.ctx,
          project.id,
          (await buildUser(t.ctx)).id,
          i % 2 ? 'viewer' : 'collaborator',
        );
      const asset = await buildAsset(client, project.id, { name: 'hero.png' });
      return { project, author: author.client, authorId: author.user.id, assetId: asset.id as number };
    };
    const reference = await setup(1);
    const large = await setup(MEMBERS - 1);
    await t.ctx.jobs.idle();
    const queries = countStatements(t.ctx.db);

    const comment = async (author: ApiClient, assetId: number) => {
      queries.count = 0;
      const started = performance.now();
      const answer = await author.post('/comments', { asset_id: assetId, text: 'Please brighten the sky.' });
      const ms = performance.now() - started;
      if (answer.status !== 201) throw new Error(`comment: ${answer.status}`);
      return { ms, statements: queries.count };
    };
    const subscriber = new NotificationSubscriber(t.ctx.uow.read.notifications);
    let fakeEventId = 1_000_000_000;
    const handle = async (target: Awaited<ReturnType<typeof setup>>) => {
      const event: DomainEvent = {
        id: fakeEventId++,
        type: 'comment.created',
        workspaceId: workspace.id,
        projectId: target.project.id,
        actorId: target.authorId,
        subject: { type: 'Comment', id: 1 },
        data: {
          asset: 'hero.png',
          asset_id: target.assetId,
          parent_id: null,
          version_id: 1,
          excerpt: 'Brighter',
          markup_number: null,
          mentions: [],
        },
        occurredAt: new Date().toISOString(),
      };
      queries.count = 0;
      const started = performance.now();
      await subscriber.handle([event]);
      return { ms: performance.now() - started, statements: queries.count };
    };

    const figures = {
      reference: { call: [] as number[], sub: [] as number[] },
      large: { call: [] as number[], sub: [] as number[] },
    };
    const statements = {
      reference: { call: new Set<number>(), sub: new Set<number>() },
      large: { call: new Set<number>(), sub: new Set<number>() },
    };
    for (let i = 0; i < WARMUP + COMMENTS; i++) {
      for (const [name, target] of [
        ['reference', reference],
        ['large', large],
      ] as const) {
        const call = await comment(target.author, target.assetId);
        const sub = await handle(target);
        if (i < WARMUP) continue;
        figures[name].call.push(call.ms);
        figures[name].sub.push(sub.ms);
        statements[name].call.add(call.statements);
        statements[name].sub.add(sub.statements);
      }
    }
    const made = async (projectId: number) =>
      Number(
        (
          await t.ctx.db
            .selectFrom('notifications')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('project_id', '=', projectId)
            .where('kind', '=', 'comments')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const perComment = {
      reference: (await made(reference.project.id)) / (2 * (WARMUP + COMMENTS)),
      large: (await made(large.project.id)) / (2 * (WARMUP + COMMENTS)),
    };
    for (const name of ['reference', 'large'] as const) {
      const f = figures[name];
      console.log(
        [
          db.padEnd(8),
          name.padEnd(9),
          `notifications/comment ${perComment[name]}`,
          `POST /comments: ${[...statements[name].call].join('/')} statements, p50 ${median(f.call).toFixed(2)} ms, p95 ${p95(f.call).toFixed(2)} ms`,
          `subscriber alone: ${[...statements[name].sub].join('/')} statements, p50 ${median(f.sub).toFixed(2)} ms, p95 ${p95(f.sub).toFixed(2)} ms`,
        ].join(' | '),
      );
    }
  } finally {
    await t.close();
  }
}

const which = process.env.BENCH_DB ?? 'both';
if (which === 'sqlite' || which === 'both') await run('sqlite');
if (which === 'postgres' || which === 'both') await run('postgres');
