import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ASSET_TEXTS } from '@common/api/assets';
import { messages } from '@common/validation';
import { ApiClient, startTestApp, type TestApp } from './harness';
import { buildAsset, buildRound } from './assetFactories';
import { buildComment, postComment, refusal } from './commentFactories';
import { buildProjectCast, type ProjectCast } from './projectCast';
import { buildProject } from './projectFactories';
import { buildTask } from './taskFactories';
import { TINY_PNG } from './images';
import { TusClient } from './tus';

let t: TestApp;
let cast: ProjectCast;
beforeAll(async () => {
  t = await startTestApp();
  cast = await buildProjectCast(t.baseUrl, t.ctx);
});
afterAll(() => t.close());

/** Characters no name may hold: each is refused where a name is typed, dropped where it is uploaded. */
const HIDDEN = {
  'right-to-left override U+202E': '\u202e',
  'NUL U+0000': '\u0000',
  'right-to-left mark U+200F': '\u200f',
  'escape U+001B': '\u001b',
  'C1 control U+009B': '\u009b',
  'zero width space U+200B': '\u200b',
  'first strong isolate U+2068': '\u2068',
};
const CASES = Object.entries(HIDDEN);

/** 422 invalid_record with `message` on `field` alone. */
function expectRefused(answer: { status: number; body: any }, field: string, message: string) {
  expect({ status: answer.status, code: answer.body?.response?.error?.code }).toEqual({
    status: 422,
    code: 'invalid_record',
  });
  expect(answer.body.response.error.details).toEqual({ [field]: [message] });
}

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
};

describe('typed names refuse control, bidirectional and invisible characters', () => {
  it.each(CASES)('project create, rename and edit refuse %s', async (_, char) => {
    const owner = cast.owner.client;
    const name = `Spring${char}gnp.jpg`;
    const create = await owner.post('/projects', { name, workspace_id: cast.workspace.id });
    expectRefused(create, 'name', messages.nameCharacters('Name'));
    const client = await owner.post('/projects', {
      name: 'Fine',
      client_name: `Acme${char}`,
      workspace_id: cast.workspace.id,
    });
    expectRefused(client, 'client_name', messages.nameCharacters('Client name'));
    expectRefused(
      await owner.put(`/projects/${cast.project.id}`, { name }),
      'name',
      messages.nameCharacters('Name'),
    );
    for (const [field, label] of [
      ['name', 'Name'],
      ['client_name', 'Client name'],
      ['primary_contact', 'Primary contact'],
    ] as const)
      expectRefused(
        await owner.patch(`/projects/${cast.project.id}`, { [field]: `Ada${char}x` }),
        field,
        messages.nameCharacters(label),
      );
    const stored = await t.ctx.uow.read.projects.findById(cast.project.id);
    expect(stored?.name).toBe(cast.project.name);
  });

  it.each(CASES)('folder create and rename refuse %s', async (_, char) => {
    const collaborator = cast.collaborator.client;
    const path = `/projects/${cast.project.id}/folders`;
    expectRefused(
      await collaborator.post(path, { name: `${char}nul` }),
      'name',
      messages.nameCharacters('Folder name'),
    );
    const folder = await collaborator.post(path, { name: `Selects ${_}` });
    expect(folder.status).toBe(201);
    expectRefused(
      await collaborator.patch(`/folders/${folder.body.response.id}`, { name: `Finals${char}` }),
      'name',
      messages.nameCharacters('Folder name'),
    );
  });

  it.each(CASES)('label create and edit refuse %s', async (_, char) => {
    const owner = cast.owner.client;
    const target = { labellable_type: 'Project', labellable_id: cast.project.id };
    expectRefused(
      await owner.post('/labels', { name: `Hero${char}`, ...target }),
      'name',
      messages.nameCharacters('Name'),
    );
    const label = await owner.post('/labels', { name: `Label ${_}`.slice(0, 50), ...target });
    expect(label.status).toBe(201);
    expectRefused(
      await owner.patch(`/labels/${label.body.response.id}`, { name: `Hero${char}` }),
      'name',
      messages.nameCharacters('Name'),
    );
  });

  it.each(CASES)('asset rename refuses %s', async (_, char) => {
    const asset = await buildAsset(cast.owner.client, cast.project.id);
    const answer = await cast.owner.client.patch(`/assets/${asset.id}/update_filename`, {
      filename: `photo${char}gnp.png`,
    });
    expectRefused(
      answer,
      'filename',
      char === '\u0000' ? messages.nul('Filename') : ASSET_TEXTS.nameCharacters,
    );
    expect((await t.ctx.uow.read.assets.findById(asset.id))?.name).toBe(asset.name);
  });

  it.each(CASES)('workspace, sign-up and profile names refuse %s', async (_, char) => {
    const owner = cast.workspaceOwner.client;
    expectRefused(
      await owner.patch(`/workspaces/${cast.workspace.id}`, form({ name: `Studio${char}` })),
      'name',
      messages.nameCharacters('Name'),
    );
    const signUp = await new ApiClient(t.baseUrl).post('/users/sign_up', {
      user: { name: `Ada${char}Lovelace`, email: `ada${Math.random()}@example.com`, password: 'analytical' },
    });
    expect(signUp.status).toBe(422);
    expect(JSON.stringify(signUp.body.response.error.details)).toContain(messages.nameCharacters('Name'));
    expectRefused(
      await cast.viewer.client.patch(`/users/${cast.viewer.user.id}`, form({ name: `Ada${char}Lovelace` })),
      'name',
      messages.nameCharacters('Name'),
    );
  });

  it('still takes names of every script, with joiners and accents', async () => {
    const names = ['Café Crème', 'שלום עולם', 'می‌خواهم', '👩‍👩‍👧 Family', '東京 タワー'];
    for (const name of names) {
      const project = await buildProject(cast.owner.client, cast.workspace.id, { name });
      expect(project.name).toBe(name);
      const folder = await cast.owner.client.post(`/projects/${project.id}/folders`, { name });
      expect(folder.body.response.name).toBe(name);
      const asset = await buildAsset(cast.owner.client, project.id, { name: `${name}.png` });
      expect(asset.name).toBe(`${name}.png`);
    }
  });
});

