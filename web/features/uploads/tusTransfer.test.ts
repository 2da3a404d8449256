import { describe, expect, it } from 'vitest';
import { answerOf, shouldRetry, uploadFingerprint, uploadMetadata } from './tusTransfer';

const target = { projectId: 4, projectName: 'Spring', folderId: null, assetId: null };
const file = new File(['abc'], 'Café menu é.pdf', { type: 'application/pdf', lastModified: 1700000000000 });

describe('tus upload metadata', () => {
  it('names the file, its type and the project; folder and asset only when set', () => {
    expect(uploadMetadata(file, target)).toEqual({
      filename: 'Café menu é.pdf',
      filetype: 'application/pdf',
      project_id: '4',
    });
    expect(uploadMetadata(file, { ...target, folderId: 7, assetId: 9 })).toMatchObject({
      folder_id: '7',
      asset_id: '9',
    });
    expect(uploadMetadata(new File(['x'], 'a.nef'), target).filetype).toBe('application/octet-stream');
  });

  it('resumes the same file to the same place only: the target is part of the fingerprint', () => {
    const same = uploadFingerprint(file, target);
    expect(uploadFingerprint(file, { ...target })).toBe(same);
    expect(uploadFingerprint(file, { ...target, projectId: 5 })).not.toBe(same);
    expect(uploadFingerprint(file, { ...target, folderId: 1 })).not.toBe(same);
    expect(uploadFingerprint(file, { ...target, assetId: 1 })).not.toBe(same);
  });
});

describe('answerOf', () => {
  it('reads the error envelope of a refused creation', () => {
    const body = JSON.stringify({
      response: { error: { code: 'asset_in_folder', message: 'Taken', details: { asset_id: 3 } } },
    });
    expect(answerOf(400, body)).toEqual({
      status: 400,
      code: 'asset_in_folder',
      message: 'Taken',
      details: { asset_id: 3 },
    });
  });

  it('falls back to the status for a body that is not the envelope', () => {
    expect(answerOf(502, '<html>Bad gateway</html>')).toEqual({
      status: 502,
      code: 'http_502',
      message: '',
      details: undefined,
    });
    expect(answerOf(413, '')).toMatchObject({ code: 'http_413' });
  });
});

describe('shouldRetry', () => {
  it('tries a dropped connection, a server error, a conflict or a lock again', () => {
    for (const status of [0, 500, 502, 503, 409, 423]) expect(shouldRetry(status), String(status)).toBe(true);
  });

  it('takes a refusal as final', () => {
    for (const status of [400, 401, 403, 404, 413, 422])
      expect(shouldRetry(status), String(status)).toBe(false);
  });
});
