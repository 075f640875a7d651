import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS } from '@portal/domain';
import { Problem, ShipmentIdParams, ShipmentTrips, TripAnswer, TripParams } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { getTrip, shipmentTrips } from './service';

const READ = ACCESS.shipmentRead;
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

export const tripRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/v2/trips/:tripId',
    {
      config: { access: READ },
      schema: {
        tags: ['Shipments'],
        summary: 'A trip (by id or trip number) with its shipments',
        params: TripParams,
        response: { 200: TripAnswer, ...problems },
      },
    },
    async (request) => getTrip(ctx, request.caller, request.params.tripId),
  );
  app.get(
    '/api/v2/shipments/:id/trips',
    {
      config: { access: READ },
      schema: {
        tags: ['Shipments'],
        summary: 'The trip this shipment runs on, with the other shipments of it',
        params: ShipmentIdParams,
        response: { 200: ShipmentTrips, ...problems },
      },
    },
    async (request) => shipmentTrips(ctx, request.caller, request.params.id),
  );
};