describe('uploaded file names lose their control, bidirectional and invisible characters', () => {
  it.each(CASES)('multipart POST /assets and a new round drop %s', async (_, char) => {
    const project = await buildProject(cast.owner.client, cast.workspace.id);
    const asset = await buildAsset(cast.owner.client, project.id, { name: `photo${char}gnp.png` });
    expect(asset.name).toBe('photognp.png');
    await buildRound(cast.owner.client, asset.id, `round${char}2.png`);
    const rounds = (await cast.owner.client.get(`/assets/${asset.id}/versions`)).body.response;
    expect(JSON.stringify(rounds)).not.toContain(JSON.stringify(char).slice(1, -1));
    const stored = await t.ctx.db
      .selectFrom('asset_versions')
      .select('file_name')
      .where('asset_id', '=', asset.id)
      .execute();
    expect(stored.map((r) => r.file_name).sort()).toEqual(['photognp.png', 'round2.png']);
  });

  it.each(CASES)('a tus upload drops %s, and a name of nothing else is refused', async (_, char) => {
    const project = await buildProject(cast.owner.client, cast.workspace.id);
    const tus = new TusClient(t.baseUrl, cast.owner.client);
    const { finished } = await tus.upload(
      { filename: `photo${char}gnp.png`, project_id: project.id },
      TINY_PNG,
    );
    expect(finished?.status).toBe(204);
    const list = await cast.owner.client.get(`/projects/${project.id}/assets`);
    expect(list.body.response.map((a: any) => a.name)).toEqual(['photognp.png']);
    const hidden = await tus.create({ filename: `${char}${char}`, project_id: project.id }, TINY_PNG.length);
    expect(hidden.status).toBe(422);
  });
});

describe('free text refuses NUL', () => {
  it('comment create and edit, task create and edit refuse NUL and keep line breaks and marks', async () => {
    const asset = await buildAsset(cast.owner.client, cast.project.id);
    const posted = await postComment(cast.owner.client, asset.id, { text: 'brighten\u0000the sky' });
    expect(refusal(posted)).toMatchObject({
      status: 422,
      code: 'invalid_record',
      details: { text: [messages.nul('Comment')] },
    });
    const withFiles = new FormData();
    withFiles.append('asset_id', String(asset.id));
    withFiles.append('text', 'nul\u0000');
    withFiles.append('files', new Blob([new Uint8Array(TINY_PNG)]), 'ref.png');
    expect(refusal(await cast.owner.client.post('/comments', withFiles))).toMatchObject({
      status: 422,
      details: { text: [messages.nul('Comment')] },
    });
    const comment = await buildComment(cast.owner.client, asset.id, { text: 'line one\n\tשלום \u200f!' });
    expect(comment.text).toBe('line one\n\tשלום \u200f!');
    expect(
      refusal(await cast.owner.client.patch(`/comments/${comment.id}`, { text: 'edited\u0000' })),
    ).toMatchObject({ status: 422, details: { text: [messages.nul('Comment')] } });

    const tasks = `/projects/${cast.project.id}/tasks`;
    const task = await cast.owner.client.post(tasks, {
      text: 'Retouch\u0000',
      due_date: '30/11/2026',
      assigned_ids: [cast.owner.user.id],
    });
    expectRefused(task, 'text', messages.nul('Text'));
    const made = await buildTask(cast.owner.client, cast.project.id, { assigned_ids: [cast.owner.user.id] });
    expectRefused(
      await cast.owner.client.patch(`${tasks}/${made.id}`, { text: 'x\u0000y' }),
      'text',
      messages.nul('Text'),
    );
  });
});
