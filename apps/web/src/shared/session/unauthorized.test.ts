import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/client';
import { readReturnPath } from './sign-in';
import { handleUnauthorized, isUnauthorized } from './unauthorized';

afterEach(() => sessionStorage.clear());

const at = (pathname: string, search = '', hash = '') => ({
  pathname,
  search,
  hash,
  assign: vi.fn(),
});

describe('the one 401 handler', () => {
  it('clears the client state, remembers the path and goes to the root', () => {
    const client = new QueryClient();
    client.setQueryData(['session'], { user: { id: 'u1' } });
    sessionStorage.setItem('something', 'private');
    const location = at('/payments/123/preview', '?tab=2', '#top');
    expect(handleUnauthorized(client, location)).toBe(true);
    expect(client.getQueryData(['session'])).toBeUndefined();
    expect(sessionStorage.getItem('something')).toBeNull();
    expect(readReturnPath()).toBe('/payments/123/preview?tab=2#top');
    expect(location.assign).toHaveBeenCalledWith('/');
  });

  it('leaves public pages alone: they expect to be signed out', () => {
    const location = at('/login', '?interaction=abc');
    expect(handleUnauthorized(new QueryClient(), location)).toBe(false);
    expect(location.assign).not.toHaveBeenCalled();
    expect(readReturnPath()).toBeUndefined();
  });

  it('recognises a 401 answer and nothing else', () => {
    expect(isUnauthorized(new ApiError(401, { title: 'Unauthorized' }))).toBe(true);
    expect(isUnauthorized(new ApiError(403, undefined))).toBe(false);
    expect(isUnauthorized(new Error('401'))).toBe(false);
  });

  it('never remembers a path that leaves the site', () => {
    sessionStorage.setItem('portal.returnPath', '//evil.example/x');
    expect(readReturnPath()).toBeUndefined();
  });
});
