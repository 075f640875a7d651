import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PaymentListQuery, PaymentPage, Problem } from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { paymentList } from './service';

export const paymentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v1/payments',
    {
      config: { access: ACCESS.carrierOrFactoringPortal },
      schema: {
        tags: ['Payments'],
        summary: "Payment remittances to the caller's carrier or remitted to it, newest first",
        querystring: PaymentListQuery,
        response: { 200: PaymentPage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => paymentList(ctx, request.caller, request.query),
  );
};
