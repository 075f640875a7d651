import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DataOf,
  Problem,
  RateRequestDetailAnswer,
  RateRequestFindQuery,
  RateRequestIdParams,
  RateRequestListAnswer,
  RateRequestPage,
  RateRequestResponseBody,
  RateRequestStatusCounts,
  RateRequestSummary,
  SendRateRequestsBody,
  ShipmentIdParams,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { acceptEmptyJsonBodies } from '../../shared/http/empty-body';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';
import {
  awardRateRequest,
  getRateRequest,
  listRateRequests,
  rateRequestStatusCounts,
  respondToRateRequest,
  sendRateRequests,
} from './service';

const RateRequestAnswer = DataOf(RateRequestSummary);
// Carriers answer from the portal; the operator's staff (Admin) read and award from Operations.
const readers = {
  permissions: [...ACCESS.carrierPortal.permissions, ...ACCESS.operatorAdmin.permissions],
};

export const rateRequestRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  // Awarding carries no body.
  acceptEmptyJsonBodies(app);

  app.get(
    '/api/v2/rate_requests/status_counts',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Rate requests'],
        summary: "The caller's rate requests per status (sent: open, the navigation's count)",
        response: { 200: RateRequestStatusCounts, 401: Problem, 403: Problem },
      },
    },
    async (request) => rateRequestStatusCounts(ctx, request.caller),
  );

  app.get(
    '/api/v2/rate_requests',
    {
      config: { access: readers },
      schema: {
        tags: ['Rate requests'],
        summary:
          'Rate request search: by status (Sent is open, Offered, Declined), shipment and number',
        querystring: RateRequestFindQuery,
        response: { 200: RateRequestPage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => listRateRequests(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/rate_requests/:id',
    {
      config: { access: readers },
      schema: {
        tags: ['Rate requests'],
        summary: 'One rate request with the load it prices',
        params: RateRequestIdParams,
        response: {
          200: RateRequestDetailAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
        },
      },
    },
    async (request) => getRateRequest(ctx, request.caller, request.params.id),
  );

  app.post(
    '/api/v2/rate_requests/:id/responses',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Rate requests'],
        summary:
          'Answer a rate request: an offer (amount) or a decline, with shipmentId and respondingContactId (Idempotency-Key honoured)',
        params: RateRequestIdParams,
        body: RateRequestResponseBody,
        response: {
          200: RateRequestAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await respondToRateRequest(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );

  app.post(
    '/api/v2/rate_requests/:id/award',
    {
      config: { access: ACCESS.operatorAdmin },
      schema: {
        tags: ['Rate requests'],
        summary: "Award a carrier's offer: the load is booked to it (Idempotency-Key honoured)",
        params: RateRequestIdParams,
        response: {
          200: RateRequestAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await awardRateRequest(ctx, request.caller, request.params.id, idempotentRequest(request)),
      ),
  );

  app.post(
    '/api/v2/shipments/:id/rate_requests',
    {
      config: { access: ACCESS.operatorAdmin },
      schema: {
        tags: ['Rate requests'],
        summary: 'Ask carriers to price a load (carrier rate request)',
        params: ShipmentIdParams,
        body: SendRateRequestsBody,
        response: {
          200: RateRequestListAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request) => sendRateRequests(ctx, request.caller, request.params.id, request.body),
  );
};
