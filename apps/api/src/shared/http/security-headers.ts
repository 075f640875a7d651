import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every answer. The middleware is built once, at start: the Fastify
 * plugin built it again on every request, parsing the content security policy each time (issue 18,
 * decision 233). Answers that need another policy (the API documentation) set their own header
 * later, which takes precedence.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
