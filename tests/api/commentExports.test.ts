import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_CSV_COLUMNS } from '@common/api/commentCarryOver';
import { MARKUP_COLORS } from '@common/api/comments';
import { CommentReports } from '@server/services/comments/commentReports/commentReports';
import { createReportDocument, writeCommentPdf } from '@server/services/comments/commentReports/commentPdf';
import { reportAsset } from '@server/services/comments/commentReports/reportRounds';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, line } from './commentFactories';
import { csvRows } from './csvRows';
import { pdfOf } from './documents';
import { type ApiClient, type Json, startTestApp, type TestApp } from './harness';
import { buildProjectCast, type ProjectCast } from './projectCast';

let t: TestApp;
let cast: ProjectCast;
let owner: ApiClient;
let poster: Json;
let work: string;

/** Where a column sits in the CSV. */
const col = (name: (typeof COMMENT_CSV_COLUMNS)[number]) => COMMENT_CSV_COLUMNS.indexOf(name);

const TRICKY = 'Line one\nline "two", with a comma';
const UNICODE = 'Été — Ωμέγα, Привет ✓';

/** A 96×64 picture, so the preview embedded in the PDF can be told from anything else. */
const picture = () =>
  sharp({ create: { width: 96, height: 64, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .png()
    .toBuffer();

beforeAll(async () => {
  t = await startTestApp();
  work = mkdtempSync(join(tmpdir(), 'exports-'));
});
afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  await t.close();
});

beforeEach(async () => {
  cast = await buildProjectCast(t.baseUrl, t.ctx);
  owner = cast.owner.client;
  poster = await buildAsset(owner, cast.project.id, { name: 'Poster.png', bytes: await picture() });
});

/** The raw bytes of an export, as a browser downloads them. */
async function download(client: ApiClient, path: string) {
  const response = await fetch(`${t.baseUrl}/api/v1${path}`, {
    headers: client.signedIn ? { cookie: client.cookieHeader } : {},
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

function pdfTool(tool: 'pdftotext' | 'pdfimages', bytes: Buffer): string {
  const file = join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return tool === 'pdftotext'
    ? execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    : execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
}

/** Comments that try the CSV: a formula, quotes and line breaks, Unicode, a mention, a reply. */
async function seedComments() {
  const mention = `@[${cast.collaborator.user.name}](user:${cast.collaborator.user.id})`;
  const formula = await buildComment(owner, poster.id, { text: '=HYPERLINK("http://x")', markup: [line()] });
  const tricky = await buildComment(owner, poster.id, {
    text: TRICKY,
    markup: [line({ stroke_color: MARKUP_COLORS.red, stroke_size: 6 })],
  });
  const unicode = await buildComment(cast.collaborator.client, poster.id, { text: `${UNICODE} ${mention}` });
  const reply = await buildComment(owner, poster.id, { parent_id: tricky.id, text: '-1 stop darker' });
  await owner.patch(`/comments/${formula.id}/mark_as_completed`);
  return { formula, tricky, unicode, reply };
}

describe('CSV export', () => {
  it('answers one row per comment and reply, RFC 4180, UTF-8 with a BOM, safe from formulas', async () => {
    const { formula, tricky, unicode, reply } = await seedComments();
    const answer = await download(owner, `/assets/${poster.id}/comments/export?format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).toContain('filename="Poster comments.csv"');
    expect([...answer.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const rows = csvRows(answer.bytes.toString('utf8').slice(1));
    expect(rows[0]).toEqual([...COMMENT_CSV_COLUMNS]);
    const byId = new Map(
      rows
        .slice(1)
        .map((r) => [Number(r[col('id')]), Object.fromEntries(COMMENT_CSV_COLUMNS.map((k, i) => [k, r[i]]))]),
    );
    expect(rows).toHaveLength(5);
    const round = String(poster.current_version.number);

    expect(byId.get(formula.id)).toMatchObject({
      asset: 'Poster.png',
      round,
      number: '1',
      author: cast.owner.user.name,
      status: 'completed',
      text: `'=HYPERLINK("http://x")`,
      parent_id: '',
    });
    expect(byId.get(formula.id)!.completed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byId.get(tricky.id)).toMatchObject({
      number: '2',
      status: 'open',
      completed_at: '',
      text: TRICKY,
    });
    expect(byId.get(tricky.id)!.date).toBe(new Date(tricky.created_at).toISOString());
    expect(byId.get(unicode.id)).toMatchObject({
      author: cast.collaborator.user.name,
      number: '',
      text: `${UNICODE} @${cast.collaborator.user.name}`,
    });
    expect(byId.get(reply.id)).toMatchObject({
      text: `'-1 stop darker`,
      parent_id: String(tricky.id),
      status: '',
    });
    // Each reply follows its comment.
    expect(rows.slice(1).map((r) => Number(r[col('id')]))).toEqual([
      formula.id,
      tricky.id,
      reply.id,
      unicode.id,
    ]);
  });

  it('a project export holds the comments of its assets, and leaves out assets without any', async () => {
    await seedComments();
    const banner = await buildAsset(owner, cast.project.id, { name: 'Banner, wide.png' });
    await buildAsset(owner, cast.project.id, { name: 'Quiet.png' });
    await buildComment(owner, banner.id, { text: '+ more contrast' });
    const answer = await download(owner, `/projects/${cast.project.id}/comments/export?format=csv`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(`${cast.project.name} comments.csv`);
    const rows = csvRows(answer.bytes.toString('utf8').slice(1));
    expect(new Set(rows.slice(1).map((r) => r[0]))).toEqual(new Set(['Banner, wide.png', 'Poster.png']));
    expect(rows.find((r) => r[0] === 'Banner, wide.png')?.[col('text')]).toBe(`'+ more contrast`);
  });

  it('a comment carried over is exported on its new round', async () => {
    const comment = await buildComment(owner, poster.id, { text: 'Move the logo' });
    await buildRound(owner, poster.id);
    await owner.post(`/comments/${comment.id}/carry_over`);
    const rows = csvRows(
      (await download(owner, `/assets/${poster.id}/comments/export?format=csv`)).bytes
        .toString('utf8')
        .slice(1),
    );
    expect(rows[1]?.[col('round')]).toBe(String(poster.current_version.number + 1));
  });
});

describe('PDF report', () => {
  it('streams a PDF with the preview embedded, the markup over it and every comment text', async () => {
    await seedComments();
    await t.ctx.jobs.idle();
    const answer = await download(owner, `/assets/${poster.id}/comments/export?format=pdf`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toContain('filename="Poster comments.pdf"');
    expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = pdfTool('pdftotext', answer.bytes);
    expect(text).toContain('Poster.png');
    expect(text).toContain(`Round ${poster.current_version.number}`);
    expect(text).toContain('=HYPERLINK("http://x")');
    expect(text).toContain('line "two", with a comma');
    expect(text).toContain(UNICODE);
    expect(text).toContain(`@${cast.collaborator.user.name}`);
    expect(text).toContain('-1 stop darker');
    expect(text).toMatch(/#1 · .* · Completed/);
    expect(text).toMatch(/#2 · .* · Open/);

    const images = pdfTool('pdfimages', answer.bytes).trim().split('\n').slice(2);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatch(/^\s*1\s+0\s+image\s+96\s+64\s/);
  });

  it('says when a round has no preview yet', async () => {
    await buildComment(owner, poster.id, { text: 'Early note' });
    await t.ctx.jobs.idle();
    await t.ctx.db
      .updateTable('asset_versions')
      .set({ preview_key: null, preview_content_type: null })
      .where('asset_id', '=', poster.id)
      .execute();
    const answer = await download(owner, `/assets/${poster.id}/comments/export?format=pdf`);
    const text = pdfTool('pdftotext', answer.bytes);
    expect(text).toContain('No preview of this round.');
    expect(text).toContain('Early note');
    expect(pdfTool('pdfimages', answer.bytes).trim().split('\n').slice(2)).toHaveLength(0);
  });

  it('names the page of a document’s comments in the CSV and in the report', async () => {
    const brochure = await buildAsset(owner, cast.project.id, {
      name: 'Brochure.pdf',
      bytes: await pdfOf(2),
    });
    await t.ctx.jobs.idle();
    await buildComment(owner, brochure.id, { text: 'Cover title', markup: [line()], page: 1 });
    await buildComment(owner, brochure.id, { text: 'Inside spread', markup: [line()], page: 2 });
    const rows = csvRows(
      (await download(owner, `/assets/${brochure.id}/comments/export?format=csv`)).bytes
        .toString('utf8')
        .slice(1),
    );
    expect(rows.slice(1).map((r) => [r[col('text')], r[col('page')]])).toEqual([
      ['Cover title', '1'],
      ['Inside spread', '2'],
    ]);
    const text = pdfTool(
      'pdftotext',
      (await download(owner, `/assets/${brochure.id}/comments/export?format=pdf`)).bytes,
    );
    expect(text).toMatch(/#1 · page 1 · /);
    expect(text).toMatch(/#2 · page 2 · /);
  });

  it('draws a comment on a document’s third page over that page, with its markup', async () => {
    const brochure = await buildAsset(owner, cast.project.id, {
      name: 'Brochure.pdf',
      bytes: await pdfOf(3),
    });
    await t.ctx.jobs.idle();
    await buildComment(owner, brochure.id, { text: 'Cover title', markup: [line()], page: 1 });
    await buildComment(owner, brochure.id, { text: 'Back page', markup: [line()], page: 3 });
    const bytes = (await download(owner, `/assets/${brochure.id}/comments/export?format=pdf`)).bytes;
    // pdftotext ends each page with a form feed: the report's pages, one section each.
    const pages = pdfTool('pdftotext', bytes).split('\f');
    const third = pages.findIndex((page) => page.includes('Back page'));
    expect(pages[third]).toMatch(/Round \d+ · Page 3 · 1 comments/);
    // The markup's numbered marker is drawn on that page's picture, above the list.
    expect(pages[third]).toMatch(/\n2\n[\s\S]*#2 · page 3/);
    expect(pages[third]).not.toContain('Cover title');
    expect(pages.findIndex((page) => page.includes('Cover title'))).not.toBe(third);
    // Each section carries its own page's picture.
    const imagePages = pdfTool('pdfimages', bytes)
      .trim()
      .split('\n')
      .slice(2)
      .map((row) => Number(row.trim().split(/\s+/)[0]));
    expect(imagePages).toContain(third + 1);
    expect(imagePages).toHaveLength(2);
  });

  it('a project report has a cover, then a section per asset and round with comments', async () => {
    await seedComments();
    const banner = await buildAsset(owner, cast.project.id, { name: 'Banner.png' });
    await buildAsset(owner, cast.project.id, { name: 'Quiet.png' });
    await buildComment(owner, banner.id, { text: 'Wider margins' });
    await buildRound(owner, banner.id);
    await buildComment(owner, banner.id, { text: 'Better now' });
    await t.ctx.jobs.idle();
    const answer = await download(owner, `/projects/${cast.project.id}/comments/export?format=pdf`);
    expect(answer.status).toBe(200);
    const text = pdfTool('pdftotext', answer.bytes);
    expect(text).toContain('Comments report');
    expect(text).toContain(cast.project.name);
    expect(text).toContain('2 assets with 5 comments');
    for (const expected of ['Banner.png', 'Wider margins', 'Better now', 'Poster.png', UNICODE])
      expect(text).toContain(expected);
    expect(text).not.toContain('Quiet.png');
    // Poster's round and Banner's two rounds each embed their preview.
    expect(pdfTool('pdfimages', answer.bytes).trim().split('\n').slice(2)).toHaveLength(3);
  });

  it('a project report past the asset cap says how many assets it leaves out', async () => {
    await buildComment(owner, poster.id, { text: 'First' });
    const other = await buildAsset(owner, cast.project.id, { name: 'Zebra.png' });
    await buildComment(owner, other.id, { text: 'Second' });
    const capped = new CommentReports(
      t.ctx.uow,
      t.ctx.assetAccess,
      t.ctx.projectAccess,
      t.ctx.storage,
      t.ctx.roundPages,
      t.clock,
      1,
    );
    const outline = await capped.forProject(cast.owner.user.id, cast.project.id);
    expect(outline.assets.map((a) => a.name)).toEqual(['Poster.png']);
    expect(outline.assetsLeftOut).toBe(1);
    const doc = createReportDocument('capped');
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => doc.on('end', resolve));
    const source = {
      outline,
      asset: async (index: number) => {
        const rows = await capped.assetRows(outline.assets[index]!);
        return rows && reportAsset(rows);
      },
      preview: () => Promise.resolve(null),
    };
    await writeCommentPdf(doc, source, { projectCover: true });
    await ended;
    expect(pdfTool('pdftotext', Buffer.concat(chunks)).replace(/\s+/g, ' ')).toContain(
      'This report covers the first 1 assets with comments by name; 1 more are left out.',
    );
  });
});

describe('who may export', () => {
  const paths = () => [
    `/assets/${poster.id}/comments/export?format=csv`,
    `/assets/${poster.id}/comments/export?format=pdf`,
    `/projects/${cast.project.id}/comments/export?format=csv`,
    `/projects/${cast.project.id}/comments/export?format=pdf`,
  ];

  it('members, a viewer too, export; others are refused as for every comment call', async () => {
    await buildComment(owner, poster.id);
    for (const path of paths()) {
      expect((await download(cast.collaborator.client, path)).status).toBe(200);
      expect((await download(cast.viewer.client, path)).status).toBe(200);
      expect((await download(cast.stranger.client, path)).status).toBe(404);
      expect((await download(cast.workspaceAdmin.client, path)).status).toBe(404);
      expect((await download(cast.workspaceOwner.client, path)).status).toBe(403);
      expect((await download(cast.anonymous.client, path)).status).toBe(401);
    }
    expect((await download(owner, '/assets/999999/comments/export?format=csv')).status).toBe(404);
  });

  it('refuses a missing or unknown format', async () => {
    for (const query of ['', '?format=xlsx', `?format=${'c'.repeat(5000)}`]) {
      const answer = await owner.get(`/assets/${poster.id}/comments/export${query}`);
      expect(answer.status).toBe(422);
      expect(answer.body.response.error).toMatchObject({
        code: 'invalid_record',
        details: { format: [expect.any(String)] },
      });
    }
  });
});
