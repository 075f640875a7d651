import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { AppContext } from '../../shared/app-context';

const Health = Type.Object({ status: Type.String() });

/** Liveness answers while the process runs; readiness only while the database answers and no shutdown has begun. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/healthz',
    { config: { public: true }, schema: { hide: true, response: { 200: Health } } },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    { config: { public: true }, schema: { hide: true, response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      if (ctx.lifecycle.shuttingDown) return reply.status(503).send({ status: 'shutting down' });
      try {
        await sql`select 1`.execute(ctx.db.owner);
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
};
