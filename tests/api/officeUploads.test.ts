import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repackedByStreamingZip, writtenByLibreOffice, type WrittenByLibreOffice } from '../officePackages';
import { buildAsset } from './assetFactories';
import { buildWorkspace } from './factories';
import { startTestApp, type ApiClient, type TestApp } from './harness';
import { buildProject } from './projectFactories';
import { TusClient } from './tus';

const CORPUS = join(__dirname, '../../../shared/corpus');
const WORD_DOCX = join(CORPUS, 'office/raw_text_3pages.docx');

/**
 * Office documents from other tools than Word (LibreOffice, a streaming ZIP writer) are taken by
 * every way a file comes in: their type is read from the ZIP's central directory, not from its
 * first local headers, which such writers leave without sizes.
 */
describe('uploads of Office documents written by LibreOffice and streaming ZIP writers', () => {
  let t: TestApp;
  let client: ApiClient;
  let project: { id: number };
  let libreOffice: WrittenByLibreOffice;

  beforeAll(async () => {
    t = await startTestApp();
    const { client: owner, workspace } = await buildWorkspace(t.baseUrl, t.ctx);
    client = owner;
    project = await buildProject(client, workspace.id, { assets_start_retouched: false });
    libreOffice = await writtenByLibreOffice();
  }, 120_000);
  afterAll(() => t.close());

  const upload = (bytes: Buffer, name: string) => {
    const form = new FormData();
    form.set('project_id', String(project.id));
    form.set('file', new Blob([new Uint8Array(bytes)]), name);
    return client.post('/assets', form);
  };

  it('takes a DOCX and an XLSX written by LibreOffice by multipart, and makes their previews', async () => {
    const letter = await upload(libreOffice.docx, 'Letter to the client.docx');
    expect(letter.status, JSON.stringify(letter.body)).toBe(201);
    expect(letter.body.response.current_version.file_type).toBe('docx');
    const sheet = await upload(libreOffice.xlsx, 'Round plan.xlsx');
    expect(sheet.status, JSON.stringify(sheet.body)).toBe(201);
    expect(sheet.body.response.current_version.file_type).toBe('xlsx');

    await t.ctx.jobs.idle();
    const round = (await client.get(`/assets/${letter.body.response.id}`)).body.response.current_version;
    expect(round.preview_state).toBe('ready');
  }, 120_000);

  it('takes a DOCX packed by a streaming ZIP writer through tus, and an XLSX of LibreOffice as a new round', async () => {
    const streamed = await repackedByStreamingZip(WORD_DOCX);
    const { finished } = await new TusClient(t.baseUrl, client).upload(
      { filename: 'Streamed.docx', project_id: project.id },
      streamed,
    );
    expect(finished!.status, JSON.stringify(finished!.body)).toBe(204);

    const asset = await buildAsset(client, project.id, {
      name: 'Budget.xlsx',
      bytes: readFileSync(join(CORPUS, 'office/fixture_3sheets.xlsx')),
    });
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(libreOffice.xlsx)]), 'Budget v2.xlsx');
    const round = await client.post(`/assets/${asset.id}/versions`, form);
    expect(round.status, JSON.stringify(round.body)).toBe(201);
    expect(round.body.response.current_version).toMatchObject({ number: 1, file_type: 'xlsx' });
  });

  it("takes LibreOffice's DOCX as a comment's file, and still refuses it named as a picture", async () => {
    const asset = await buildAsset(client, project.id);
    const comment = (name: string) => {
      const form = new FormData();
      form.set('asset_id', String(asset.id));
      form.set('text', 'The copy for this page.');
      form.append('files', new Blob([new Uint8Array(libreOffice.docx)]), name);
      return client.post('/comments', form);
    };
    const taken = await comment('copy.docx');
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    expect(taken.body.response.files).toMatchObject([{ name: 'copy.docx' }]);

    const refused = await comment('copy.jpg');
    expect(refused.status).toBe(422);
    expect(refused.body.response.error).toMatchObject({
      code: 'invalid_record',
      message: 'The file copy.jpg is a Word document, not a JPEG image.',
    });
  });
});
