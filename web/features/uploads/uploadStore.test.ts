import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSET_TEXTS } from '@common/api/assets';
import type { UploadTarget } from '@common/uploads/uploadRecord';
import { UPLOAD_BOX_TEXTS } from '@common/uploads/uploadTexts';
import type { Transfer, TransferEvents } from './tusTransfer';
import { UploadStore, type UploadNotice } from './uploadStore';

/**
 * The store's queue, box and refusal behaviour, with the network replaced at its one boundary:
 * each "transfer" is a handle the test drives (bytes, success, refusal) instead of tus over HTTP.
 * The real transfer runs in e2e/uploads.e2e.ts.
 */
interface Sent {
  file: File;
  target: UploadTarget;
  events: TransferEvents;
  canceled: boolean;
}

const project: UploadTarget = { projectId: 1, projectName: 'Spring Campaign', folderId: null, assetId: null };
const file = (name: string, size = 1000) => new File([new Uint8Array(size)], name);
const files = (n: number) => Array.from({ length: n }, (_, i) => file(`photo-${i + 1}.jpg`));

let sent: Sent[];
let store: UploadStore;
let notices: UploadNotice[];

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  notices = [];
  store = new UploadStore(async (f, target, events) => {
    const entry: Sent = { file: f, target, events, canceled: false };
    sent.push(entry);
    const transfer: Transfer = { cancel: () => (entry.canceled = true) };
    return transfer;
  });
  store.onNotice((notice) => notices.push(notice));
});

afterEach(() => vi.useRealTimers());

