import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS } from '@portal/domain';
import {
  BookingTermsAnswer,
  MaxBuyBody,
  OriginationTypeBody,
  BookingAnswer,
  BookingRefusedAnswer,
  BookShipmentBody,
  Problem,
  ShipmentIdParams,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';
import { expectedVersion } from '../../shared/http/versions';
import { bookForCaller } from './service';
import { updateMaxBuy, updateOriginationType } from './terms-service';

const termsProblems = {
  400: Problem,
  401: Problem,
  403: Problem,
  404: Problem,
  409: Problem,
  428: Problem,
};

export const bookingRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.post(
    '/api/v2/shipments/:id/book',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Bookings'],
        summary:
          'Book a Ready to Book load at a contract TL rate, an LTL rate or a spot quote (Idempotency-Key honoured)',
        params: ShipmentIdParams,
        body: BookShipmentBody,
        response: {
          200: BookingAnswer,
          400: BookingRefusedAnswer,
          401: Problem,
          403: BookingRefusedAnswer,
          404: Problem,
          409: BookingRefusedAnswer,
          422: Problem,
        },
      },
    },
    async (request, reply) => {
      const outcome = await bookForCaller(
        ctx,
        request.caller,
        request.params.id,
        request.body,
        idempotentRequest(request),
      );
      return sendIdempotent(reply, outcome);
    },
  );

  app.patch(
    '/api/v2/shipments/:id/max_buy',
    {
      config: { access: ACCESS.shipmentRun },
      schema: {
        tags: ['Bookings'],
        summary: 'Update max buy before the load is booked (If-Match or version required)',
        params: ShipmentIdParams,
        body: MaxBuyBody,
        response: { 200: BookingTermsAnswer, ...termsProblems },
      },
    },
    async (request) =>
      updateMaxBuy(
        ctx,
        request.caller,
        request.params.id,
        request.body,
        expectedVersion(request.headers['if-match'], request.body.version),
      ),
  );

  app.patch(
    '/api/v2/shipments/:id/origination_type',
    {
      config: { access: ACCESS.shipmentRun },
      schema: {
        tags: ['Bookings'],
        summary: 'Update the origination type of a booked load (If-Match or version required)',
        params: ShipmentIdParams,
        body: OriginationTypeBody,
        response: { 200: BookingTermsAnswer, ...termsProblems },
      },
    },
    async (request) =>
      updateOriginationType(
        ctx,
        request.caller,
        request.params.id,
        request.body,
        expectedVersion(request.headers['if-match'], request.body.version),
      ),
  );
};
