import { PORTAL_ROUTES } from '@portal/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authenticatedRoutes } from './router';

// Every path of the spec's route table has a route of its own in the router (not the catch-all).
const example = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '1000123');

describe('router', () => {
  it.each(PORTAL_ROUTES.map((route) => route.pattern))('registers %s', (pattern) => {
    const matches = matchRoutes(authenticatedRoutes, example(pattern));
    expect(matches?.at(-1)?.route.path).not.toBe('*');
  });
});
