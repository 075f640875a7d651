import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import {
  BookingRefusedAnswer,
  BookLtlOrderAnswer,
  BookLtlOrderBody,
  ConsolidatablePage,
  ConsolidatableSearchBody,
  DraftShipmentAnswer,
  DraftShipmentBody,
  OrderAnswer,
  OrderBody,
  OrderDuplicateAnswer,
  OrderDuplicateBody,
  FilterSetParams,
  OrderFilterSetAnswer,
  OrderFilterSetBody,
  OrderFilterSetList,
  OrderFindBody,
  OrderKeyParams,
  OrderPage,
  OrderStatusCounts,
  Problem,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';
import { createDraftShipment, searchConsolidatable } from './consolidation-service';
import { bookLtlOrder } from './ltl-booking-service';
import {
  BROKERS_ONLY,
  createOrder,
  duplicateOrder,
  findOrderPage,
  getOrder,
  listOrderFilterSets,
  orderStatusCounts,
  removeOrderFilterSet,
  saveOrderFilterSet,
  updateOrder,
} from './service';

// Orders: the carrier portal's brokers (decision 012); the service refuses other callers.
const access = ACCESS.carrierPortal;
const tags = ['Orders'];
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const writeProblems = { ...problems, 409: Problem, 422: Problem };

export const orderRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/api/v2/orders/find',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: "Find the caller's orders by status, modes, pickup dates and number or reference",
        body: OrderFindBody,
        response: { 200: OrderPage, ...problems },
      },
    },
    async (request) => findOrderPage(ctx, request.caller, request.body),
  );

  app.get(
    '/api/v2/orders/status_counts',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: "The caller's orders per status",
        response: { 200: OrderStatusCounts, ...problems },
      },
    },
    async (request) => orderStatusCounts(ctx, request.caller),
  );

  app.get(
    '/api/v2/orders/filter_sets',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: "The caller's saved views of the orders list",
        response: { 200: OrderFilterSetList, ...problems },
      },
    },
    async (request) => listOrderFilterSets(ctx, request.caller),
  );

  app.post(
    '/api/v2/orders/filter_sets',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: 'Save a view of the orders list',
        body: OrderFilterSetBody,
        response: { 200: OrderFilterSetAnswer, ...writeProblems },
      },
    },
    async (request) => saveOrderFilterSet(ctx, request.caller, request.body),
  );

  app.put(
    '/api/v2/orders/filter_sets/:filterSetId',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: 'Rename or change a saved view of the orders list',
        params: FilterSetParams,
        body: OrderFilterSetBody,
        response: { 200: OrderFilterSetAnswer, ...writeProblems },
      },
    },
    async (request) =>
      saveOrderFilterSet(ctx, request.caller, request.body, request.params.filterSetId),
  );

  app.delete(
    '/api/v2/orders/filter_sets/:filterSetId',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: 'Delete a saved view of the orders list',
        params: FilterSetParams,
        response: { 204: { type: 'null' } as unknown as TSchema, ...problems },
      },
    },
    async (request, reply) => {
      await removeOrderFilterSet(ctx, request.caller, request.params.filterSetId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v2/orders',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: 'Create an order (orderSource Portal; Idempotency-Key honoured)',
        body: OrderBody,
        response: { 201: OrderAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await createOrder(ctx, request.caller, request.body, idempotentRequest(request)),
      ),
  );

  app.get(
    '/api/v2/orders/:orderNumber',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: 'One order with its stops, line items, references and shipment (the preview)',
        params: OrderKeyParams,
        response: { 200: OrderAnswer, ...problems },
      },
    },
    async (request) => getOrder(ctx, request.caller, request.params.orderNumber),
  );

  app.put(
    '/api/v2/orders/:orderNumber',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: 'Edit an open order on no shipment (version required; a stale one answers 409)',
        params: OrderKeyParams,
        body: OrderBody,
        response: { 200: OrderAnswer, ...writeProblems },
      },
    },
    async (request) => updateOrder(ctx, request.caller, request.params.orderNumber, request.body),
  );

  app.post(
    '/api/v2/orders/:orderNumber/duplicates',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary: 'Copy an order N times as new open orders (Idempotency-Key honoured)',
        params: OrderKeyParams,
        body: OrderDuplicateBody,
        response: { 201: OrderDuplicateAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await duplicateOrder(
          ctx,
          request.caller,
          request.params.orderNumber,
          request.body.copies,
          idempotentRequest(request),
        ),
      ),
  );

  app.post(
    '/api/v2/orders/consolidatable_orders',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary:
          'Open orders that can travel with the given one (45,000 lb, 60 units, 40 miles, windows widened 2 days)',
        body: ConsolidatableSearchBody,
        response: { 200: ConsolidatablePage, ...writeProblems },
      },
    },
    async (request) => searchConsolidatable(ctx, request.caller, request.body),
  );

  app.post(
    '/api/v2/orders/draft_shipments',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary:
          'Consolidate orders into one Draft shipment with maxBuy 0 (Idempotency-Key honoured)',
        body: DraftShipmentBody,
        response: { 201: DraftShipmentAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await createDraftShipment(ctx, request.caller, request.body, idempotentRequest(request)),
      ),
  );

  app.post(
    '/api/v2/orders/:orderNumber/book_ltl',
    {
      config: { access, brokersOnly: BROKERS_ONLY },
      schema: {
        tags,
        summary:
          "Book LTL order: the open LTL order becomes its own shipment, booked to an LTL rate's carrier at that rate (origination TmsContract, maxBuy rate + 5; Idempotency-Key honoured)",
        params: OrderKeyParams,
        body: BookLtlOrderBody,
        response: {
          201: BookLtlOrderAnswer,
          400: BookingRefusedAnswer,
          401: Problem,
          403: BookingRefusedAnswer,
          404: Problem,
          409: BookingRefusedAnswer,
          422: Problem,
        },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await bookLtlOrder(
          ctx,
          request.caller,
          request.params.orderNumber,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );
};
