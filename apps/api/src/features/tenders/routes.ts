import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AutomaticTenderingAnswer,
  Problem,
  ShipmentIdParams,
  ManualTenderBody,
  StartWaterfallBody,
  TenderCarrierOptions,
  TenderCustomerOptions,
  TenderDetailAnswer,
  TenderFindQuery,
  TenderGetParams,
  TenderIdParams,
  TenderOfferBody,
  TenderPage,
  TenderStatusCounts,
  DataOf,
  TenderSummary,
  WaterfallListQuery,
  WaterfallPage,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';
import {
  answerTender,
  getTender,
  listTenderCustomers,
  listTenders,
  tenderStatusCounts,
} from './service';
import { registerTenderJobs } from './waterfall-jobs';
import {
  automaticTendering,
  listWaterfallsFor,
  sendManualTender,
  startWaterfall,
  stopWaterfall,
  tenderCarrierOptions,
} from './waterfall-service';

const TenderAnswer = DataOf(TenderSummary);
const operatorAccess = ACCESS.operatorAdmin;

export const tenderRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  // The feature's jobs are known wherever it is mounted; they run where the queue works.
  registerTenderJobs(ctx);

  app.get(
    '/api/v2/tenders/status_counts',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Tenders'],
        summary: "The caller's tenders per status (sent: the navigation's count)",
        response: { 200: TenderStatusCounts, 401: Problem, 403: Problem },
      },
    },
    async (request) => tenderStatusCounts(ctx, request.caller),
  );

  app.get(
    '/api/v2/tenders',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Tenders'],
        summary:
          "The caller's tenders (its own company as carrier), by status, customer and search",
        querystring: TenderFindQuery,
        response: { 200: TenderPage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => listTenders(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/tenders/customers',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Tenders'],
        summary: "The customers of the caller's tenders (the list's customer filter)",
        response: { 200: TenderCustomerOptions, 401: Problem, 403: Problem },
      },
    },
    async (request) => listTenderCustomers(ctx, request.caller),
  );

  app.get(
    '/api/v2/tenders/:id',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Tenders'],
        summary:
          'One tender by id, tender number or shipment number: lane, stops, requirements, rate, expiry',
        params: TenderGetParams,
        response: {
          200: TenderDetailAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
        },
      },
    },
    async (request) => getTender(ctx, request.caller, request.params.id),
  );

  app.put(
    '/api/v2/tenders/:tenderId/offers',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Tenders'],
        summary:
          'Accept (status 1, carrierRate) or reject (status 2, rejectionReason) a tender (Idempotency-Key honoured)',
        params: TenderIdParams,
        body: TenderOfferBody,
        response: {
          200: TenderAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request, reply) => {
      const outcome = await answerTender(
        ctx,
        request.caller,
        request.params.tenderId,
        request.body,
        idempotentRequest(request),
      );
      return sendIdempotent(reply, outcome);
    },
  );

  app.get(
    '/api/v2/shipments/:id/automatic_tendering',
    {
      config: { access: operatorAccess },
      schema: {
        tags: ['Tenders'],
        summary: "The shipment's automatic tendering (waterfall) and where it stands",
        params: ShipmentIdParams,
        response: {
          200: AutomaticTenderingAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
        },
      },
    },
    async (request) => automaticTendering(ctx, request.caller, request.params.id),
  );

  app.post(
    '/api/v2/shipments/:id/automatic_tendering',
    {
      config: { access: operatorAccess },
      schema: {
        tags: ['Tenders'],
        summary: 'Start a waterfall: ordered carriers, each with an answer window, at one rate',
        params: ShipmentIdParams,
        body: StartWaterfallBody,
        response: {
          200: AutomaticTenderingAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request) => startWaterfall(ctx, request.caller, request.params.id, request.body),
  );

  app.post(
    '/api/v2/shipments/:id/tenders',
    {
      config: { access: operatorAccess },
      schema: {
        tags: ['Tenders'],
        summary:
          'Tender a Ready to Book load to one carrier, with an answer window, outside a waterfall',
        params: ShipmentIdParams,
        body: ManualTenderBody,
        response: {
          200: AutomaticTenderingAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request) => sendManualTender(ctx, request.caller, request.params.id, request.body),
  );

  app.delete(
    '/api/v2/shipments/:id/automatic_tendering',
    {
      config: { access: operatorAccess },
      schema: {
        tags: ['Tenders'],
        summary:
          'Stop the waterfall: its open tender is rescinded, the load goes back to Ready to Book',
        params: ShipmentIdParams,
        response: {
          200: AutomaticTenderingAnswer,
          400: Problem,
          401: Problem,
          403: Problem,
          404: Problem,
          409: Problem,
        },
      },
    },
    async (request) => stopWaterfall(ctx, request.caller, request.params.id),
  );

  app.get(
    '/api/v2/tender_carriers',
    {
      config: { access: operatorAccess },
      schema: {
        tags: ['Tenders'],
        summary: 'Carriers the operator may put in a waterfall',
        response: { 200: TenderCarrierOptions, 401: Problem, 403: Problem },
      },
    },
    async (request) => tenderCarrierOptions(ctx, request.caller),
  );

  app.get(
    '/api/v2/tender_waterfalls',
    {
      config: { access: operatorAccess },
      schema: {
        tags: ['Tenders'],
        summary:
          "The operator's automatic tendering: running waterfalls first, then the newest; status filters",
        querystring: WaterfallListQuery,
        response: { 200: WaterfallPage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => listWaterfallsFor(ctx, request.caller, request.query),
  );
};
