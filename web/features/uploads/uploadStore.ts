import { ASSET_TEXTS, ROUND_UPLOAD_FILES } from '@common/api/assets';
import { UPLOAD_BOX_CLOSE_MS, closesUploadBox, opensUploadBox } from '@common/uploads/uploadBox';
import { activeCount, advanceQueue, cancelAll, requestCancel } from '@common/uploads/uploadQueue';
import {
  applyUploadEvent,
  newUploadRecord,
  type UploadEvent,
  type UploadRecord,
  type UploadTarget,
} from '@common/uploads/uploadRecord';
import {
  refusalBeforeSending,
  refusalFromAnswer,
  refusalReason,
  type DialogRefusal,
  type UploadErrorAnswer,
  type UploadRefusal,
} from '@common/uploads/uploadRefusals';
import { roundTypeChange } from '@common/uploads/roundFileType';
import { UPLOAD_BOX_TEXTS } from '@common/uploads/uploadTexts';
import type { Transfer, TransferEvents } from './tusTransfer';

/**
 * A refusal waiting for its dialog; a taken name keeps the file so it can go as a new round, and
 * a new round of another file type keeps it until the user says whether it goes.
 */
export interface PendingRefusal {
  id: number;
  refusal: DialogRefusal;
  file: File | null;
  target: UploadTarget | null;
}

export interface UploadSnapshot {
  records: readonly UploadRecord[];
  refusals: readonly PendingRefusal[];
  boxOpen: boolean;
  /** The project or folder on screen: where 'Upload Now' sends files. */
  contextTarget: UploadTarget | null;
}

/** What the rest of the app hears about: an upload that made an asset, or one that failed. */
export type UploadNotice =
  { type: 'succeeded'; record: UploadRecord } | { type: 'failed'; record: UploadRecord; message: string };

export type SendFile = (file: File, target: UploadTarget, events: TransferEvents) => Promise<Transfer>;

/** Progress arrives many times a second per file; the screen is told at most this often. */
const PROGRESS_NOTIFY_MS = 100;

/**
 * The browser's uploads: the queue of §4 driven over tus, the Upload Box's open state, and the
 * refusals waiting for a dialog. One per page (uploads outlive route changes); the pure rules
 * live in common/uploads.
 */
