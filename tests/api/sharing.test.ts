import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXTS } from '@common/api/projects';
import { SHARED_ROUTES, SHARED_SCOPE_ROUTES } from '@server/routes/sharedView';
import { SHARE_UNLOCK_LIMITS } from '@server/services/projects/sharedAccess';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { activityActions, buildProject } from './projectFactories';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sharePath = (project: { id: number }) => `/projects/${project.id}/share`;
const viewPath = (hash: string) => `/projects/shared_view?share_hash=${encodeURIComponent(hash)}`;
const inHours = (n: number) => new Date(t.clock.now().getTime() + n * 3_600_000).toISOString();

async function shared(cast: ProjectCast, body: object = {}) {
  const answer = await cast.owner.client.post(sharePath(cast.project), body);
  if (answer.status !== 200) throw new Error(`share failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.response.share_hash as string;
}

describe('POST /projects/{id}/share', () => {
  it('creates a link of 256 random bits once and keeps it while the options change', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const first = await cast.collaborator.client.post(sharePath(cast.project), {});
    expect(first.status).toBe(200);
    expect(first.body.response).toEqual({
      share_hash: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      share_hash_downloadable: false,
      share_show_comments: false,
      share_expires_at: null,
      share_has_password: false,
    });
    const hash = first.body.response.share_hash;
    const again = await cast.owner.client.post(sharePath(cast.project), { downloadable: true });
    expect(again.body.response).toMatchObject({ share_hash: hash, share_hash_downloadable: true });

    const asOwner = (await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response;
    expect(asOwner).toMatchObject({ share_hash: hash, share_hash_downloadable: true });
    expect(
      (await cast.viewer.client.get(`/projects/${cast.project.id}`)).body.response.share_hash,
    ).toBeNull();
    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(logs[0].text).toBe(`${cast.owner.user.name} changed the settings of the public link.`);
    expect(logs[1].text).toBe(`${cast.collaborator.user.name} shared a public link.`);
  });

  it("says 'shared a public link' once, when the link is made; later saves that change it say so, others nothing", async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const actions = async () =>
      (await activityActions(t.ctx, cast.project.id)).filter((a) => a.startsWith('project_share'));
    await shared(cast, { downloadable: true });
    expect(await actions()).toEqual(['project_shared']);
    await shared(cast, { downloadable: true });
    await shared(cast, { downloadable: true });
    expect(await actions()).toEqual(['project_shared']);
    await shared(cast, { downloadable: true, show_comments: true });
    await shared(cast, { downloadable: true, show_comments: true, expires_at: inHours(5) });
    expect(await actions()).toEqual(['project_shared', 'project_share_changed', 'project_share_changed']);
    const logs = (await cast.owner.client.get(`/projects/${cast.project.id}/activity_logs`)).body.response;
    expect(
      logs.map((l: { text: string }) => l.text).filter((t: string) => t.includes('public link')),
    ).toEqual([
      `${cast.owner.user.name} changed the settings of the public link.`,
      `${cast.owner.user.name} changed the settings of the public link.`,
      `${cast.owner.user.name} shared a public link with downloads.`,
    ]);
    // Revoked and made again: a new link, shared anew.
    await cast.owner.client.delete(sharePath(cast.project));
    await shared(cast);
    expect((await actions()).filter((a) => a === 'project_shared')).toHaveLength(2);
  });

  it("keeps 'Show comments' off by default, and answers it to the members who may share", async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const on = await cast.owner.client.post(sharePath(cast.project), { show_comments: true });
    expect(on.body.response.share_show_comments).toBe(true);
    expect(
      (await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response.share_show_comments,
    ).toBe(true);
    // Every save states its settings: one without it turns it off, as it does downloads.
    const off = await cast.owner.client.post(sharePath(cast.project), {});
    expect(off.body.response.share_show_comments).toBe(false);
    const wrong = await cast.owner.client.post(sharePath(cast.project), { show_comments: 'yes' });
    expect([wrong.status, wrong.body.response.error.code]).toEqual([422, 'invalid_record']);
  });

  it('gives every project its own hash', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const hashes = new Set<string>([await shared(cast)]);
    for (let i = 0; i < 6; i += 1) {
      const project = await buildProject(cast.owner.client, cast.workspace.id);
      const answer = await cast.owner.client.post(sharePath(project), {});
      hashes.add(answer.body.response.share_hash);
    }
    expect(hashes.size).toBe(7);
    for (const hash of hashes) expect(Buffer.from(hash, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
  });

  it('is for members who may share: viewers and the workspace owner outside get 403, strangers 404', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    expect((await cast.viewer.client.post(sharePath(cast.project), {})).status).toBe(403);
    expect((await cast.workspaceOwner.client.post(sharePath(cast.project), {})).status).toBe(403);
    expect((await cast.stranger.client.post(sharePath(cast.project), {})).status).toBe(404);
    expect((await cast.anonymous.client.post(sharePath(cast.project), {})).status).toBe(401);
    expect((await cast.viewer.client.delete(sharePath(cast.project))).status).toBe(403);
  });

  it('refuses an expiry in the past, an invalid date and a short password', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const past = await cast.owner.client.post(sharePath(cast.project), { expires_at: inHours(-1) });
    expect(past.status).toBe(422);
    expect(past.body.response.error.details).toEqual({ expires_at: ['Expiry should be in the future.'] });
    const invalid = await cast.owner.client.post(sharePath(cast.project), { expires_at: 'tomorrow' });
    expect(invalid.body.response.error.details).toEqual({ expires_at: ['Expiry should be a valid date.'] });
    const short = await cast.owner.client.post(sharePath(cast.project), { password: 'abc' });
    expect(short.body.response.error.details).toEqual({
      password: ['Password should be at least 4 characters long.'],
    });
    expect((await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response.share_hash).toBeNull();
  });
});

describe('the shared view', () => {
  it('shows the project and its folders to anyone holding the link', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const folder = (await cast.owner.client.post(`/projects/${cast.project.id}/folders`, { name: 'Selects' }))
      .body.response;
    const other = await buildProject(cast.owner.client, cast.workspace.id);
    const foreign = (await cast.owner.client.post(`/projects/${other.id}/folders`, { name: 'Elsewhere' }))
      .body.response;
    const hash = await shared(cast);
    const anonymous = new ApiClient(t.baseUrl);

    const view = await anonymous.get(viewPath(hash));
    expect(view.status).toBe(200);
    expect(view.body.response).toEqual({
      id: cast.project.id,
      name: cast.project.name,
      share_hash: hash,
      allows_downloads: false,
      shows_comments: false,
      cover_url: null,
      workspace: { name: cast.workspace.name, logo: null },
      folders: [expect.objectContaining({ id: folder.id, name: 'Selects', current_user_is_owner: false })],
      // The project's own public link: view only, the whole project.
      link: { kind: 'view', scope: 'project' },
    });
    const one = await anonymous.get(`/shared/${hash}/folders/${folder.id}`);
    expect(one.status).toBe(200);
    expect(one.body.response).toMatchObject({ id: folder.id, organizer_id: cast.project.id });
    expect((await anonymous.get(`/shared/${hash}/folders/${foreign.id}`)).status).toBe(404);
    expect((await anonymous.get(`/shared/${hash}/cover`)).status).toBe(404);
  });

  it('serves the cover through the link', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const key = `test-covers/${cast.project.id}.png`;
    await t.ctx.storage.put(key, Buffer.from('not really a png'), 'image/png');
    await t.ctx.db
      .updateTable('projects')
      .set({ cover_key: key })
      .where('id', '=', cast.project.id)
      .execute();
    const hash = await shared(cast);
    const view = await new ApiClient(t.baseUrl).get(viewPath(hash));
    expect(view.body.response.cover_url).toMatch(new RegExp(`^/api/v1/shared/${hash}/cover\\?v=`));
    const cover = await new ApiClient(t.baseUrl).get(`/shared/${hash}/cover`);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/png');
    expect(cover.body).toBe('not really a png');
  });

  it('answers 404 with the spec-like text once revoked, and a new share makes a new hash', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const hash = await shared(cast, { downloadable: true, password: 'secret words' });
    const revoked = await cast.collaborator.client.delete(sharePath(cast.project));
    expect(revoked.status).toBe(200);
    expect(revoked.body.response).toEqual({ message: PROJECT_TEXTS.shareRevoked });
    const gone = await new ApiClient(t.baseUrl).get(viewPath(hash));
    expect(gone.status).toBe(404);
    expect(gone.body.response.error).toMatchObject({
      code: 'not_found',
      message: PROJECT_TEXTS.shareNotFound,
    });
    const project = (await cast.owner.client.get(`/projects/${cast.project.id}`)).body.response;
    expect(project).toMatchObject({
      share_hash: null,
      share_hash_downloadable: false,
      share_has_password: false,
    });
    expect(await activityActions(t.ctx, cast.project.id)).toContain('project_share_revoked');

    const fresh = await shared(cast);
    expect(fresh).not.toBe(hash);
    expect((await new ApiClient(t.baseUrl).get(viewPath(fresh))).status).toBe(200);
  });

  it('stops at the expiry (404 share_link_expired) and works again when the expiry is removed', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const expiresAt = inHours(1);
    const hash = await shared(cast, { expires_at: expiresAt });
    const anonymous = new ApiClient(t.baseUrl);
    expect((await anonymous.get(viewPath(hash))).status).toBe(200);
    t.clock.advance(2 * 3_600_000);
    const expired = await anonymous.get(viewPath(hash));
    expect(expired.status).toBe(404);
    expect(expired.body.response.error).toMatchObject({
      code: 'share_link_expired',
      message: PROJECT_TEXTS.shareExpired,
    });
    expect(await shared(cast, { expires_at: null })).toBe(hash);
    expect((await anonymous.get(viewPath(hash))).status).toBe(200);
  });

  it('asks for the password, unlocks with a cookie, and a password change locks again', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const hash = await shared(cast, { password: 'first secret' });
    const viewer = new ApiClient(t.baseUrl);
    const locked = await viewer.get(viewPath(hash));
    expect(locked.status).toBe(403);
    expect(locked.body.response.error).toMatchObject({
      code: 'share_password_required',
      message: PROJECT_TEXTS.sharePasswordRequired,
    });
    const wrong = await viewer.post('/projects/shared_view/unlock', { share_hash: hash, password: 'guess' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.response.error).toMatchObject({
      code: 'invalid_share_password',
      message: PROJECT_TEXTS.sharePasswordWrong,
    });
    const right = await viewer.post('/projects/shared_view/unlock', {
      share_hash: hash,
      password: 'first secret',
    });
    expect(right.status).toBe(200);
    expect(right.body.response).toMatchObject({ id: cast.project.id, share_hash: hash });
    const cookie = right.headers.getSetCookie().join(';');
    expect(cookie).toContain(`pr_share_${hash.slice(0, 12)}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await viewer.get(viewPath(hash))).status).toBe(200);
    expect((await new ApiClient(t.baseUrl).get(viewPath(hash))).status).toBe(403);

    // Another password makes the old cookie worthless; removing it opens the link to all.
    await shared(cast, { password: 'second secret' });
    expect((await viewer.get(viewPath(hash))).status).toBe(403);
    await shared(cast, { password: null });
    expect((await new ApiClient(t.baseUrl).get(viewPath(hash))).status).toBe(200);
    const stored = await t.ctx.db
      .selectFrom('projects')
      .select('share_password_hash')
      .where('id', '=', cast.project.id)
      .executeTakeFirstOrThrow();
    expect(stored.share_password_hash).toBeNull();
  });

  it('stores the password hashed and limits unlock attempts', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const hash = await shared(cast, { password: 'guarded secret' });
    const stored = await t.ctx.db
      .selectFrom('projects')
      .select('share_password_hash')
      .where('id', '=', cast.project.id)
      .executeTakeFirstOrThrow();
    expect(stored.share_password_hash).toMatch(/^scrypt\$/);
    expect(stored.share_password_hash).not.toContain('guarded secret');

    const guesser = new ApiClient(t.baseUrl);
    for (let i = 0; i < SHARE_UNLOCK_LIMITS.perAddress.max; i += 1)
      await guesser.post('/projects/shared_view/unlock', { share_hash: hash, password: `guess ${i}` });
    const limited = await guesser.post('/projects/shared_view/unlock', {
      share_hash: hash,
      password: 'guarded secret',
    });
    expect(limited.status).toBe(429);
    expect(limited.body.response.error.code).toBe('rate_limited');
  });

  it('keeps working while the project is archived', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const hash = await shared(cast);
    const archived = await cast.owner.client.patch('/projects/mark_as_archived', { ids: [cast.project.id] });
    expect(archived.status).toBe(200);
    expect((await new ApiClient(t.baseUrl).get(viewPath(hash))).status).toBe(200);
  });
});

