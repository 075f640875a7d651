import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccessRequestPage,
  AccessRequestQuery,
  AccessRequestResponse,
  ApproveAccessRequestBody,
  ApprovedAccessRequest,
  CreateAccessRequestBody,
  IdParams,
  MessageResponse,
  OpenAccessRequestCount,
  Problem,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import {
  ACCESS_REQUEST_SENT,
  approveRequest,
  denyRequest,
  listRequests,
  openRequestCount,
  submitAccessRequest,
} from './service';

export const accessRequestRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const config = { access: ACCESS.companyAdmin };
  const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

  app.post(
    '/api/v1/access_requests',
    {
      config: { public: true },
      schema: {
        tags: ['Access requests'],
        summary: 'Ask a company (by company number) for portal access',
        body: CreateAccessRequestBody,
        response: { 202: MessageResponse, 400: Problem, 429: Problem },
      },
    },
    async (request, reply) => {
      await submitAccessRequest(ctx, request.body, request.ip);
      return reply.status(202).send({ data: { message: ACCESS_REQUEST_SENT } });
    },
  );
  app.get(
    '/api/v1/access_requests',
    {
      config,
      schema: {
        tags: ['Access requests'],
        summary: 'Access requests to the company (every company for the operator)',
        querystring: AccessRequestQuery,
        response: { 200: AccessRequestPage, ...errors },
      },
    },
    async (request) => listRequests(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v1/access_requests/open_count',
    {
      config,
      schema: {
        tags: ['Access requests'],
        summary: 'How many access requests wait for an answer (the top bar badge)',
        response: { 200: OpenAccessRequestCount, ...errors },
      },
    },
    async (request) => ({ data: { count: await openRequestCount(ctx, request.caller) } }),
  );
  app.post(
    '/api/v1/access_requests/:id/approve',
    {
      config,
      schema: {
        tags: ['Access requests'],
        summary: 'Approve: makes the user and e-mails an activation link',
        params: IdParams,
        body: ApproveAccessRequestBody,
        response: { 200: ApprovedAccessRequest, ...errors, 409: Problem },
      },
    },
    async (request) => ({
      data: await approveRequest(ctx, request.caller, request.params.id, request.body),
    }),
  );
  app.post(
    '/api/v1/access_requests/:id/deny',
    {
      config,
      schema: {
        tags: ['Access requests'],
        summary: 'Deny an access request',
        params: IdParams,
        response: { 200: AccessRequestResponse, ...errors, 409: Problem },
      },
    },
    async (request) => ({ data: await denyRequest(ctx, request.caller, request.params.id) }),
  );
};
