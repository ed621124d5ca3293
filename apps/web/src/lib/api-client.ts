import type { ErrorResponse } from '@releasebell/contract';

/** A failed API call, carrying the server's error code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Which fields were wrong and why, for a 400 VALIDATION_ERROR. */
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The server's renderer answers the calls a page makes while it is rendered (entry-server.tsx).
let fetchImpl: typeof fetch = (input, init) => fetch(input, init);

/** Replaces fetch for every API call: only the server's renderer does this, once, when it loads. */
export function setApiFetch(impl: typeof fetch): void {
  fetchImpl = impl;
}

async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  // A Blob or File goes as it is, typed by itself (uploads). FormData goes as it is with no content
  // type of ours: the browser writes multipart/form-data with its boundary. Anything else as JSON.
  const form = typeof FormData !== 'undefined' && body instanceof FormData;
  const blob = typeof Blob !== 'undefined' && body instanceof Blob;
  const contentType = body === undefined || form ? null : blob ? body.type : 'application/json';
  const response = await fetchImpl(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(contentType === null ? {} : { 'content-type': contentType }),
    },
    body: body === undefined ? undefined : form || blob ? body : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) throw apiError(response.status, data);
  return data as T;
}

function apiError(status: number, data: unknown): ApiError {
  const error = (data as ErrorResponse | null)?.error;
  return new ApiError(
    status,
    error?.code ?? 'HTTP_ERROR',
    error?.message ?? `Request failed (${status})`,
    error?.details ?? [],
  );
}

/** A file the server answers as an attachment: its bytes and the name it gives it. */
async function download(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const response = await fetchImpl(path, { credentials: 'same-origin' });
  if (!response.ok) throw apiError(response.status, await response.json().catch(() => null));
  const disposition = response.headers.get('content-disposition') ?? '';
  return { blob: await response.blob(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  download,
};
