import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DECISION_TEXTS } from '@common/api/decisions';
import { buildAsset, buildRound } from './assetFactories';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { LiveStream } from './liveClient';
import { buildProjectCast, PROJECT_CALLERS, type ProjectCaller, type ProjectCast } from './projectCast';

/**
 * Decisions per reviewer (issue 26 item 3): PUT /assets/{id}/decision, the decisions every asset
 * answer carries for its current round, the reset on a new round, the grid's 'changes requested'
 * filter, the event and its activity entry, and a guest's decision through the service the guests'
 * route calls.
 */

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
});

const decide = (client: ApiClient, asset: Json, decision: unknown) =>
  client.put(`/assets/${asset.id}/decision`, { decision });
const read = async (asset: Json, client = owner): Promise<Json> =>
  (await client.get(`/assets/${asset.id}`)).body.response;
const listed = async (filters?: unknown, client = owner): Promise<Json[]> => {
  const query = filters === undefined ? '' : `?filters=${encodeURIComponent(JSON.stringify(filters))}`;
  const answer = await client.get(`/projects/${cast.project.id}/assets${query}`);
  expect(answer.status).toBe(200);
  return answer.body.response;
};
const summary = (decisions: Json[]) => decisions.map((d) => [d.reviewer.name, d.decision]);
const logTexts = async (): Promise<string[]> => {
  await t.ctx.jobs.idle();
  return (await owner.get(`/projects/${cast.project.id}/activity_logs`)).body.response.map(
    (l: Json) => l.text,
  );
};

/** A guest of the project written to the database, as the guests' route makes them. */
async function buildGuest(name: string, email: string | null = null): Promise<number> {
  const now = t.clock.now().toISOString();
  const row = await t.ctx.db
    .insertInto('guests')
    .values({
      project_id: cast.project.id,
      link_id: null,
      name,
      email,
      token_hash: `token-${name}-${Math.random()}`,
      created_at: now,
      last_seen_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('PUT /assets/{id}/decision', () => {
  it('gives, changes and takes back the caller’s own decision, leaving the asset’s approval alone', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    const given = await decide(owner, asset, 'approved');
    expect(given.status).toBe(200);
    expect(given.body.response.decisions).toEqual([
      {
        reviewer: { id: cast.owner.user.id, name: cast.owner.user.name, avatar: null, is_guest: false },
        decision: 'approved',
        decided_at: t.clock.now().toISOString(),
      },
    ]);
    expect((await read(asset)).approve).toBe('pending');

    t.clock.advance(1000);
    const changed = await decide(owner, asset, 'changes_requested');
    expect(summary(changed.body.response.decisions)).toEqual([[cast.owner.user.name, 'changes_requested']]);
    expect(changed.body.response.decisions[0].decided_at).toBe(t.clock.now().toISOString());

    const removed = await decide(owner, asset, null);
    expect(removed.status).toBe(200);
    expect(removed.body.response.decisions).toEqual([]);
    expect((await read(asset)).decisions).toEqual([]);
    // Taking back a decision that is not there answers the same, and records nothing.
    expect((await decide(owner, asset, null)).body.response.decisions).toEqual([]);
  });

  it('keeps one decision per reviewer, earliest first, on the asset and on the grid', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    await decide(cast.collaborator.client, asset, 'changes_requested');
    t.clock.advance(1000);
    await decide(owner, asset, 'approved');
    t.clock.advance(1000);
    await decide(owner, asset, 'approved'); // the same again changes nothing, not even its time
    const expected = [
      [cast.collaborator.user.name, 'changes_requested'],
      [cast.owner.user.name, 'approved'],
    ];
    expect(summary((await read(asset)).decisions)).toEqual(expected);
    // Every member who sees the asset sees who decided what, the viewer too.
    expect(summary((await read(asset, cast.viewer.client)).decisions)).toEqual(expected);
    const [tile] = (await listed()).filter((a) => a.id === asset.id);
    expect(summary(tile.decisions)).toEqual(expected);
    // Never an e-mail address.
    expect(JSON.stringify(await read(asset))).not.toContain(cast.collaborator.user.email);
  });

  it('lets owners and collaborators decide; a viewer and the workspace owner outside get 403, others 404 or 401', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    const expected: Record<ProjectCaller, number> = {
      owner: 200,
      collaborator: 200,
      viewer: 403,
      workspaceAdmin: 404,
      workspaceOwner: 403,
      stranger: 404,
      anonymous: 401,
    };
    const got: Partial<Record<ProjectCaller, number>> = {};
    for (const caller of PROJECT_CALLERS)
      got[caller] = (await decide(cast[caller].client, asset, 'approved')).status;
    expect(got).toEqual(expected);
    const refused = await decide(cast.viewer.client, asset, 'approved');
    expect(refused.body.response.error).toMatchObject({
      code: 'forbidden',
      message: DECISION_TEXTS.mayNotDecide,
    });
    expect(summary((await read(asset)).decisions).map(([name]) => name)).toEqual([
      cast.owner.user.name,
      cast.collaborator.user.name,
    ]);
    // An asset that does not exist answers as one the caller may not see.
    expect((await owner.put('/assets/999999/decision', { decision: 'approved' })).status).toBe(404);
  });

  it('refuses a decision that is not one of the two, or missing, with 422 and a clear message', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    for (const body of [{ decision: 'maybe' }, { decision: 1 }, {}, { decision: 'approved', extra: true }]) {
      const answer = await owner.put(`/assets/${asset.id}/decision`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.response.error.code).toBe('invalid_record');
    }
    const wrong = await decide(owner, asset, 'maybe');
    expect(JSON.stringify(wrong.body.response.error)).toContain(DECISION_TEXTS.decisionInvalid);
    expect((await read(asset)).decisions).toEqual([]);
  });
});

