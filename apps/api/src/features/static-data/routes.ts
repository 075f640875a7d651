import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem, StaticDataAnswer } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { STATIC_DATA, STATIC_DATA_ETAG } from './service';

// Cached by the browser for a day and revalidated by its ETag after that.
const CACHE_CONTROL = 'private, max-age=86400';

export const staticDataRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/api/v1/static_data',
    {
      schema: {
        tags: ['Static data'],
        summary:
          'The enumerations the screens need (equipment, modes, service levels, document types, statuses), cached with an ETag',
        response: {
          200: StaticDataAnswer,
          304: { description: 'The lists have not changed since the ETag sent', type: 'null' },
          401: Problem,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', CACHE_CONTROL).header('etag', STATIC_DATA_ETAG);
      if (request.headers['if-none-match'] === STATIC_DATA_ETAG) return reply.code(304).send(null);
      return { data: STATIC_DATA };
    },
  );
};
