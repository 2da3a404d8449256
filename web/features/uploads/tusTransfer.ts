import type { DetailedError, HttpRequest, Upload } from 'tus-js-client';
import { uploadResultSchema, type UploadResult } from '@common/api/assets';
import type { UploadTarget } from '@common/uploads/uploadRecord';
import type { UploadErrorAnswer } from '@common/uploads/uploadRefusals';
import { API_BASE } from '@web/api/client';

/** Where tus uploads are created (API.md "Uploads"). */
export const UPLOAD_ENDPOINT = `${API_BASE}/uploads`;
/** Big enough to keep the pipe full, small enough that a dropped connection loses little. */
export const CHUNK_BYTES = 8 * 1024 * 1024;
/** A dropped connection is tried again for about five minutes before the row says it failed. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000, 60_000, 60_000];
const RESULT_POLL_MS = 500;
const RESULT_POLL_TRIES = 240;

export interface TransferEvents {
  /** The first PATCH of this session leaves: bytes from `offset` on (a resumed upload has some). */
  onSending(offset: number): void;
  onProgress(bytes: number): void;
  onSuccess(assetId: number | null): void;
  /** `answer` is the server's refusal; null for a network failure or an unreadable file. */
  onError(answer: UploadErrorAnswer | null, cause: unknown): void;
}

export interface Transfer {
  /** Stops sending and removes the partial upload from the server. */
  cancel(): void;
}

/**
 * The stored upload URL is found by this fingerprint: the same file to the same place resumes
 * where it stopped (after a reload or a dropped connection); the same file to another project,
 * folder or asset is a new upload.
 */
export function uploadFingerprint(file: File, target: UploadTarget): string {
  return [
    'proofroom',
    file.name,
    file.type,
    file.size,
    file.lastModified,
    target.projectId,
    target.folderId ?? '',
    target.assetId ?? '',
  ].join('-');
}

export function uploadMetadata(file: File, target: UploadTarget): Record<string, string> {
  const metadata: Record<string, string> = {
    filename: file.name,
    filetype: file.type || 'application/octet-stream',
    project_id: String(target.projectId),
  };
  if (target.folderId !== null) metadata.folder_id = String(target.folderId);
  if (target.assetId !== null) metadata.asset_id = String(target.assetId);
  return metadata;
}

interface ErrorEnvelope {
  response?: { error?: { code?: unknown; message?: unknown; details?: unknown } };
}

/** The refusal in a tus error answer's body (the API's error envelope), if there is an answer. */
export function answerOf(status: number, body: string): UploadErrorAnswer {
  let error: NonNullable<ErrorEnvelope['response']>['error'];
  try {
    error = (JSON.parse(body) as ErrorEnvelope).response?.error;
  } catch {
    error = undefined;
  }
  return {
    status,
    code: typeof error?.code === 'string' ? error.code : `http_${status}`,
    message: typeof error?.message === 'string' ? error.message : '',
    details:
      error?.details && typeof error.details === 'object'
        ? (error.details as Record<string, unknown>)
        : undefined,
  };
}

/**
 * A dropped connection (no answer), a server error, a conflict or a lock is tried again; a refusal
 * (4xx) is final. Unlike tus-js-client's default, a browser that says it is offline is tried
 * again too: the retry delays give the connection time to come back.
 */
export function shouldRetry(status: number): boolean {
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

function headerNumber(value: string | undefined): number | null {
  const number = Number(value);
  return value && Number.isInteger(number) ? number : null;
}

async function readResult(uploadUrl: string): Promise<UploadResult> {
  const id = uploadUrl.split('/').filter(Boolean).at(-1) ?? '';
  const response = await fetch(`${UPLOAD_ENDPOINT}/${encodeURIComponent(id)}/result`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  const body = await response.text();
  if (!response.ok) throw Object.assign(new Error('result'), { answer: answerOf(response.status, body) });
  return uploadResultSchema.parse((JSON.parse(body) as { response: unknown }).response);
}

/**
 * The asset of an upload whose last answer carried no asset headers (it was already complete
 * when resumed): asked from GET /uploads/{id}/result until the server has made it.
 */
async function waitForResult(uploadUrl: string): Promise<UploadResult> {
  for (let attempt = 0; attempt < RESULT_POLL_TRIES; attempt += 1) {
    const result = await readResult(uploadUrl);
    if (result.status === 'done' || result.status === 'failed') return result;
    await new Promise((done) => setTimeout(done, RESULT_POLL_MS));
  }
  throw new Error('The server did not finish the upload in time.');
}

/**
 * Sends one file with tus-js-client (loaded when the first upload starts, so pages without
 * uploads do not carry it): resumes a stored upload of the same file and target, retries dropped
 * connections, and reports the asset the server made from the last PATCH's headers.
 */
export async function startTransfer(
  file: File,
  target: UploadTarget,
  events: TransferEvents,
): Promise<Transfer> {
  const tus = await import('tus-js-client');
  let sending = false;
  let canceled = false;

  const upload: Upload = new tus.Upload(file, {
    endpoint: UPLOAD_ENDPOINT,
    metadata: uploadMetadata(file, target),
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS_MS,
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    fingerprint: async (input: File) => uploadFingerprint(input, target),
    onBeforeRequest: (req: HttpRequest) => {
      (req.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
      if (!sending && req.getMethod() === 'PATCH') {
        sending = true;
        events.onSending(Number(req.getHeader('Upload-Offset') ?? 0));
      }
    },
    onShouldRetry: (error) => shouldRetry(error.originalResponse?.getStatus() ?? 0),
    onProgress: (bytes) => events.onProgress(bytes),
    onSuccess: ({ lastResponse }) => {
      const assetId = headerNumber(lastResponse.getHeader('Upload-Asset-Id'));
      if (assetId !== null || !upload.url) {
        events.onSuccess(assetId);
        return;
      }
      waitForResult(upload.url).then(
        (result) => {
          if (result.status === 'done') events.onSuccess(result.asset_id);
          else
            events.onError(
              {
                status: 422,
                code: result.error?.code ?? 'failed',
                message: result.error?.message ?? '',
                details: undefined,
              },
              null,
            );
        },
        (cause: unknown) => events.onError((cause as { answer?: UploadErrorAnswer }).answer ?? null, cause),
      );
    },
    onError: (error: Error | DetailedError) => {
      if (canceled) return;
      const response = 'originalResponse' in error ? error.originalResponse : null;
      events.onError(response ? answerOf(response.getStatus(), response.getBody()) : null, error);
    },
  });

  const previous = await upload.findPreviousUploads();
  const stored = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
  if (stored) upload.resumeFromPreviousUpload(stored);
  upload.start();

  return {
    cancel() {
      canceled = true;
      // Terminating deletes the partial upload and its stored URL; a failure here only leaves
      // bytes for the server's expiry to remove.
      upload.abort(true).catch(() => undefined);
    },
  };
}
