import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ApiKeyList,
  ApiKeyResponse,
  CreateApiKeyBody,
  CreatedApiKey,
  IdParams,
  Problem,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { createKey, listKeys, revokeKey } from './service';

/** A company's administrators make and revoke API keys for integrations (profile, Integrations tab). */
export const apiKeyRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const config = { access: ACCESS.companyAdmin };
  const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
  app.get(
    '/api/v1/api_keys',
    {
      config,
      schema: {
        tags: ['API keys'],
        summary: 'The company’s API keys (never the keys themselves)',
        response: { 200: ApiKeyList, ...errors },
      },
    },
    async (request) => ({ data: await listKeys(ctx, request.caller) }),
  );
  app.post(
    '/api/v1/api_keys',
    {
      config,
      schema: {
        tags: ['API keys'],
        summary:
          'Make an API key with some of your own permissions and roles; the key is shown once',
        body: CreateApiKeyBody,
        response: { 201: CreatedApiKey, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createKey(ctx, request.caller, request.body) }),
  );
  app.delete(
    '/api/v1/api_keys/:id',
    {
      config,
      schema: {
        tags: ['API keys'],
        summary: 'Revoke an API key; it stops working at once',
        params: IdParams,
        response: { 200: ApiKeyResponse, ...errors },
      },
    },
    async (request) => ({ data: await revokeKey(ctx, request.caller, request.params.id) }),
  );
};
