import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COMMENT_TEXTS,
  MARKUP_ASSET_POINTS_MAX,
  MARKUP_COLORS,
  MARKUP_SHAPES_MAX,
  MARKUP_TEXTS,
} from '@common/api/comments';
import { pdfOperators } from '@server/services/comments/commentReports/pdfOperators';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, line, postComment, refusal, typedShape } from './commentFactories';
import { ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

/**
 * Issue 26 item 4: arrows, rectangles and ellipses beside the spec's line. A typed shape is stored
 * and answered with its `type` and two points; a line keeps its form (no `type`), so comments made
 * before read the same; each shape's rule is refused with 422 and its message, storing nothing.
 */

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;
let asset: Json;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
  asset = await buildAsset(owner, cast.project.id);
});

const arrow = typedShape('arrow');
const rectangle = typedShape('rectangle');
const ellipse = typedShape('ellipse');

async function stored(id: number) {
  return t.ctx.db
    .selectFrom('comments')
    .select(['markup', 'markup_points', 'is_edited', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

const listed = async (): Promise<Json[]> => (await owner.get(`/assets/${asset.id}/comments`)).body.response;

describe('shapes beside the line', () => {
  it('answers each shape with its type and points, and a line without a type, as stored', async () => {
    const made = await buildComment(owner, asset.id, {
      markup: [line(), arrow, rectangle, ellipse, line({ type: 'line' })],
    });
    expect(made.markup).toEqual([line(), arrow, rectangle, ellipse, line()]);
    expect(made.markup.map((s: Json) => 'type' in s)).toEqual([false, true, true, true, false]);
    expect(made.markup_number).toBe(1);

    const row = await stored(made.id);
    expect(JSON.parse(row.markup)).toEqual(made.markup);
    // A line's stored form is the spec's, key for key: no `type`, not even 'line'.
    expect(row.markup.startsWith(JSON.stringify([line()]).slice(0, -1))).toBe(true);
    expect(row.markup.match(/"type"/g)).toHaveLength(3);
    expect(row.markup_points).toBe(10);
    expect((await listed())[0].markup).toEqual(made.markup);
  });

  it('takes typed shapes in absolute points and in every colour and size', async () => {
    const absolute = typedShape('rectangle', {
      is_relative: false,
      points: [
        { x: 10, y: 20 },
        { x: 300, y: 200 },
      ],
    });
    const coloured = Object.values(MARKUP_COLORS).map((stroke_color, i) =>
      typedShape(i % 2 ? 'ellipse' : 'arrow', { stroke_color, stroke_size: i + 1 }),
    );
    const made = await buildComment(owner, asset.id, { markup: [absolute, ...coloured] });
    expect(made.markup).toEqual([absolute, ...coloured]);
  });
});

describe('each shape’s rule', () => {
  /** Refused with 422 and exactly `message` on `field` (the first shape's, unless said), storing nothing. */
  const refused = async (markup: unknown, message: string, field = 'markup.0.points') => {
    const before = (await listed()).length;
    const answer = await postComment(owner, asset.id, { markup });
    expect(refusal(answer)).toMatchObject({
      status: 422,
      code: 'invalid_record',
      details: { [field]: [message] },
    });
    expect(await listed()).toHaveLength(before);
  };
  const at = (...xs: [number, number][]) => xs.map(([x, y]) => ({ x, y }));

  it('refuses a typed shape without exactly two points, naming it', async () => {
    await refused([typedShape('arrow', { points: at([0.1, 0.1]) })], MARKUP_TEXTS.twoPoints('arrow'));
    await refused(
      [typedShape('rectangle', { points: at([0.1, 0.1], [0.5, 0.5], [0.9, 0.2]) })],
      'A rectangle has exactly two points.',
    );
    await refused([typedShape('ellipse', { points: [] })], 'An ellipse has exactly two points.');
    // Named by its place among the comment's shapes.
    await refused(
      [line(), typedShape('arrow', { points: at([0.1, 0.1]) })],
      MARKUP_TEXTS.twoPoints('arrow'),
      'markup.1.points',
    );
  });

  it('refuses a box without a width or a height, and an arrow whose ends meet', async () => {
    await refused(
      [typedShape('rectangle', { points: at([0.2, 0.3], [0.2, 0.9]) })],
      MARKUP_TEXTS.emptyBox('rectangle'),
    );
    await refused(
      [typedShape('ellipse', { points: at([0.2, 0.3], [0.8, 0.3]) })],
      'An ellipse needs a width and a height.',
    );
    await refused([typedShape('arrow', { points: at([0.4, 0.4], [0.4, 0.4]) })], MARKUP_TEXTS.emptyArrow);
  });

  it('refuses an unknown type, an over-long one and one that is no text', async () => {
    await refused([typedShape('arrow', { type: 'star' })], MARKUP_TEXTS.badType, 'markup.0.type');
    await refused(
      [typedShape('arrow', { type: 'arrow'.repeat(2000) })],
      MARKUP_TEXTS.badType,
      'markup.0.type',
    );
    await refused([typedShape('arrow', { type: 3 })], MARKUP_TEXTS.badType, 'markup.0.type');
  });

  it('holds typed shapes to the palette, the sizes, the picture and the count of shapes', async () => {
    await refused(
      [typedShape('arrow', { stroke_color: '#123456' })],
      COMMENT_TEXTS.badColor,
      'markup.0.stroke_color',
    );
    await refused([typedShape('ellipse', { stroke_size: 9 })], COMMENT_TEXTS.badSize, 'markup.0.stroke_size');
    await refused(
      [typedShape('rectangle', { points: at([0.2, 0.3], [1.5, 0.9]) })],
      COMMENT_TEXTS.relativePoint,
    );
    await refused(
      Array.from({ length: MARKUP_SHAPES_MAX + 1 }, () => arrow),
      COMMENT_TEXTS.tooManyShapes,
      'markup',
    );
  });

  it('refuses shapes on a reply and on a global comment, as lines are', async () => {
    const root = await buildComment(owner, asset.id);
    expect(
      refusal(await postComment(owner, asset.id, { parent_id: root.id, markup: [ellipse] })),
    ).toMatchObject({
      status: 422,
      details: { markup: [COMMENT_TEXTS.replyNoMarkup] },
    });
    expect(
      refusal(await postComment(owner, asset.id, { global_comment: true, markup: [rectangle] })),
    ).toMatchObject({ status: 422, details: { markup: [COMMENT_TEXTS.globalNoMarkup] } });
  });

  it('counts a typed shape’s two points in the asset’s allowance', async () => {
    const first = await buildComment(owner, asset.id, { markup: [line()] });
    // The asset holds four points short of its cap.
    await t.ctx.db
      .updateTable('comments')
      .set({ markup_points: MARKUP_ASSET_POINTS_MAX - 4 })
      .where('id', '=', first.id)
      .execute();
    const full = await buildComment(owner, asset.id, { markup: [arrow, rectangle] });
    expect((await stored(full.id)).markup_points).toBe(4);
    const answer = await postComment(owner, asset.id, { markup: [ellipse] });
    expect(refusal(answer)).toMatchObject({
      status: 422,
      details: { markup: [COMMENT_TEXTS.tooManyAssetPoints] },
    });
    expect(
      refusal(await owner.patch(`/comments/${full.id}`, { markup: [arrow, rectangle, ellipse] })),
    ).toMatchObject({ status: 422, details: { markup: [COMMENT_TEXTS.tooManyAssetPoints] } });
    // Drawing less always passes.
    expect((await owner.patch(`/comments/${full.id}`, { markup: [ellipse] })).status).toBe(200);
    expect((await stored(full.id)).markup_points).toBe(2);
  });
});

describe('PATCH /comments/{id} with shapes', () => {
  it('redraws a line as shapes and back, answered and stored with their types', async () => {
    const made = await buildComment(owner, asset.id, { markup: [line()] });
    const shaped = await owner.patch(`/comments/${made.id}`, { markup: [arrow, ellipse] });
    expect(shaped.status).toBe(200);
    expect(shaped.body.response).toMatchObject({
      markup: [arrow, ellipse],
      markup_number: 1,
      is_edited: true,
    });
    const row = await stored(made.id);
    expect(JSON.parse(row.markup)).toEqual([arrow, ellipse]);
    expect(row.markup_points).toBe(4);

    const refused = await owner.patch(`/comments/${made.id}`, {
      markup: [typedShape('rectangle', { points: [{ x: 0.5, y: 0.5 }] })],
    });
    expect(refusal(refused)).toMatchObject({ status: 422, code: 'invalid_record' });
    expect(Object.values(refused.body.response.error.details).flat()).toContain(
      MARKUP_TEXTS.twoPoints('rectangle'),
    );
    expect((await listed())[0].markup).toEqual([arrow, ellipse]);

    const back = await owner.patch(`/comments/${made.id}`, { markup: [line({ type: 'line' })] });
    expect(back.body.response.markup).toEqual([line()]);
    expect((await stored(made.id)).markup).toBe(JSON.stringify([line()]));
  });
});

describe('comments drawn before shapes', () => {
  /** A line as comments stored it before shapes, written straight to the database. */
  const oldForm =
    '[{"points":[{"x":0.1,"y":0.2},{"x":0.4,"y":0.5},{"x":0.6,"y":0.1}],"stroke_color":"#2B9324","stroke_size":3,"is_relative":true}]';

  it('reads the same, and a line sent again as it is (even named "line") changes nothing', async () => {
    const made = await buildComment(owner, asset.id, { markup: [line()] });
    await t.ctx.db
      .updateTable('comments')
      .set({ markup: oldForm, markup_points: 3 })
      .where('id', '=', made.id)
      .execute();
    const before = await stored(made.id);
    expect((await listed())[0].markup).toEqual(JSON.parse(oldForm));

    t.clock.advance(1000);
    const same = JSON.parse(oldForm).map((s: Json) => ({ type: 'line', ...s }));
    const answer = await owner.patch(`/comments/${made.id}`, { markup: same });
    expect(answer.status).toBe(200);
    expect(answer.body.response).toMatchObject({ markup: JSON.parse(oldForm), is_edited: false });
    expect(await stored(made.id)).toEqual(before);

    // A text edit leaves the markup as it was stored, byte for byte.
    expect((await owner.patch(`/comments/${made.id}`, { text: 'Still the sky.' })).status).toBe(200);
    expect((await stored(made.id)).markup).toBe(oldForm);
  });
});

describe('shapes where markup is read', () => {
  it('shows them to a public link’s viewers with their types', async () => {
    await buildComment(owner, asset.id, { markup: [rectangle, line()] });
    const shared = await owner.post(`/projects/${cast.project.id}/share`, { show_comments: true });
    expect(shared.status).toBe(200);
    const hash = encodeURIComponent(shared.body.response.share_hash);
    const viewer = new ApiClient(t.baseUrl);
    const answer = await viewer.get(`/shared/${hash}/assets/${asset.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.response.comments[0].markup).toEqual([rectangle, line()]);
  });

  it('carries them to a new round as they were drawn', async () => {
    const drawn = await buildComment(owner, asset.id, { markup: [arrow, line(), ellipse] });
    await buildRound(owner, asset.id);
    const waiting = await owner.get(`/assets/${asset.id}/carried_comments`);
    expect(waiting.body.response.map((c: Json) => c.markup)).toEqual([[arrow, line(), ellipse]]);
    const carried = await owner.post(`/comments/${drawn.id}/carry_over`);
    expect(carried.status).toBe(200);
    expect(carried.body.response.markup).toEqual([arrow, line(), ellipse]);
    expect(JSON.parse((await stored(drawn.id)).markup)).toEqual([arrow, line(), ellipse]);
  });

  it('draws a rectangle on the PDF report where it lies on the picture', async () => {
    const picture = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const poster = await buildAsset(owner, cast.project.id, { name: 'Poster.png', bytes: picture });
    await buildComment(owner, poster.id, { markup: [rectangle] });
    await t.ctx.jobs.idle();
    // The report draws the round's preview: wait for the preview itself, not only for a quiet queue.
    const previewState = async () =>
      (await owner.get(`/assets/${poster.id}`)).body.response.current_version.preview_state as string;
    await expect.poll(previewState, { timeout: 30_000, interval: 100 }).not.toBe('processing');
    expect(await previewState()).toBe('ready');
    const response = await fetch(`${t.baseUrl}/api/v1/assets/${poster.id}/comments/export?format=pdf`, {
      headers: { cookie: owner.cookieHeader },
    });
    expect(response.status).toBe(200);
    const ops = pdfOperators(Buffer.from(await response.arrayBuffer()));
    // The picture's frame: the first box drawn as wide as the page's text (595.28 less two margins of 48).
    const frame = ops.find((o) => o.op === 're' && Math.abs((o.args[2] ?? 0) - 499.28) < 0.01);
    expect(frame).toBeDefined();
    const [x, y, w, h] = frame!.args as [number, number, number, number];
    const expected = [x + 0.25 * w, y + 0.3 * h, 0.5 * w, 0.3 * h];
    const box = ops.find(
      (o) =>
        o.op === 're' && o.args.length === 4 && o.args.every((v, i) => Math.abs(v - expected[i]!) < 0.01),
    );
    expect(box).toBeDefined();
  });
});