describe('a new round', () => {
  it('starts with no decisions; the earlier round’s stay stored and come back if the new round is deleted', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    await decide(owner, asset, 'approved');
    await decide(cast.collaborator.client, asset, 'changes_requested');
    await buildRound(owner, asset.id);
    const fresh = await read(asset);
    expect(fresh.asset_versions_count).toBe(2);
    expect(fresh.decisions).toEqual([]);
    expect((await listed({ decision: 'changes_requested' })).map((a) => a.id)).toEqual([]);
    const stored = await t.ctx.db
      .selectFrom('asset_decisions')
      .select(['version_id', 'decision'])
      .where('asset_id', '=', asset.id)
      .execute();
    expect(stored).toHaveLength(2);
    expect(stored.every((row) => row.version_id === asset.version_id)).toBe(true);

    // A decision now lands on the new round.
    const now = await decide(owner, asset, 'changes_requested');
    expect(summary(now.body.response.decisions)).toEqual([[cast.owner.user.name, 'changes_requested']]);

    // Deleting the latest round makes the first current again, with its own decisions.
    expect((await owner.delete(`/assets/${asset.id}/versions/last`)).status).toBeLessThan(300);
    expect(summary((await read(asset)).decisions)).toEqual([
      [cast.owner.user.name, 'approved'],
      [cast.collaborator.user.name, 'changes_requested'],
    ]);
  });
});

describe("the grid's 'changes requested' filter", () => {
  it('lists the assets whose current round has at least one request for changes', async () => {
    const [approved, asked, both, none] = [
      await buildAsset(owner, cast.project.id, { name: 'approved.png' }),
      await buildAsset(owner, cast.project.id, { name: 'asked.png' }),
      await buildAsset(owner, cast.project.id, { name: 'both.png' }),
      await buildAsset(owner, cast.project.id, { name: 'none.png' }),
    ];
    await decide(owner, approved, 'approved');
    await decide(cast.collaborator.client, asked, 'changes_requested');
    await decide(owner, both, 'approved');
    await decide(cast.collaborator.client, both, 'changes_requested');
    const names = async (filters: unknown) =>
      (await listed({ ...(filters as object) })).map((a) => a.name as string).sort();
    expect(await names({ decision: 'changes_requested' })).toEqual(['asked.png', 'both.png']);
    // Combined with "and" with the other filters.
    await owner.patch(`/projects/${cast.project.id}/assets/mark_as_approved`, { ids: [both.id] });
    expect(await names({ decision: 'changes_requested', approve: 'confirmed' })).toEqual(['both.png']);
    expect((await listed()).map((a) => a.id).sort()).toEqual(
      [approved, asked, both, none].map((a) => a.id).sort(),
    );
    // A request taken back leaves the filter.
    await decide(cast.collaborator.client, asked, null);
    expect(await names({ decision: 'changes_requested' })).toEqual(['both.png']);
  });

  it('refuses another decision value in the filter with 422', async () => {
    const answer = await owner.get(
      `/projects/${cast.project.id}/assets?filters=${encodeURIComponent(JSON.stringify({ decision: 'approved' }))}`,
    );
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body.response.error)).toContain('decision');
  });
});

