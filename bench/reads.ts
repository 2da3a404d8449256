import { fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type * as Factories from '../tests/api/factories';
import type * as Harness from '../tests/api/harness';
import type * as Members from '../tests/api/memberFactories';
import type * as Projects from '../tests/api/projectFactories';
import {
  ask,
  closeApp,
  countQueries,
  listenOnLoopback,
  measuredAnswer,
  median,
  type Route,
  type Served,
} from './servedApp';

/**
 * Read routes beside the framework's own speed: GET /users/me, GET /projects/{id},
 * GET /me/workspaces and GET /projects/active (a page of 100 out of 300 projects), each at 50
 * connections with autocannon, each beside a bare Fastify route sending the same JSON bytes, in
 * the same run. The app under test runs in a child process (one core for it, one for the load).
 *
 * Run: `npm run bench:reads [-- <app dir> ...]`. With several app directories (a worktree of an
 * older commit beside this one) their runs interleave, so machine noise falls on both alike.
 * BENCH_DB=sqlite|postgres|both (both), BENCH_SECONDS per run (5), BENCH_REPEATS (3),
 * BENCH_PROFILE=<dir> writes a CPU profile of each app process under load there,
 * BENCH_READ_CACHE=off builds every answer (server/services/platform/readCache.ts keeps them otherwise, and
 * nothing changes the data during a run).
 */

const CONNECTIONS = 50;
const self = fileURLToPath(import.meta.url);

// ---------------------------------------------------------------- the app process

/** Seeds an app of `appDir`, serves it and a bare Fastify beside it, and reports both to the parent. */
async function serve(appDir: string): Promise<void> {
  const { startTestApp } = (await import(`${appDir}/tests/api/harness.ts`)) as typeof Harness;
  const { buildUser, buildWorkspace, PRICES } = (await import(
    `${appDir}/tests/api/factories.ts`
  )) as typeof Factories;
  const { buildMember } = (await import(`${appDir}/tests/api/memberFactories.ts`)) as typeof Members;
  const { addProjectMember, buildProject } = (await import(
    `${appDir}/tests/api/projectFactories.ts`
  )) as typeof Projects;

  const started = performance.now();
  const t = await startTestApp({ API_RATE_LIMIT_PER_MINUTE: '100000000' });
  const { owner, client, workspace } = await buildWorkspace(t.baseUrl, t.ctx, {
    priceId: PRICES.teamMonthly,
  });
  // The owner also belongs to four other workspaces: GET /me/workspaces lists five.
  for (let i = 0; i < 4; i++) {
    const other = await buildWorkspace(t.baseUrl, t.ctx, { priceId: PRICES.teamMonthly });
    await buildMember(t.baseUrl, t.ctx, other.workspace.id, i % 2 ? 'admin' : 'collaborator', owner);
  }
  const teammates = await Promise.all(Array.from({ length: 4 }, () => buildUser(t.ctx)));
  const label = await client.post('/labels', {
    name: 'Campaign',
    labellable_type: 'Workspace',
    labellable_id: workspace.id,
  });
  const projectIds: number[] = [];
  for (let i = 0; i < 300; i++) {
    const project = await buildProject(client, workspace.id, {
      name: `Bench project ${i}`,
      client_name: `Client ${i % 7}`,
    });
    projectIds.push(project.id);
    for (const user of teammates) await addProjectMember(t.ctx, project.id, user.id, 'collaborator');
  }
  await client.post('/projects/add_label', {
    projects_ids: projectIds.filter((_, i) => i % 2 === 0),
    label_id: label.body.response.id,
  });
  for (const id of projectIds.filter((_, i) => i % 10 === 0))
    await client.post(`/projects/${id}/set_rush_priority`);

  const signIn = await fetch(`${t.baseUrl}/api/v1/users/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t.baseUrl },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  // BENCH_READ_CACHE=off: every answer is built, as the first call after a change to the data
  // builds it (an app older than the read cache has none to turn off).
  const cache = t.ctx.readCache as typeof t.ctx.readCache | undefined;
  if (cache && process.env.BENCH_READ_CACHE === 'off') {
    const json = cache.json.bind(cache);
    cache.json = (key, _version, build) => json(key, null, build);
  }

  const queries = countQueries(t.ctx.db);

  const bare = Fastify();
  const routes: Route[] = [];
  for (const [name, path] of [
    ['GET /users/me', '/api/v1/users/me'],
    ['GET /projects/{id}', `/api/v1/projects/${projectIds[150]}`],
    ['GET /me/workspaces', '/api/v1/me/workspaces'],
    ['GET /projects/active (100 of 300)', '/api/v1/projects/active?per_page=100'],
  ] as const) {
    const answer = await measuredAnswer(name, `${t.baseUrl}${path}`, cookie, queries);
    routes.push({ name, path, queries: answer.queries, bytes: answer.body.length });
    bare.get(path.split('?')[0] ?? path, (_request, reply) => reply.type(answer.type).send(answer.body));
  }
  const served: Served = { appUrl: t.baseUrl, bareUrl: await listenOnLoopback(bare), cookie, routes };
  console.error(`${appDir}: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.send?.(served);

  // BENCH_PROFILE: the load process asks for one CPU profile per route, of the app's runs only.
  const profiler = new Session();
  profiler.connect();
  const stop = async () => {
    await bare.close();
    await t.close(); // drops the PostgreSQL schema
    process.exit(0);
  };
  process.on('message', (message: Message) => {
    void (async () => {
      if (message.kind === 'close') return stop();
      if (message.kind === 'cpu') {
        const { user, system } = process.cpuUsage();
        process.send?.(user + system);
        return;
      }
      if (message.kind === 'profile') {
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.start');
      } else {
        const { profile } = await profiler.post('Profiler.stop');
        writeFileSync(message.file, JSON.stringify(profile));
      }
      process.send?.('done');
    })();
  });
  // The load process is gone: close all the same.
  process.once('disconnect', () => void stop());
}

type Message =
  { kind: 'close' } | { kind: 'cpu' } | { kind: 'profile' } | { kind: 'profileEnd'; file: string };

// ---------------------------------------------------------------- the load process

interface Figures {
  rps: number;
  /** CPU time of the app process (both servers share it) per answer, in µs. */
  cpuPerCall: number;
  p50: number;
  p99: number;
  errors: number;
}

async function cannon(child: ChildProcess, url: string, cookie: string, seconds: number): Promise<Figures> {
  const cpuBefore = await ask(child, { kind: 'cpu' });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: { cookie } });
  const cpuAfter = await ask(child, { kind: 'cpu' });
  return {
    rps: result.requests.average,
    cpuPerCall: (Number(cpuAfter) - Number(cpuBefore)) / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

function start(appDir: string, database: string): Promise<{ child: ChildProcess; served: Served }> {
  const child = fork(self, ['--serve', appDir], {
    cwd: appDir, // tsx reads the path aliases of that directory's tsconfig
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, TEST_DB: database },
  });
  return new Promise((done, fail) => {
    child.once('message', (served) => done({ child, served: served as Served }));
    child.once('exit', (code) => fail(new Error(`app process of ${appDir} ended with ${code}`)));
  });
}

const profileName = (database: string, dir: string, route: string) =>
  `${database}-${dir.replace(/\W+/g, '_')}-${route.replace(/\W+/g, '_')}.cpuprofile`;

async function main(): Promise<void> {
  const appDirs = process.argv.slice(2).map((d) => resolve(d));
  if (appDirs.length === 0) appDirs.push(resolve(fileURLToPath(new URL('..', import.meta.url))));
  const which = process.env.BENCH_DB ?? 'both';
  const databases = which === 'both' ? ['sqlite', 'postgres'] : [which];
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const repeats = Number(process.env.BENCH_REPEATS ?? 3);
  const profile = process.env.BENCH_PROFILE;

  for (const database of databases) {
    const apps = [];
    for (const dir of appDirs) apps.push({ dir, ...(await start(dir, database)) });
    const runs = new Map<string, { app: Figures[]; bare: Figures[] }>();
    const key = (dir: string, route: string) => `${dir}\u0000${route}`;
    for (const { dir, served, child } of apps)
      for (const route of served.routes) {
        // A short warm-up of both servers, not counted.
        await cannon(child, `${served.appUrl}${route.path}`, served.cookie, 1);
        await cannon(child, `${served.bareUrl}${route.path}`, served.cookie, 1);
        runs.set(key(dir, route.name), { app: [], bare: [] });
      }
    for (let r = 0; r < repeats; r++)
      for (const { dir, served, child } of apps)
        for (const route of served.routes) {
          const run = runs.get(key(dir, route.name));
          const file = profile && r === 0 ? join(profile, profileName(database, dir, route.name)) : null;
          if (file) await ask(child, { kind: 'profile' });
          run?.app.push(await cannon(child, `${served.appUrl}${route.path}`, served.cookie, seconds));
          if (file) await ask(child, { kind: 'profileEnd', file });
          run?.bare.push(await cannon(child, `${served.bareUrl}${route.path}`, served.cookie, seconds));
        }

    console.log(
      `\n${database}: ${CONNECTIONS} connections, ${repeats} runs of ${seconds} s each, medians\n` +
        '| app | route | queries | bytes | app req/s | bare req/s | ratio | app p50 | app p99 | bare p50 | bare p99 | app CPU/call | bare CPU/call | errors |\n' +
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    );
    for (const { dir, served } of apps)
      for (const route of served.routes) {
        const run = runs.get(key(dir, route.name));
        if (!run) continue;
        const m = (list: Figures[], pick: (f: Figures) => number) => median(list.map(pick));
        const appRps = m(run.app, (f) => f.rps);
        const bareRps = m(run.bare, (f) => f.rps);
        const errors = [...run.app, ...run.bare].reduce((n, f) => n + f.errors, 0);
        console.log(
          `| ${dir} | ${route.name} | ${route.queries} | ${route.bytes} | ${appRps.toFixed(0)} | ` +
            `${bareRps.toFixed(0)} | ${(appRps / bareRps).toFixed(2)}x | ${m(run.app, (f) => f.p50)} ms | ` +
            `${m(run.app, (f) => f.p99)} ms | ${m(run.bare, (f) => f.p50)} ms | ${m(run.bare, (f) => f.p99)} ms | ` +
            `${m(run.app, (f) => f.cpuPerCall).toFixed(0)} µs | ${m(run.bare, (f) => f.cpuPerCall).toFixed(0)} µs | ${errors} |`,
        );
      }
    for (const { child } of apps) await closeApp(child);
  }
}

if (process.argv[2] === '--serve') await serve(resolve(process.argv[3] ?? '.'));
else await main();
