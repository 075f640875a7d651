import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, readCsrfToken } from './client';

// The server is outside this unit: fetch answers are scripted here, everything else is the real client.
const answer = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('sends repeated query parameters, skipping empty ones, and answers the JSON body', async () => {
    const fetchMock = vi.fn(async () => answer(200, { data: [1] }));
    vi.stubGlobal('fetch', fetchMock);
    const body = await apiRequest<{ data: number[] }>('/api/v2/shipments', {
      query: { statuses: [3, 4], query: '', page: 1, needsUpdates: undefined },
    });
    expect(body).toEqual({ data: [1] });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v2/shipments?statuses=3&statuses=4&page=1',
      expect.anything(),
    );
  });

  it('raises an ApiError carrying the status and the problem body', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(409, { status: 409, title: 'Conflict', detail: 'Stale version' })),
    );
    const failure = await apiRequest('/api/v2/invoices/1', { method: 'PATCH', body: {} }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(409);
    expect((failure as ApiError).message).toBe('Stale version');
  });

  it('reports a network failure as an ApiError without a status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const failure = (await apiRequest('/readyz').catch((error: unknown) => error)) as ApiError;
    expect(failure.status).toBeUndefined();
  });
});

describe('CSRF token', () => {
  afterEach(() => vi.restoreAllMocks());

  it('echoes the session’s CSRF cookie on writes, never on reads', async () => {
    vi.spyOn(document, 'cookie', 'get').mockReturnValue('other=1; __Host-portal_csrf=abc-123');
    const fetchMock = vi.fn(async () => answer(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/v1/api_keys', { method: 'POST', body: { name: 'x' } });
    await apiRequest('/api/v1/api_keys');
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect((calls[0]![1].headers as Record<string, string>)['x-csrf-token']).toBe('abc-123');
    expect((calls[1]![1].headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
  });

  it('reads the token among other cookies', () => {
    expect(readCsrfToken('a=1; __Host-portal_csrf=t%2Bk; b=2')).toBe('t+k');
    expect(readCsrfToken('a=1')).toBeUndefined();
  });
});