describe('what a decision tells', () => {
  it('writes an activity entry for each change, and none for the same decision again', async () => {
    const asset = await buildAsset(owner, cast.project.id, { name: 'Poster.png' });
    await decide(owner, asset, 'approved');
    await decide(owner, asset, 'approved');
    await decide(owner, asset, 'changes_requested');
    await decide(owner, asset, null);
    const who = cast.owner.user.name;
    const round = asset.current_version.number;
    expect((await logTexts()).slice(0, 3)).toEqual([
      `${who} withdrew their decision on round ${round} of “Poster.png”.`,
      `${who} requested changes on round ${round} of “Poster.png”.`,
      `${who} decided “Approved” on round ${round} of “Poster.png”.`,
    ]);
  });

  it('reaches the other members’ live streams, the viewer’s too', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    const streams = [
      await LiveStream.open(t.baseUrl, { client: cast.collaborator.client }),
      await LiveStream.open(t.baseUrl, { client: cast.viewer.client }),
    ];
    try {
      await decide(owner, asset, 'changes_requested');
      for (const stream of streams) {
        const message = await stream.next('asset.decided', (m) => m.data.object_id === asset.id);
        expect(message.data).toMatchObject({
          type: 'asset.decided',
          project_id: cast.project.id,
          object_type: 'Asset',
          data: { decision: 'changes_requested', version_id: asset.version_id },
        });
      }
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('a guest’s decision (the service the guests’ route calls)', () => {
  it('shows the guest by name with no id, avatar or e-mail, beside the members, and names them in the activity log', async () => {
    const asset = await buildAsset(owner, cast.project.id, { name: 'Cover.png' });
    const guestId = await buildGuest('Client Carla', 'carla@client.test');
    await decide(owner, asset, 'approved');
    t.clock.advance(1000);
    const answer = await t.ctx.assetDecisions.decide({ guestId }, asset, 'changes_requested');
    expect(answer.decisions.map((d) => d.reviewer)).toEqual([
      { id: cast.owner.user.id, name: cast.owner.user.name, avatar: null, is_guest: false },
      { id: null, name: 'Client Carla', avatar: null, is_guest: true },
    ]);
    const shown = await read(asset);
    expect(summary(shown.decisions)).toEqual([
      [cast.owner.user.name, 'approved'],
      ['Client Carla', 'changes_requested'],
    ]);
    expect(JSON.stringify(shown)).not.toContain('carla@client.test');
    expect((await listed({ decision: 'changes_requested' })).map((a) => a.id)).toEqual([asset.id]);
    expect((await logTexts())[0]).toBe(
      `Client Carla (Guest) requested changes on round ${asset.current_version.number} of “Cover.png”.`,
    );
    // The guest takes it back; the member's decision stays.
    const back = await t.ctx.assetDecisions.decide({ guestId }, asset, null);
    expect(summary(back.decisions)).toEqual([[cast.owner.user.name, 'approved']]);
  });

  it('keeps a guest and a member apart even when their ids are the same number', async () => {
    const asset = await buildAsset(owner, cast.project.id);
    const guestId = await buildGuest('Same Number');
    await t.ctx.db.updateTable('guests').set({ id: cast.owner.user.id }).where('id', '=', guestId).execute();
    await decide(owner, asset, 'approved');
    await t.ctx.assetDecisions.decide({ guestId: cast.owner.user.id }, asset, 'changes_requested');
    expect(summary((await read(asset)).decisions)).toEqual([
      [cast.owner.user.name, 'approved'],
      ['Same Number', 'changes_requested'],
    ]);
  });
});
