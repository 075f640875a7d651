import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS } from '@portal/domain';
import {
  BillingConfiguration,
  CarrierCharges,
  ContactDetails,
  FilterSetAnswer,
  FilterSetBody,
  FilterSetList,
  FilterSetListQuery,
  FilterSetParams,
  LaneMatches,
  LatestActivity,
  LineItemList,
  MyShipmentsQuery,
  OrderDropoffs,
  OrderRequirements,
  Problem,
  ProblemShipmentPage,
  ProblemShipmentsQuery,
  ReloadPage,
  ReloadsQuery,
  RescindBookingBody,
  ShipmentCasePage,
  ShipmentCasesQuery,
  ShipmentCountQuery,
  ShipmentDetailAnswer,
  ShipmentHistory,
  ShipmentIdParams,
  ShipmentListPage,
  ShipmentListQuery,
  ShipmentOfferList,
  ShipmentOnTimeCounts,
  ShipmentRequirements,
  ShipmentStatusAnswer,
  ShipmentStatusBody,
  ShipmentStatusCountQuery,
  ShipmentStatusCounts,
  ShipmentStopList,
  ShipmentTenderList,
  ShipmentTotalCount,
  VoidShipmentQuery,
} from '@portal/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import type { AppContext } from '../../shared/app-context';
import { acceptEmptyJsonBodies } from '../../shared/http/empty-body';
import { etag, expectedVersion } from '../../shared/http/versions';
import { LOAD_BOARD_BROKERS_REFUSED } from '../../shared/load-board/brokers';
import * as detail from './detail-service';
import * as lifecycle from './lifecycle-service';
import * as lists from './list-service';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';

const READ = ACCESS.shipmentRead;
const LIFECYCLE = ACCESS.shipmentRun;

const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const writeProblems = { ...problems, 409: Problem, 422: Problem, 428: Problem };

/** statuses=3,4 reads like statuses=3&statuses=4. */
async function splitCommaLists(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  const statuses = query?.statuses;
  const values = Array.isArray(statuses) ? statuses : statuses === undefined ? [] : [statuses];
  if (values.some((value) => typeof value === 'string' && value.includes(','))) {
    query!.statuses = values.flatMap((value) =>
      typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : [value],
    );
  }
}