export class UploadStore {
  private state: UploadSnapshot = { records: [], refusals: [], boxOpen: false, contextTarget: null };
  private readonly files = new Map<string, File>();
  private readonly transfers = new Map<string, Transfer>();
  private readonly listeners = new Set<() => void>();
  private readonly noticeListeners = new Set<(notice: UploadNotice) => void>();
  private seq = 0;
  private refusalSeq = 0;
  private closeTimer: ReturnType<typeof setTimeout> | null = null;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly send: SendFile,
    private readonly now: () => number = Date.now,
  ) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): UploadSnapshot => this.state;

  onNotice(listener: (notice: UploadNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  setBoxOpen(open: boolean): void {
    this.clearCloseTimer();
    this.update({ boxOpen: open });
  }

  setContextTarget(target: UploadTarget | null): void {
    this.update({ contextTarget: target });
  }

  /**
   * Files dropped or picked for one place. Names with an extension we do not take are refused
   * before anything is sent ('Invalid Format'); a new round takes exactly one file, and one of
   * another file type than the asset's current round waits until the user confirms it.
   */
  addFiles(files: readonly File[], target: UploadTarget): void {
    if (target.assetId !== null && files.length !== ROUND_UPLOAD_FILES) {
      this.refuse({ kind: 'roundOneFile', message: ASSET_TEXTS.roundOneFile }, null, null);
      return;
    }
    const [file] = files;
    const change = file && target.replaces && roundTypeChange(file.name, target.replaces.fileName);
    if (file && target.replaces && change && refusalBeforeSending(file.name) === null) {
      const message = UPLOAD_BOX_TEXTS.typeChange(target.replaces.assetName, change.from, change.to);
      this.refuse({ kind: 'roundTypeChange', file: file.name, message }, file, target);
      return;
    }
    // A new batch starts with a clean box: what finished before is not this batch's news.
    let records = activeCount(this.state.records) === 0 ? [] : [...this.state.records];
    for (const file of files) {
      const refusal = refusalBeforeSending(file.name);
      if (refusal) {
        this.refuse(refusal, null, null);
        continue;
      }
      this.seq += 1;
      const record = newUploadRecord({
        id: `upload-${this.seq}`,
        seq: this.seq,
        name: file.name,
        size: file.size,
        target,
      });
      this.files.set(record.id, file);
      records = [...records, record];
    }
    this.update({ records });
    this.pump();
  }

  cancel(id: string): void {
    const record = this.find(id);
    if (!record) return;
    const next = requestCancel(record);
    this.replace(next);
    if (next.state === 'aborted') this.stop(id);
    this.pump();
  }

  cancelAll(): void {
    const before = this.state.records;
    const after = cancelAll(before);
    this.update({ records: after });
    for (const record of after) if (record.state === 'aborted') this.stop(record.id);
    this.pump();
  }

  /** Forgets finished rows (succeeded, failed, canceled). */
  clearFinished(): void {
    this.update({ records: this.state.records.filter((r) => activeCount([r]) > 0) });
  }

  dismissRefusals(ids: readonly number[]): void {
    this.update({ refusals: this.state.refusals.filter((p) => !ids.includes(p.id)) });
  }

  /** 'Upload as a new round of {name}': the refused file goes again as the next round of that asset. */
  uploadAsRound(pending: PendingRefusal): void {
    this.dismissRefusals([pending.id]);
    if (pending.refusal.kind !== 'nameTaken' || !pending.file || !pending.target) return;
    const assetId = pending.refusal.existingAssetId;
    if (assetId === null) return;
    this.addFiles([pending.file], { ...pending.target, folderId: null, assetId });
  }

  /** The new round of another file type goes after all: the user confirmed it. */
  confirmRound(pending: PendingRefusal): void {
    this.dismissRefusals([pending.id]);
    if (pending.refusal.kind !== 'roundTypeChange' || !pending.file || !pending.target) return;
    const { replaces: _asked, ...target } = pending.target;
    this.addFiles([pending.file], target);
  }

  private find(id: string): UploadRecord | undefined {
    return this.state.records.find((r) => r.id === id);
  }

  private replace(record: UploadRecord): void {
    this.update({ records: this.state.records.map((r) => (r.id === record.id ? record : r)) });
  }

  private apply(id: string, event: UploadEvent, notifyNow = true): UploadRecord | undefined {
    const record = this.find(id);
    if (!record) return undefined;
    const next = applyUploadEvent(record, event);
    if (next !== record)
      this.update({ records: this.state.records.map((r) => (r.id === id ? next : r)) }, notifyNow);
    return next;
  }

  /** Starts what the queue allows (§4: 6 at once), aborting canceled waiting uploads on their turn. */
  private pump(): void {
    const { records, start } = advanceQueue(this.state.records);
    if (records.some((r, index) => r !== this.state.records[index])) this.update({ records });
    for (const id of start) this.launch(id);
    for (const record of records) if (record.state === 'aborted') this.files.delete(record.id);
  }

  private launch(id: string): void {
    const file = this.files.get(id);
    const record = this.find(id);
    if (!file || !record) return;
    this.apply(id, { type: 'start', at: this.now(), offset: 0 });
    const events: TransferEvents = {
      onSending: (offset) => this.apply(id, { type: 'start', at: this.now(), offset }),
      onProgress: (bytes) => this.apply(id, { type: 'progress', bytes }, false),
      onSuccess: (assetId) => this.succeed(id, assetId),
      onError: (answer) => this.fail(id, file.name, answer),
    };
    this.send(file, record.target, events).then(
      (transfer) => {
        // Canceled while tus-js-client was loading or looking for a stored upload.
        if (this.find(id)?.state === 'aborted') transfer.cancel();
        else this.transfers.set(id, transfer);
      },
      () => this.fail(id, file.name, null, ASSET_TEXTS.unreadable),
    );
  }

  private succeed(id: string, assetId: number | null): void {
    const record = this.apply(id, { type: 'success', assetId });
    this.release(id);
    if (record?.state === 'succeeded') this.tell({ type: 'succeeded', record });
    this.pump();
  }

  private fail(id: string, file: string, answer: UploadErrorAnswer | null, fallback?: string): void {
    const record = this.find(id);
    if (!record || activeCount([record]) === 0) return;
    const refusal: UploadRefusal = answer
      ? refusalFromAnswer(file, answer)
      : { kind: 'failed', file, message: fallback ?? UPLOAD_BOX_TEXTS.connectionLost };
    const message = refusalReason(refusal);
    const failed = this.apply(id, { type: 'error', message });
    if (refusal.kind === 'failed') {
      if (failed) this.tell({ type: 'failed', record: failed, message });
    } else {
      this.refuse(refusal, this.files.get(id) ?? null, record.target);
    }
    this.release(id);
    this.pump();
  }

  private refuse(refusal: DialogRefusal, file: File | null, target: UploadTarget | null): void {
    // One storage popup is enough however many files hit the limit.
    if (refusal.kind === 'storageLimit' && this.state.refusals.some((p) => p.refusal.kind === 'storageLimit'))
      return;
    this.refusalSeq += 1;
    this.update({ refusals: [...this.state.refusals, { id: this.refusalSeq, refusal, file, target }] });
  }

  private stop(id: string): void {
    this.transfers.get(id)?.cancel();
    this.release(id);
  }

  private release(id: string): void {
    this.transfers.delete(id);
    this.files.delete(id);
  }

  private tell(notice: UploadNotice): void {
    for (const listener of this.noticeListeners) listener(notice);
  }

  private clearCloseTimer(): void {
    if (this.closeTimer !== null) clearTimeout(this.closeTimer);
    this.closeTimer = null;
  }

  /** The box opens when uploads start and closes a second after they are all over (§2). */
  private update(patch: Partial<UploadSnapshot>, notifyNow = true): void {
    const before = activeCount(this.state.records);
    const next = { ...this.state, ...patch };
    const after = activeCount(next.records);
    if (opensUploadBox(before, after)) {
      this.clearCloseTimer();
      next.boxOpen = true;
    }
    if (before > 0 && after === 0 && closesUploadBox(next.records)) {
      this.clearCloseTimer();
      this.closeTimer = setTimeout(() => {
        this.closeTimer = null;
        this.update({ boxOpen: false });
      }, UPLOAD_BOX_CLOSE_MS);
    }
    this.state = next;
    if (notifyNow) this.notify();
    else this.notifySoon();
  }

  private notify(): void {
    if (this.notifyTimer !== null) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    for (const listener of this.listeners) listener();
  }

  private notifySoon(): void {
    this.notifyTimer ??= setTimeout(() => this.notify(), PROGRESS_NOTIFY_MS);
  }
}
