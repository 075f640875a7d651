import type { FastifyInstance, FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';

/**
 * Within one routes plugin: a JSON request may come with no body at all (PATCH .../quick_closure
 * "empty body"; POST .../rescind_booking without a reason), read as {}. Non-empty bodies are parsed
 * exactly as everywhere else, refusing prototype-poisoning keys.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (_request: FastifyRequest, body: string | Buffer, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(
          null,
          secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }),
        );
      } catch (error) {
        const problem =
          error instanceof SyntaxError ? error : new SyntaxError((error as Error).message);
        (problem as SyntaxError & { statusCode?: number }).statusCode = 400;
        done(problem, undefined);
      }
    },
  );
  // No body and no content type at all: the same empty object.
  app.addHook('preValidation', async (request) => {
    if (request.body === undefined && ['POST', 'PATCH', 'PUT'].includes(request.method)) {
      request.body = {};
    }
  });
}