describe('every shared route goes through the one share check', () => {
  it('lists every route of the shared scope', () => {
    const listed = new Set(SHARED_ROUTES.map((r) => `${r.method} /api/v1${r.url}`));
    expect(SHARED_SCOPE_ROUTES.size).toBeGreaterThan(0);
    for (const route of SHARED_SCOPE_ROUTES)
      expect(listed, `${route} is missing from SHARED_ROUTES`).toContain(route);
  });

  it('refuses unknown, revoked, expired and locked links on every shared route', async () => {
    const cast = await buildProjectCast(t.baseUrl, t.ctx);
    const folder = (await cast.owner.client.post(`/projects/${cast.project.id}/folders`, { name: 'F' })).body
      .response;
    const pathFor = (route: (typeof SHARED_ROUTES)[number], hash: string) => {
      const path = route.url
        .replace(':shareHash', encodeURIComponent(hash))
        .replace(':folderId', String(folder.id))
        .replace(':assetId', '1')
        .replace(':commentId', '1')
        .replace(':versionId/:token/*', '1/abc/thumbnail');
      return route.hashIn === 'query' ? `${path}?share_hash=${encodeURIComponent(hash)}` : path;
    };
    const call = (route: (typeof SHARED_ROUTES)[number], hash: string) =>
      new ApiClient(t.baseUrl).request(route.method, pathFor(route, hash));

    const revokedHash = await shared(cast);
    await cast.owner.client.delete(sharePath(cast.project));
    const expiredHash = await shared(cast, { expires_at: inHours(1) });
    t.clock.advance(2 * 3_600_000);
    const cases: [string, string, number, string][] = [
      ['unknown', 'no-such-link-hash', 404, 'not_found'],
      ['revoked', revokedHash, 404, 'not_found'],
      ['expired', expiredHash, 404, 'share_link_expired'],
    ];
    for (const route of SHARED_ROUTES)
      for (const [what, hash, status, code] of cases) {
        const answer = await call(route, hash);
        expect([what, route.url, answer.status, answer.body.response?.error?.code]).toEqual([
          what,
          route.url,
          status,
          code,
        ]);
      }

    const lockedHash = await shared(cast, { expires_at: null, password: 'locked tight' });
    expect(lockedHash).toBe(expiredHash);
    for (const route of SHARED_ROUTES) {
      const answer = await call(route, lockedHash);
      expect([route.url, answer.status, answer.body.response?.error?.code]).toEqual([
        route.url,
        403,
        'share_password_required',
      ]);
    }
    // The unlock call itself refuses revoked and expired links as the shared routes do.
    const unlock = (hash: string) =>
      new ApiClient(t.baseUrl).post('/projects/shared_view/unlock', { share_hash: hash, password: 'x' });
    expect((await unlock(revokedHash)).status).toBe(404);
    await shared(cast, { expires_at: inHours(1) });
    t.clock.advance(2 * 3_600_000);
    expect((await unlock(lockedHash)).body.response.error.code).toBe('share_link_expired');
  });
});
