import { GENERIC_ERROR } from '@common/api/errors';

/** Base of every call (API.md: same origin, `/api/v1`). */
export const API_BASE = '/api/v1';

/** A failed call: the HTTP status and the API's error body (API.md "Envelope"). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }

  /** The messages the server gave for one field of a 422 `invalid_record`. */
  fieldMessages(field: string): string[] {
    const value = this.details?.[field];
    if (Array.isArray(value)) return value.filter((m): m is string => typeof m === 'string');
    return typeof value === 'string' ? [value] : [];
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app registers what a 401 means (forget the user, go to /login): API.md "Authentication". */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  /**
   * Calls whose 401 is an answer rather than an expired session (sign-in, sign-out, who-am-I)
   * do not trigger the global logout.
   */
  authCall?: boolean;
  signal?: AbortSignal;
}

function statusFallback(status: number, statusText: string): string {
  if (status >= 500 || status === 0) return GENERIC_ERROR;
  return statusText || GENERIC_ERROR;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

interface ErrorShape {
  response?: { error?: { code?: unknown; message?: unknown; details?: unknown } };
}

function toApiError(response: Response, body: unknown): ApiError {
  const error = (body as ErrorShape | undefined)?.response?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${response.status}`;
  const message =
    typeof error?.message === 'string' && error.message
      ? error.message
      : statusFallback(response.status, response.statusText);
  const details =
    error?.details && typeof error.details === 'object'
      ? (error.details as Record<string, unknown>)
      : undefined;
  return new ApiError(response.status, code, message, details);
}

/** A collection answer with its `meta` (API.md: paginated collections carry `meta.pagination`). */
export interface Envelope<T, M = Record<string, unknown>> {
  response: T;
  meta?: M;
}

/** Calls the API and unwraps `{"response": …}`; throws ApiError on any failure. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiEnvelope<T>(path, options)).response;
}

/** Calls the API and answers the whole envelope (`response` and `meta`); throws ApiError on failure. */
export async function apiEnvelope<T, M = Record<string, unknown>>(
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T, M>> {
  const { method = 'GET', body, authCall = false, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload ?? null,
      credentials: 'same-origin',
      signal: signal ?? null,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', GENERIC_ERROR);
  }

  const parsed = await readBody(response);
  if (!response.ok) {
    const error = toApiError(response, parsed);
    if (response.status === 401 && !authCall) onUnauthorized();
    throw error;
  }
  return (parsed as Envelope<T, M> | undefined) ?? { response: undefined as T };
}
