import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { OutboxPage, OutboxQuery, Problem } from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { listOutbox } from './service';

/** The operator's administrators read the e-mail the portal sent or keeps (decision 014). */
export const emailOutboxRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v1/admin/email_outbox',
    {
      config: { access: ACCESS.operatorAdmin },
      schema: {
        tags: ['Administration'],
        summary: 'E-mail the portal sent or keeps, newest first (filter by recipient)',
        querystring: OutboxQuery,
        response: { 200: OutboxPage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => listOutbox(ctx, request.caller, request.query),
  );
};
