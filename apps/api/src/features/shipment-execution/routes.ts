import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS } from '@portal/domain';
import {
  AppointmentBody,
  ArrivalDepartureBody,
  AssignDriverBody,
  AssignedDriverList,
  DriverAssignmentAnswer,
  DriverPage,
  ShipmentDriverParams,
  DriverSearchQuery,
  EmptyLocation,
  EmptyLocationBody,
  EquipmentSearchQuery,
  LengthList,
  LengthSearchQuery,
  PowerUnitPage,
  PreloadBody,
  Problem,
  ProblemBody,
  ProblemParams,
  ProNumberAnswer,
  ProNumberBody,
  QuickClosureAnswer,
  ResolveProblemBody,
  SaveEquipmentBody,
  ShipmentEquipment,
  ShipmentIdParams,
  StopAnswer,
  StopParams,
  TrackingActivityAnswer,
  TrackingActivityBody,
  TrackingActivityList,
  TrackingProblemAnswer,
  TrackingProblemList,
  TrailerPage,
  TrailerSearchQuery,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../shared/app-context';
import { acceptEmptyJsonBodies } from '../../shared/http/empty-body';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';
import { expectedVersion } from '../../shared/http/versions';
import * as drivers from './drivers-service';
import * as equipment from './equipment-service';
import * as stops from './stops-service';
import * as tracking from './tracking-service';

const READ = ACCESS.shipmentRead;
const RUN = ACCESS.shipmentRun;
const DISPATCH = ACCESS.shipmentDispatch;

const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const writeProblems = { ...problems, 409: Problem, 422: Problem, 428: Problem };

const ifMatch = (request: FastifyRequest, body: { version?: number | undefined }) =>
  expectedVersion(request.headers['if-match'], body.version);

export const shipmentExecutionRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const tags = ['Shipment execution'];
  acceptEmptyJsonBodies(app);

  // ---- Drivers ----

  app.get(
    '/api/v2/shipments/:id/drivers',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Assigned drivers',
        params: ShipmentIdParams,
        response: { 200: AssignedDriverList, ...problems },
      },
    },
    async (request) => drivers.listShipmentDrivers(ctx, request.caller, request.params.id),
  );
  app.post(
    '/api/v2/shipments/:id/drivers',
    {
      config: { access: DISPATCH },
      schema: {
        tags,
        summary: 'Assign a driver (dispatches a Booked shipment that has its equipment)',
        params: ShipmentIdParams,
        body: AssignDriverBody,
        response: { 200: DriverAssignmentAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await drivers.assignDriver(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );
  app.delete(
    '/api/v2/shipments/:id/drivers/:driverId',
    {
      config: { access: DISPATCH },
      schema: {
        tags,
        summary: 'Remove a driver (a Dispatched shipment left without one is Booked again)',
        params: ShipmentDriverParams,
        response: { 200: DriverAssignmentAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await drivers.removeDriver(
          ctx,
          request.caller,
          request.params.id,
          request.params.driverId,
          idempotentRequest(request),
        ),
      ),
  );
  app.get(
    '/api/v2/drivers',
    {
      config: { access: DISPATCH },
      schema: {
        tags,
        summary: "Search a company's drivers (companyId, q, page, pageSize 100)",
        querystring: DriverSearchQuery,
        response: { 200: DriverPage, ...problems },
      },
    },
    async (request) => drivers.searchDrivers(ctx, request.caller, request.query),
  );

  // ---- Equipment ----

  app.get(
    '/api/v2/shipments/:id/equipment',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Trailer and power unit',
        params: ShipmentIdParams,
        response: { 200: ShipmentEquipment, ...problems },
      },
    },
    async (request) => equipment.shipmentEquipment(ctx, request.caller, request.params.id),
  );
  app.put(
    '/api/v2/shipments/:id/equipment',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Save trailer and power unit (If-Match or version required)',
        params: ShipmentIdParams,
        body: SaveEquipmentBody,
        response: { 200: ShipmentEquipment, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await equipment.saveEquipment(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          ifMatch(request, request.body),
          idempotentRequest(request),
        ),
      ),
  );
  app.get(
    '/api/v2/equipment_searches/power_units',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Power units by unit number prefix',
        querystring: EquipmentSearchQuery,
        response: { 200: PowerUnitPage, ...problems },
      },
    },
    async (request) => equipment.searchPowerUnits(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v2/equipment_searches/trailers',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Trailers by number prefix and equipment types',
        querystring: TrailerSearchQuery,
        response: { 200: TrailerPage, ...problems },
      },
    },
    async (request) => equipment.searchTrailers(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v2/equipment_searches/lengths',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Trailer lengths',
        querystring: LengthSearchQuery,
        response: { 200: LengthList, ...problems },
      },
    },
    async (request) => equipment.searchLengths(request.query),
  );

  // ---- Stops ----

  app.patch(
    '/api/v2/shipments/:id/stops/:stopId/appointments',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: "Set a stop's appointment (the window: operator only), in the stop's zone",
        params: StopParams,
        body: AppointmentBody,
        response: { 200: StopAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await stops.setAppointment(
          ctx,
          request.caller,
          request.params.id,
          request.params.stopId,
          request.body,
          ifMatch(request, request.body),
          idempotentRequest(request),
        ),
      ),
  );
  app.patch(
    '/api/v2/shipments/:id/stops/:stopId/arrival_and_departure',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary:
          'Record a stop arrival and/or departure with confirmed package counts (Idempotency-Key honoured)',
        params: StopParams,
        body: ArrivalDepartureBody,
        response: { 200: StopAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await stops.recordStopEvents(
          ctx,
          request.caller,
          request.params.id,
          request.params.stopId,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );
  app.patch(
    '/api/v2/shipments/:id/stops/:stopId/preload',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Mark a pickup stop preloaded (or not)',
        params: StopParams,
        body: PreloadBody,
        response: { 200: StopAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await stops.setStopPreload(
          ctx,
          request.caller,
          request.params.id,
          request.params.stopId,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );

  // ---- Shipment-level ----

  app.patch(
    '/api/v2/shipments/:id/shipping_pro_number',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Set the PRO number (body value; If-Match or version required)',
        params: ShipmentIdParams,
        body: ProNumberBody,
        response: { 200: ProNumberAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await tracking.setProNumber(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          ifMatch(request, request.body),
          idempotentRequest(request),
        ),
      ),
  );
  app.patch(
    '/api/v2/shipments/:id/quick_closure',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Close the remaining stops at their scheduled times and deliver (empty body)',
        params: ShipmentIdParams,
        response: { 200: QuickClosureAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await stops.quickClose(ctx, request.caller, request.params.id, idempotentRequest(request)),
      ),
  );
  app.get(
    '/api/v2/shipments/:id/empty_location',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Where the truck is empty after this load',
        params: ShipmentIdParams,
        response: { 200: EmptyLocation, ...problems },
      },
    },
    async (request) => tracking.emptyLocation(ctx, request.caller, request.params.id),
  );
  app.put(
    '/api/v2/shipments/:id/empty_location',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Set the empty location (If-Match or version required)',
        params: ShipmentIdParams,
        body: EmptyLocationBody,
        response: { 200: EmptyLocation, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await tracking.setEmptyLocation(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          ifMatch(request, request.body),
          idempotentRequest(request),
        ),
      ),
  );

  // ---- Tracking ----

  app.get(
    '/api/v2/shipments/:id/tracking_activities',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Tracking activities, newest first',
        params: ShipmentIdParams,
        response: { 200: TrackingActivityList, ...problems },
      },
    },
    async (request) => tracking.listActivities(ctx, request.caller, request.params.id),
  );
  app.post(
    '/api/v2/shipments/:id/tracking_activities',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Report a location update or a note (Idempotency-Key honoured)',
        params: ShipmentIdParams,
        body: TrackingActivityBody,
        response: { 201: TrackingActivityAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await tracking.reportActivity(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );
  app.get(
    '/api/v2/shipments/:id/tracking_problems',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'Tracking problems, open first',
        params: ShipmentIdParams,
        response: { 200: TrackingProblemList, ...problems },
      },
    },
    async (request) => tracking.listProblems(ctx, request.caller, request.params.id),
  );
  app.post(
    '/api/v2/shipments/:id/problems',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Report a tracking problem (Idempotency-Key honoured)',
        params: ShipmentIdParams,
        body: ProblemBody,
        response: { 201: TrackingProblemAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await tracking.reportProblem(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );
  app.patch(
    '/api/v2/shipments/:id/tracking_problems/:problemId',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Resolve a tracking problem',
        params: ProblemParams,
        body: ResolveProblemBody,
        response: { 200: TrackingProblemAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await tracking.resolveProblem(
          ctx,
          request.caller,
          request.params.id,
          request.params.problemId,
          idempotentRequest(request),
        ),
      ),
  );
};
