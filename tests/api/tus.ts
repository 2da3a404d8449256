import { request as httpRequest } from 'node:http';
import type { ApiClient } from './harness';

/** A bare tus 1.0 client over fetch, so the tests see every header and status the server sends. */
export interface TusAnswer {
  status: number;
  headers: Headers;
  /** The error envelope or whatever body came back. */
  body: any;
}

const TUS = { 'Tus-Resumable': '1.0.0' };

function metadata(fields: Record<string, string | number | undefined>): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k} ${Buffer.from(String(v)).toString('base64')}`)
    .join(',');
}

async function answer(response: Response): Promise<TusAnswer> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : text;
  } catch {
    // A plain-text tus answer.
  }
  return { status: response.status, headers: response.headers, body };
}

export class TusClient {
  constructor(
    private readonly baseUrl: string,
    private readonly client: ApiClient,
  ) {}

  private headers(extra: Record<string, string> = {}) {
    return { ...TUS, cookie: this.client.cookieHeader, ...extra };
  }

  /** Creation: answers 201 with the upload's address in `Location`, or the refusal. */
  async create(
    fields: { filename: string; project_id: number; folder_id?: number; asset_id?: number },
    size: number,
  ) {
    const response = await fetch(`${this.baseUrl}/api/v1/uploads`, {
      method: 'POST',
      headers: this.headers({ 'Upload-Length': String(size), 'Upload-Metadata': metadata(fields) }),
    });
    return answer(response);
  }

  async patch(location: string, offset: number, bytes: Buffer) {
    const response = await fetch(`${this.baseUrl}${location}`, {
      method: 'PATCH',
      headers: this.headers({
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
      }),
      body: new Uint8Array(bytes),
    });
    return answer(response);
  }

  async offset(location: string): Promise<TusAnswer & { offset: number }> {
    const response = await fetch(`${this.baseUrl}${location}`, { method: 'HEAD', headers: this.headers() });
    return { ...(await answer(response)), offset: Number(response.headers.get('upload-offset') ?? -1) };
  }

  async terminate(location: string) {
    return answer(await fetch(`${this.baseUrl}${location}`, { method: 'DELETE', headers: this.headers() }));
  }

  /**
   * A PATCH whose connection drops once `sent` of its bytes are out (a client that lost its
   * network): the server keeps what it stored, and the upload resumes from its offset.
   */
  async patchCut(location: string, offset: number, bytes: Buffer, sent: number): Promise<void> {
    const url = new URL(`${this.baseUrl}${location}`);
    const request = httpRequest(url, {
      method: 'PATCH',
      headers: this.headers({
        'Upload-Offset': String(offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(bytes.length),
      }),
    });
    request.on('error', () => undefined);
    await new Promise<void>((resolve) => request.write(bytes.subarray(0, sent), () => resolve()));
    // Give the server the bytes before the line goes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    request.destroy();
  }

  /** The whole file in one creation and one PATCH. */
  async upload(fields: Parameters<TusClient['create']>[0], bytes: Buffer) {
    const created = await this.create(fields, bytes.length);
    if (created.status !== 201) return { created, finished: null };
    const finished = await this.patch(created.headers.get('location')!, 0, bytes);
    return { created, finished };
  }
}