export const shipmentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const tags = ['Shipments'];
  acceptEmptyJsonBodies(app);

  // ---- Lists and counts ----

  app.get(
    '/api/v2/shipments',
    {
      config: { access: READ },
      preValidation: splitCommaLists,
      schema: {
        tags,
        summary: 'Booking list or tracking list: the shipments the caller is a party to',
        querystring: ShipmentListQuery,
        response: { 200: ShipmentListPage, ...problems },
      },
    },
    async (request) => lists.listShipments(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/shipments/total_count',
    {
      config: { access: READ },
      preValidation: splitCommaLists,
      schema: {
        tags,
        summary: 'How many shipments the list holds (needsUpdates=true: the navigation count)',
        querystring: ShipmentCountQuery,
        response: { 200: ShipmentTotalCount, ...problems },
      },
    },
    async (request) => lists.shipmentTotalCount(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/shipments/status_counts',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Shipments per status',
        querystring: ShipmentStatusCountQuery,
        response: { 200: ShipmentStatusCounts, ...problems },
      },
    },
    async (request) => lists.shipmentStatusCounts(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/shipments/on_time_counts',
    {
      config: { access: READ },
      preValidation: splitCommaLists,
      schema: {
        tags,
        summary: 'On time, late and not yet known, over the list filters',
        querystring: ShipmentCountQuery,
        response: { 200: ShipmentOnTimeCounts, ...problems },
      },
    },
    async (request) => lists.shipmentOnTimeCounts(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/problem_shipments',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Shipments with an open tracking problem, the latest problem first',
        querystring: ProblemShipmentsQuery,
        response: { 200: ProblemShipmentPage, ...problems },
      },
    },
    async (request) => lists.problemShipments(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/my_shipments',
    {
      config: { access: READ },
      preValidation: splitCommaLists,
      schema: {
        tags,
        summary: "The caller's own loads as a driver (/my-shipments)",
        querystring: MyShipmentsQuery,
        response: { 200: ShipmentListPage, ...problems },
      },
    },
    async (request) => lists.myShipments(ctx, request.caller, request.query),
  );

  // ---- Saved filter sets ----

  app.get(
    '/api/v2/shipments/filter_sets',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: "The caller's saved views of the booking and tracking lists",
        querystring: FilterSetListQuery,
        response: { 200: FilterSetList, ...problems },
      },
    },
    async (request) => lists.getFilterSets(ctx, request.caller, request.query),
  );
  app.post(
    '/api/v2/shipments/filter_sets',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Save a view (viewName, filterFields)',
        body: FilterSetBody,
        response: { 201: FilterSetAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await lists.createFilterSet(ctx, request.caller, request.body)),
  );
  app.put(
    '/api/v2/shipments/filter_sets/:filterSetId',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Rename a saved view or change its filters',
        params: FilterSetParams,
        body: FilterSetBody,
        response: { 200: FilterSetAnswer, ...writeProblems },
      },
    },
    async (request) =>
      lists.replaceFilterSet(ctx, request.caller, request.params.filterSetId, request.body),
  );
  app.delete(
    '/api/v2/shipments/filter_sets/:filterSetId',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Delete a saved view',
        params: FilterSetParams,
        response: { 204: { type: 'null' } as unknown as TSchema, ...problems },
      },
    },
    async (request, reply) => {
      await lists.removeFilterSet(ctx, request.caller, request.params.filterSetId);
      return reply.status(204).send();
    },
  );

  // ---- Detail and sub-resources ----

  app.get(
    '/api/v2/shipments/:id',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'A shipment by number or id',
        params: ShipmentIdParams,
        response: { 200: ShipmentDetailAnswer, ...problems },
      },
    },
    async (request, reply) => {
      const answer = await detail.shipmentDetail(ctx, request.caller, request.params.id);
      reply.header('etag', etag(answer.data.version));
      return answer;
    },
  );

  // Sub-resources share one shape: the shipment in the path, a read, the answer's schema.
  const plain = app as unknown as FastifyInstance;
  const subResource = (
    path: string,
    summary: string,
    response: TSchema,
    read: (id: string, request: FastifyRequest<{ Params: { id: string } }>) => Promise<unknown>,
    querystring?: TSchema,
    brokersRefused?: string,
  ) =>
    plain.get<{ Params: { id: string } }>(
      `/api/v2/shipments/:id/${path}`,
      {
        config: { access: READ, ...(brokersRefused ? { brokersRefused } : {}) },
        schema: {
          tags,
          summary,
          params: ShipmentIdParams,
          ...(querystring ? { querystring } : {}),
          response: { 200: response, ...problems },
        },
      },
      async (request) => read(request.params.id, request),
    );

  subResource(
    'requirements',
    'Equipment and handling the load needs',
    ShipmentRequirements,
    (id, r) => detail.shipmentRequirements(ctx, r.caller, id),
  );
  subResource(
    'order_requirements',
    "The order's requirements, accessorials, instructions and references",
    OrderRequirements,
    (id, r) => detail.orderRequirements(ctx, r.caller, id),
  );
  subResource(
    'lane_matches',
    "The caller's contract rates and saved lanes on this lane",
    LaneMatches,
    (id, r) => detail.laneMatches(ctx, r.caller, id),
  );
  subResource('latest_activity', 'The latest tracking activity', LatestActivity, (id, r) =>
    detail.latestActivity(ctx, r.caller, id),
  );
  subResource(
    'reloads',
    'Load-board freight picking up within 100 miles of the delivery',
    ReloadPage,
    (id, r) => detail.reloads(ctx, r.caller, id, r.query as never),
    ReloadsQuery,
    LOAD_BOARD_BROKERS_REFUSED,
  );
  subResource(
    'stops',
    'Stops with windows, appointments, arrivals, departures and line items',
    ShipmentStopList,
    (id, r) => detail.shipmentStops(ctx, r.caller, id),
  );
  subResource('line_items', 'Line items with loaded and delivered counts', LineItemList, (id, r) =>
    detail.lineItems(ctx, r.caller, id),
  );
  subResource(
    'order_dropoffs',
    'Delivery stops, for proof of delivery uploads',
    OrderDropoffs,
    (id, r) => detail.orderDropoffs(ctx, r.caller, id),
  );
  subResource(
    'billing_configuration',
    'Third-party billing settings and the documents billing needs',
    BillingConfiguration,
    (id, r) => detail.billingConfiguration(ctx, r.caller, id),
  );
  subResource('contact_details', 'Who to call about this shipment', ContactDetails, (id, r) =>
    detail.contactDetails(ctx, r.caller, id),
  );
  subResource('tenders', 'Tenders the caller may see', ShipmentTenderList, (id, r) =>
    detail.shipmentTenders(ctx, r.caller, id),
  );
  subResource('offers', 'Offers the caller may see', ShipmentOfferList, (id, r) =>
    detail.shipmentOffers(ctx, r.caller, id),
  );
  subResource(
    'history',
    'Every status change and event, with who and when',
    ShipmentHistory,
    (id, r) => detail.shipmentHistory(ctx, r.caller, id),
  );
  subResource(
    'carrier_charges',
    "The carrier's charges (invoice, or booked rate and approved cases)",
    CarrierCharges,
    (id, r) => detail.carrierCharges(ctx, r.caller, id),
  );
  subResource(
    'cases',
    'Accessorial requests on this shipment (page 1, size 1000)',
    ShipmentCasePage,
    (id, r) => detail.shipmentCases(ctx, r.caller, id, r.query as never),
    ShipmentCasesQuery,
  );

  // ---- Lifecycle ----

  app.patch(
    '/api/v2/shipments/:id/status',
    {
      config: { access: LIFECYCLE },
      schema: {
        tags,
        summary:
          'Release, withdraw, rescind tenders, confirm or reopen delivery (If-Match or version required)',
        params: ShipmentIdParams,
        body: ShipmentStatusBody,
        response: { 200: ShipmentStatusAnswer, ...writeProblems },
      },
    },
    async (request) =>
      lifecycle.changeShipmentStatus(
        ctx,
        request.caller,
        request.params.id,
        request.body,
        expectedVersion(request.headers['if-match'], request.body.version),
      ),
  );

  app.delete(
    '/api/v2/shipments/:id',
    {
      config: { access: LIFECYCLE },
      schema: {
        tags,
        summary: 'Void a shipment (Idempotency-Key honoured)',
        params: ShipmentIdParams,
        querystring: VoidShipmentQuery,
        response: { 200: ShipmentStatusAnswer, ...writeProblems },
      },
    },
    async (request, reply) => {
      const outcome = await lifecycle.voidShipment(
        ctx,
        request.caller,
        request.params.id,
        request.query.reason,
        idempotentRequest(request),
      );
      return sendIdempotent(reply, outcome);
    },
  );

  app.post(
    '/api/v2/shipments/:id/rescind_booking',
    {
      config: { access: LIFECYCLE },
      schema: {
        tags,
        summary:
          'Withdraw the booking: the load goes back on the load board (Idempotency-Key honoured)',
        params: ShipmentIdParams,
        body: RescindBookingBody,
        response: { 200: ShipmentStatusAnswer, ...writeProblems },
      },
    },
    async (request, reply) => {
      const outcome = await lifecycle.rescindBooking(
        ctx,
        request.caller,
        request.params.id,
        request.body,
        idempotentRequest(request),
      );
      return sendIdempotent(reply, outcome);
    },
  );
};
