import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApInvoiceCountsAnswer, Problem } from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { apInvoiceCounts } from './service';

export const invoiceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v2/invoices/counts',
    {
      config: { access: ACCESS.carrierOrFactoringPortal },
      schema: {
        tags: ['Invoices'],
        summary:
          'Accounting counts: Active and Paid (last 60 days of shipment date), Action Required, In Process',
        response: { 200: ApInvoiceCountsAnswer, 401: Problem, 403: Problem },
      },
    },
    async (request) => apInvoiceCounts(ctx, request.caller),
  );
};
