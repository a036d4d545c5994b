import { isSuccessCode, LANG_HEADER, ResultCode, TOKEN_HEADER, type Envelope } from '@nimbus/contract';
import { tokenStore } from '@/shared/auth/token-store';
import { i18n } from '@/i18n';

/** Spec §9: every request times out after 300000 ms. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** A handled failure from the server (non-1 code) or an HTTP error; `msg` is ready to show. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly httpStatus?: number,
    options?: ErrorOptions,
  ) {
    super(msg, options);
  }
}

/** Thrown when the caller cancelled; the global handlers ignore it silently (spec §8). */
export class RequestCancelled extends Error {}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** The shell subscribes to show the relogin dialog when any call answers code 401. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as its own bytes (application/octet-stream), instead of `body`. */
  file?: Blob;
  /** Sent as multipart/form-data (fields and files), instead of `body`. */
  form?: FormData;
  signal?: AbortSignal;
  /** Send this token instead of the stored one (checking a `?token=` before keeping it). */
  token?: string;
  /** A 401 here is expected (a candidate token): do not tell the relogin listeners. */
  quietUnauthorized?: boolean;
}

/**
 * The JSON envelope of a 2xx answer. One that is not an envelope (a proxy's HTML page, a cut-off
 * body) fails with a translated message, never the parser's English.
 */
async function readEnvelope<T>(
  response: Response,
  signal: AbortSignal | undefined,
  timeout: AbortSignal,
): Promise<Envelope<T> & Record<string, unknown>> {
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (signal?.aborted) throw new RequestCancelled();
    if (timeout.aborted) throw new ApiError(408, i18n.t('error.timeout'));
    throw new ApiError(ResultCode.serverError, i18n.t('common.serverError'), response.status, {
      cause: error,
    });
  }
  if (body === null || typeof body !== 'object' || !('code' in body)) {
    throw new ApiError(ResultCode.serverError, i18n.t('common.serverError'), response.status);
  }
  return body as Envelope<T> & Record<string, unknown>;
}

/** Sends the request; answers the response of a 2xx, else throws a translated ApiError. */
async function send(
  method: 'GET' | 'POST',
  path: string,
  { query, body, file, form, signal, token: tokenOverride }: RequestOptions,
): Promise<{ response: Response; timeout: AbortSignal }> {
  const url = new URL(`/api/${path.replace(/^\//, '')}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { [LANG_HEADER]: i18n.language === 'en' ? 'en' : 'cn' };
  const token = tokenOverride ?? tokenStore.get();
  if (token) headers[TOKEN_HEADER] = token;
  // A form's content type (with its boundary) is set by the browser.
  if (file) headers['content-type'] = 'application/octet-stream';
  else if (body !== undefined && !form) headers['content-type'] = 'application/json';
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: file ?? form ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'include',
      cache: 'no-store',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (signal?.aborted) throw new RequestCancelled();
    if (timeout.aborted) throw new ApiError(408, i18n.t('error.timeout'));
    // The browser's own wording ("TypeError: Failed to fetch") is English whatever the language
    // and says nothing more to a person; it stays on the error for debugging.
    throw new ApiError(0, i18n.t('error.network'), 0, { cause: error });
  }
  if (!response.ok) {
    const statusText = i18n.exists(`httpStatus.${response.status}`)
      ? i18n.t(`httpStatus.${response.status}`)
      : '';
    throw new ApiError(
      response.status,
      `${response.status} ${i18n.t('error.server')} ${statusText}`.trim(),
      response.status,
    );
  }
  return { response, timeout };
}

/** The envelope of an answer: its data on success, else ApiError (a 401 tells the listeners). */
async function successOf<T>(
  response: Response,
  timeout: AbortSignal,
  { signal, quietUnauthorized }: RequestOptions,
): Promise<Envelope<T> & Record<string, unknown>> {
  const envelope = await readEnvelope<T>(response, signal, timeout);
  if (isSuccessCode(envelope.code)) return envelope;
  if (envelope.code === ResultCode.unauthorized && !quietUnauthorized) {
    unauthorizedListeners.forEach((listener) => listener());
  }
  throw new ApiError(Number(envelope.code), envelope.msg);
}

/** Calls `/api/<path>` and returns the whole envelope (for calls that put fields beside `code`). */
export async function requestEnvelope<T>(
  method: 'GET' | 'POST',
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T> & Record<string, unknown>> {
  const { response, timeout } = await send(method, path, options);
  return successOf<T>(response, timeout, options);
}

/** A file the server answers (a download): its bytes and the name it gives; a refusal throws. */
export async function downloadFile(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; filename: string }> {
  const { response, timeout } = await send('GET', path, options);
  if (response.headers.get('content-type')?.startsWith('application/json')) {
    await successOf(response, timeout, options);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'download';
  return { blob: await response.blob(), filename };
}

/** Downloads `/api/<path>` and has the browser save it under the server's file name. */
export async function saveDownload(path: string, query?: RequestOptions['query']): Promise<void> {
  const { blob, filename } = await downloadFile(path, { query });
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** Calls `/api/<path>` and returns `data`, throwing ApiError on any failure. */
export async function request<T>(method: 'GET' | 'POST', path: string, options?: RequestOptions): Promise<T> {
  return (await requestEnvelope<T>(method, path, options)).data as T;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) =>
    request<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) => request<T>('POST', path, { body, signal }),
};
