import { describe, expect, it } from 'vitest';
import { ASSET_TEXTS } from '../api/assets';
import { GENERIC_ERROR } from '../api/errors';
import {
  refusalBeforeSending,
  refusalFromAnswer,
  refusalReason,
  storageLimitMessage,
  storageUpgradePath,
  type StorageLimitFacts,
} from './uploadRefusals';

const answer = (status: number, code: string, details?: Record<string, unknown>, message = '') => ({
  status,
  code,
  message,
  details,
});

describe('refusalBeforeSending', () => {
  it('lets allowed extensions through, in any case', () => {
    expect(refusalBeforeSending('hero.JPG')).toBeNull();
    expect(refusalBeforeSending('brief v2.docx')).toBeNull();
    expect(refusalBeforeSending('scan.tif')).toBeNull();
  });

  it('refuses other names with the §5 message', () => {
    expect(refusalBeforeSending('setup.exe')).toEqual({
      kind: 'invalidFormat',
      file: 'setup.exe',
      message: `The file setup.exe has an invalid extension. Valid extensions are: ${[
        'tiff, tif, jpg, jpeg, png, psd, dng, crw, cr2, nef, arw, psb, gif',
        'indd, ai, doc, docx, csv, xls, xlsx, pdf, txt',
      ].join(', ')}.`,
    });
    expect(refusalBeforeSending('no-extension')?.kind).toBe('invalidFormat');
    expect(refusalBeforeSending('logo.svg')?.kind).toBe('invalidFormat');
  });
});

describe('refusalFromAnswer', () => {
  it('maps the name codes to the §8 texts and keeps the existing asset', () => {
    expect(refusalFromAnswer('a.jpg', answer(400, 'asset_in_project', { asset_id: 9 }))).toEqual({
      kind: 'nameTaken',
      file: 'a.jpg',
      message: ASSET_TEXTS.nameInProject,
      existingAssetId: 9,
    });
    expect(refusalFromAnswer('a.jpg', answer(400, 'asset_in_folder', { asset_id: 3 }))).toMatchObject({
      message: 'There’s another asset with that name in a folder. Please rename it to continue.',
      existingAssetId: 3,
    });
    expect(refusalFromAnswer('a.jpg', answer(422, 'file_filename'))).toMatchObject({
      message: 'There’s already another file with the same name. Please rename it to continue.',
      existingAssetId: null,
    });
  });

  it('maps invalid_extension to the Invalid Format refusal', () => {
    expect(refusalFromAnswer('x.bmp', answer(422, 'invalid_extension'))).toEqual({
      kind: 'invalidFormat',
      file: 'x.bmp',
      message: ASSET_TEXTS.invalidExtension('x.bmp'),
    });
  });

  it('reads who to ask from invalid_workspace', () => {
    const refusal = refusalFromAnswer(
      'a.jpg',
      answer(400, 'invalid_workspace', {
        role: 'collaborator',
        workspace_id: 12,
        owner: { name: 'Olga Owner', email: 'olga@example.com' },
        is_trial: false,
      }),
    );
    expect(refusal).toEqual({
      kind: 'storageLimit',
      file: 'a.jpg',
      facts: {
        workspaceId: 12,
        isOwner: false,
        isTrial: false,
        owner: { name: 'Olga Owner', email: 'olga@example.com' },
      },
    });
  });

  it('knows the owner by is_owner or by the role name', () => {
    const owner = (details: Record<string, unknown>) =>
      refusalFromAnswer('a.jpg', answer(400, 'invalid_workspace', details));
    expect(owner({ is_owner: true, workspace_id: 1, is_trial: true })).toMatchObject({
      facts: { isOwner: true, isTrial: true, workspaceId: 1 },
    });
    expect(owner({ role: 'owner' })).toMatchObject({ facts: { isOwner: true } });
    expect(owner({ is_owner: false, role: 'admin' })).toMatchObject({ facts: { isOwner: false } });
  });

  it('survives missing or malformed details', () => {
    expect(refusalFromAnswer('a.jpg', answer(400, 'invalid_workspace'))).toMatchObject({
      facts: { workspaceId: 0, isOwner: false, isTrial: false, owner: null },
    });
    expect(refusalFromAnswer('a.jpg', answer(400, 'asset_in_project', { asset_id: 'nine' }))).toMatchObject({
      existingAssetId: null,
    });
  });

  it('explains content refused after the bytes', () => {
    expect(refusalFromAnswer('photo.jpg', answer(422, 'invalid_content'))).toEqual({
      kind: 'failed',
      file: 'photo.jpg',
      message: ASSET_TEXTS.contentRefused('photo.jpg'),
    });
  });

  it("keeps a 4xx's own message and hides a 5xx behind the generic one", () => {
    expect(
      refusalFromAnswer('a.jpg', answer(403, 'forbidden', undefined, 'You may not upload here.')),
    ).toMatchObject({
      kind: 'failed',
      message: 'You may not upload here.',
    });
    expect(refusalFromAnswer('a.jpg', answer(500, 'internal', undefined, 'stack trace'))).toMatchObject({
      message: GENERIC_ERROR,
    });
    expect(refusalFromAnswer('a.jpg', answer(404, 'not_found'))).toMatchObject({ message: GENERIC_ERROR });
  });

  it('gives each refusal a one-line reason for its row', () => {
    expect(refusalReason(refusalFromAnswer('a.jpg', answer(400, 'invalid_workspace')))).toBe(
      'Storage limit reached!',
    );
    expect(refusalReason(refusalFromAnswer('a.jpg', answer(422, 'file_filename')))).toBe(
      ASSET_TEXTS.fileNameTaken,
    );
  });
});

describe('storage limit popup', () => {
  const facts = (overrides: Partial<StorageLimitFacts>): StorageLimitFacts => ({
    workspaceId: 4,
    isOwner: false,
    isTrial: false,
    owner: { name: 'Olga Owner', email: 'olga@example.com' },
    ...overrides,
  });

  it('asks the owner to upgrade, and a free-trial owner to leave the trial', () => {
    expect(storageLimitMessage(facts({ isOwner: true }))).toMatch(/Upgrade your plan/);
    expect(storageLimitMessage(facts({ isOwner: true, isTrial: true }))).toMatch(
      /free trial.*Upgrade to a paid plan/,
    );
  });

  it("gives anyone else the owner's name and e-mail", () => {
    const text = storageLimitMessage(facts({}));
    expect(text).toContain('**Olga Owner** (olga@example.com)');
    expect(storageLimitMessage(facts({ owner: null }))).toMatch(/Ask the workspace owner to upgrade/);
  });

  it("sends the owner's Upgrade to the plan tab with the subscribe flag", () => {
    expect(storageUpgradePath(4)).toBe('/user/workspaces/4/plan?subscribe=1');
  });
});
