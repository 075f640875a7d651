import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS } from '@portal/domain';
import {
  BookingAnswer,
  BookingRefusedAnswer,
  BookShipmentBody,
  Problem,
  ShipmentIdParams,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';
import { bookForCaller } from './service';

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
};
