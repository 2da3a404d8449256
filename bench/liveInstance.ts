import type { DomainEvent } from '@common/domainEvents';
import type { CommitListener } from '@server/db/unitOfWork';
import { startTestApp, type TestApp } from '../tests/api/harness';
import { buildAsset } from '../tests/api/assetFactories';
import { buildTeam } from '../tests/api/memberFactories';
import { buildProject } from '../tests/api/projectFactories';

/**
 * One app instance of bench/liveStream.ts, in a process of its own so that its memory is the
 * server's alone: PostgreSQL, the LISTEN/NOTIFY bus, driven by its parent over IPC.
 */
process.env.TEST_DB = 'postgres';
const send = (message: unknown) => process.send!(message);
const reuse = process.env.BENCH_REUSE
  ? (JSON.parse(process.env.BENCH_REUSE) as Pick<TestApp, 'dataDir' | 'schema'>)
  : undefined;
const app = await startTestApp(
  {
    EVENT_BUS: 'postgres',
    SESSION_SECRET: process.env.BENCH_SECRET!,
    API_RATE_LIMIT_PER_MINUTE: '10000000',
  },
  { reuse },
);
const now = () => performance.timeOrigin + performance.now();

// The commit instant of each comment: a listener ahead of the dispatcher's, called as the transaction commits.
const commitListener: CommitListener = async (events: DomainEvent[]) => {
  const at = now();
  for (const e of events)
    if (e.type === 'comment.created') send({ type: 'committed', commentId: e.subject!.id, at });
};
(app.ctx.uow as unknown as { listeners: CommitListener[] }).listeners.unshift(commitListener);

async function seed(users: number, otherProjects: number) {
  const { ctx, baseUrl } = app;
  const team = await buildTeam(baseUrl, ctx);
  const main = await buildProject(team.admin.client, team.workspace.id);
  const others = [];
  for (let i = 0; i < otherProjects; i++)
    others.push(await buildProject(team.admin.client, team.workspace.id));
  const asset = await buildAsset(team.admin.client, main.id);
  const stamp = ctx.clock.now().toISOString();
  const cookies: string[] = [];
  const members: { project_id: number; user_id: number; role: string; created_at: string }[] = [];
  for (let i = 0; i < users; i++) {
    const user = await ctx.uow.transaction((tx) =>
      tx.users.create({
        name: `Watcher ${i}`,
        email: `watcher${i}@bench.local`,
        passwordHash: 'unused',
        now: stamp,
      }),
    );
    members.push({
      project_id: main.id,
      user_id: user.id,
      role: i % 2 ? 'viewer' : 'collaborator',
      created_at: stamp,
    });
    // Several projects' members: each also sees one or two of the others.
    for (const project of [others[i % otherProjects], others[(i * 7 + 3) % otherProjects]])
      if (project && !members.some((m) => m.project_id === project.id && m.user_id === user.id))
        members.push({ project_id: project.id, user_id: user.id, role: 'viewer', created_at: stamp });
    const { token } = await ctx.sessions.create(user.id, { userAgent: 'bench', ip: '127.0.0.1' });
    cookies.push(`proofroom_session=${token}`);
  }
  for (let i = 0; i < members.length; i += 500)
    await ctx.db
      .insertInto('project_members')
      .values(members.slice(i, i + 500))
      .execute();
  return { cookies, author: team.admin.client.cookieHeader, assetId: asset.id, projectId: main.id };
}

function memory() {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, streams: app.ctx.liveStreams.size };
}

process.on('message', (message: { cmd: string; id: number; users?: number; otherProjects?: number }) => {
  const reply = (result: unknown) => send({ type: 'reply', id: message.id, result });
  void (async () => {
    if (message.cmd === 'seed') reply(await seed(message.users!, message.otherProjects!));
    else if (message.cmd === 'memory') reply(memory());
    else if (message.cmd === 'close') {
      app.ctx.liveStreams.close();
      await app.close({ keepData: !!reuse });
      reply(null);
      process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
});
send({ type: 'ready', baseUrl: app.baseUrl, dataDir: app.dataDir, schema: app.schema });
