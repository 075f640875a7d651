import type { FastifyInstance } from 'fastify';

// Paths a browser never opens as a page: the API (scripts call it at whatever address reaches the
// server), the OpenID provider (its addresses come from PUBLIC_URL already), the load balancer's
// health checks.
const NOT_PAGES = /^\/(api(\/|$)|oidc(\/|$)|\.well-known\/|healthz$|readyz$)/;

/**
 * A page or sign-in opened at another host than PUBLIC_URL's (http://127.0.0.1:3000 when it says
 * http://localhost:3000) is sent to PUBLIC_URL before anything else: the session cookie belongs to
 * PUBLIC_URL's host, so signing in elsewhere ends in an expired sign-in (decision 186).
 */
export function redirectToPublicHost(app: FastifyInstance, publicUrl: string): void {
  const canonical = new URL(publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (request.host.toLowerCase() === canonical.host.toLowerCase()) return;
    const path = request.url.split('?')[0] ?? '/';
    if (NOT_PAGES.test(path)) return;
    const base = canonical.pathname.replace(/\/$/, '');
    return reply.redirect(`${canonical.origin}${base}${request.url}`, 308);
  });
}
