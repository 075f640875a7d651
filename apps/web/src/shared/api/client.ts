import type { Problem } from '@portal/contract';

/** A non-2xx answer: the status and the server's problem body, for the app's one error handler to read. */
export class ApiError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly problem: Partial<Problem> | undefined,
  ) {
    super(
      problem?.detail ??
        problem?.title ??
        (status ? `Request failed with status ${status}` : 'Network error'),
    );
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<
    string,
    string | number | boolean | readonly (string | number)[] | undefined | null
  >;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item));
    else params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The session's CSRF token, which the server set in a cookie the page may read. */
export const CSRF_COOKIE = '__Host-portal_csrf';

export function readCsrfToken(cookies: string = document.cookie): string | undefined {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CSRF_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Speaks HTTP only: no toasts, no redirects. Same-origin; the session cookie rides along, and
 * every write echoes the CSRF token in a header.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const method = options.method ?? 'GET';
  if (method !== 'GET') {
    const csrf = readCsrfToken();
    if (csrf) headers['x-csrf-token'] = csrf;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${path}${queryString(options.query)}`, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(undefined, undefined);
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => undefined)) as Partial<Problem> | undefined;
    throw new ApiError(response.status, problem);
  }
  if (response.status === 204) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? await response.json() : await response.blob()) as T;
}