const states = () => store.getSnapshot().records.map((r) => r.state);
const idOf = (name: string) => store.getSnapshot().records.find((r) => r.name === name)!.id;
/** Lets the transfers' promises settle. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the queue', () => {
  it('sends 6 files at once, queues the rest, and starts the next when one finishes', async () => {
    store.addFiles(files(10), project);
    await settle();
    expect(sent).toHaveLength(6);
    expect(states().filter((s) => s === 'uploading')).toHaveLength(6);
    expect(states().filter((s) => s === 'waiting')).toHaveLength(4);

    sent[0]!.events.onProgress(1000);
    expect(store.getSnapshot().records[0]?.state).toBe('creating');
    sent[0]!.events.onSuccess(41);
    await settle();
    expect(sent).toHaveLength(7);
    expect(sent[6]?.file.name).toBe('photo-7.jpg');
    expect(notices).toEqual([{ type: 'succeeded', record: expect.objectContaining({ assetId: 41 }) }]);
  });

  it('sends the target along with each file', async () => {
    store.addFiles([file('hero.png')], { ...project, folderId: 5 });
    await settle();
    expect(sent[0]?.target).toEqual({ ...project, folderId: 5 });
  });

  it('cancels an uploading file at once and gives its slot to the next', async () => {
    store.addFiles(files(7), project);
    await settle();
    store.cancel(idOf('photo-2.jpg'));
    await settle();
    expect(sent[1]?.canceled).toBe(true);
    expect(sent).toHaveLength(7);
    // A late progress callback does not bring it back.
    sent[1]!.events.onProgress(900);
    expect(store.getSnapshot().records[1]?.state).toBe('aborted');
  });

  it('applies a cancel of a waiting file when its turn comes, without sending it', async () => {
    store.addFiles(files(8), project);
    await settle();
    store.cancel(idOf('photo-7.jpg'));
    expect(store.getSnapshot().records[6]).toMatchObject({ state: 'waiting', abortRequested: true });
    sent[0]!.events.onSuccess(1);
    await settle();
    expect(store.getSnapshot().records[6]?.state).toBe('aborted');
    expect(sent.map((s) => s.file.name)).toContain('photo-8.jpg');
    expect(sent.map((s) => s.file.name)).not.toContain('photo-7.jpg');
  });

  it('Cancel All aborts every active upload and stops their transfers', async () => {
    store.addFiles(files(8), project);
    await settle();
    sent[0]!.events.onSuccess(1);
    await settle();
    store.cancelAll();
    expect(states()).toEqual(['succeeded', ...Array<string>(7).fill('aborted')]);
    expect(sent.slice(1).every((s) => s.canceled)).toBe(true);
  });

  it('cancels a transfer that was still loading when the cancel came', async () => {
    store.addFiles([file('a.jpg')], project);
    store.cancel(idOf('a.jpg'));
    await settle();
    expect(sent[0]?.canceled).toBe(true);
  });
});

describe('the box', () => {
  it('opens when uploads start and closes 1 s after the last one ends', async () => {
    store.addFiles(files(2), project);
    await settle();
    expect(store.getSnapshot().boxOpen).toBe(true);
    sent[0]!.events.onSuccess(1);
    sent[1]!.events.onError({ status: 422, code: 'invalid_content', message: '', details: undefined }, null);
    await vi.advanceTimersByTimeAsync(999);
    expect(store.getSnapshot().boxOpen).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getSnapshot().boxOpen).toBe(false);
  });

  it('stays open when the user opens it again after it closed, and a new batch starts clean', async () => {
    store.addFiles(files(1), project);
    await settle();
    sent[0]!.events.onSuccess(1);
    await vi.advanceTimersByTimeAsync(1000);
    store.setBoxOpen(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.getSnapshot().boxOpen).toBe(true);
    store.addFiles([file('next.jpg')], project);
    expect(store.getSnapshot().records.map((r) => r.name)).toEqual(['next.jpg']);
  });
});

describe('refusals', () => {
  it('refuses names with another extension before sending, all in one go', async () => {
    store.addFiles([file('setup.exe'), file('ok.jpg'), file('logo.svg')], project);
    await settle();
    expect(sent.map((s) => s.file.name)).toEqual(['ok.jpg']);
    expect(store.getSnapshot().refusals.map((p) => p.refusal)).toEqual([
      { kind: 'invalidFormat', file: 'setup.exe', message: ASSET_TEXTS.invalidExtension('setup.exe') },
      { kind: 'invalidFormat', file: 'logo.svg', message: ASSET_TEXTS.invalidExtension('logo.svg') },
    ]);
  });

  it('takes exactly one file for a new round', async () => {
    store.addFiles(files(2), { ...project, assetId: 9 });
    await settle();
    expect(sent).toHaveLength(0);
    expect(store.getSnapshot().refusals[0]?.refusal).toEqual({
      kind: 'roundOneFile',
      message: ASSET_TEXTS.roundOneFile,
    });
  });

  it('asks before a new round of another file type, and sends it only once confirmed', async () => {
    const round = { ...project, assetId: 9, replaces: { assetName: 'hero.psd', fileName: 'hero_v3.psd' } };
    store.addFiles([file('hero-flat.png')], round);
    await settle();
    expect(sent).toHaveLength(0);
    const [asked] = store.getSnapshot().refusals;
    expect(asked?.refusal).toEqual({
      kind: 'roundTypeChange',
      file: 'hero-flat.png',
      message: UPLOAD_BOX_TEXTS.typeChange('hero.psd', 'PSD', 'PNG'),
    });
    // Cancel: nothing goes.
    store.dismissRefusals([asked!.id]);
    await settle();
    expect(sent).toHaveLength(0);
    // Asked again and confirmed: the round goes.
    store.addFiles([file('hero-flat.png')], round);
    store.confirmRound(store.getSnapshot().refusals[0]!);
    await settle();
    expect(store.getSnapshot().refusals).toEqual([]);
    expect(sent.map((s) => [s.file.name, s.target.assetId])).toEqual([['hero-flat.png', 9]]);
  });

  it('sends a new round of the same file type at once, whatever its spelling', async () => {
    store.addFiles([file('HERO.JPEG')], {
      ...project,
      assetId: 9,
      replaces: { assetName: 'a', fileName: 'a.jpg' },
    });
    await settle();
    expect(store.getSnapshot().refusals).toEqual([]);
    expect(sent).toHaveLength(1);
  });

  it('turns a taken name into the Upload Error dialog, and can send the file as the next round', async () => {
    store.addFiles([file('hero.jpg')], project);
    await settle();
    sent[0]!.events.onError(
      { status: 400, code: 'asset_in_project', message: '', details: { asset_id: 33 } },
      null,
    );
    expect(store.getSnapshot().records[0]).toMatchObject({
      state: 'failed',
      error: ASSET_TEXTS.nameInProject,
    });
    const [pending] = store.getSnapshot().refusals;
    expect(pending?.refusal).toMatchObject({ kind: 'nameTaken', existingAssetId: 33 });
    store.uploadAsRound(pending!);
    await settle();
    expect(store.getSnapshot().refusals).toEqual([]);
    expect(sent[1]?.target).toEqual({ ...project, assetId: 33 });
    expect(sent[1]?.file.name).toBe('hero.jpg');
  });

  it('shows one storage popup however many files hit the limit', async () => {
    store.addFiles(files(3), project);
    await settle();
    const full = {
      status: 400,
      code: 'invalid_workspace',
      message: '',
      details: { role: 'owner', workspace_id: 2 },
    };
    for (const s of sent) s.events.onError(full, null);
    expect(store.getSnapshot().refusals).toHaveLength(1);
    expect(states()).toEqual(['failed', 'failed', 'failed']);
  });

  it('says why content was refused after the bytes, and when the connection never came back', async () => {
    store.addFiles([file('a.jpg'), file('b.jpg')], project);
    await settle();
    sent[0]!.events.onError({ status: 422, code: 'invalid_content', message: 'x', details: undefined }, null);
    sent[1]!.events.onError(null, new Error('offline'));
    expect(store.getSnapshot().refusals).toEqual([]);
    expect(notices.map((n) => n.type === 'failed' && n.message)).toEqual([
      ASSET_TEXTS.contentRefused('a.jpg'),
      'The connection was lost. Add the same file again to resume where it stopped.',
    ]);
  });

  it('marks a file that could not be read', async () => {
    const failing = new UploadStore(() => Promise.reject(new Error('NotReadableError')));
    failing.addFiles([file('a.jpg')], project);
    await settle();
    expect(failing.getSnapshot().records[0]).toMatchObject({
      state: 'failed',
      error: ASSET_TEXTS.unreadable,
    });
  });
});
