import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AcceptAccessTermsBody,
  AccessTermsAcceptance,
  AccessTermsAnswer,
  Problem,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { acceptAccessTerms, currentAccessTerms } from './service';

/** The access terms and their acceptance: open to a signed-in user who has not accepted yet. */
export const accessTermsRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v1/access_terms',
    {
      config: { beforeAccessTerms: true },
      schema: {
        tags: ['Current user'],
        summary: 'The access terms in force, and when the caller accepted them (null: not yet)',
        response: { 200: AccessTermsAnswer, 401: Problem, 404: Problem },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await currentAccessTerms(ctx, request.caller) };
    },
  );
  app.post(
    '/api/v1/access_terms/acceptances',
    {
      config: { beforeAccessTerms: true },
      schema: {
        tags: ['Current user'],
        summary:
          'Accepts the access terms of the version read; another version than the one in force answers 409',
        body: AcceptAccessTermsBody,
        response: {
          201: AccessTermsAcceptance,
          400: Problem,
          401: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request, reply) => {
      const data = await acceptAccessTerms(ctx, request.caller, request.body.version);
      return reply.status(201).send({ data });
    },
  );
};
