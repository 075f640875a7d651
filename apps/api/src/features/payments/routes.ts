import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PaymentCheckParams,
  PaymentDetailAnswer,
  PaymentDetailQuery,
  PaymentListQuery,
  PaymentPage,
  Problem,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import Type from 'typebox';
import type { AppContext } from '../../shared/app-context';
import { downloadHeaders } from '../../shared/documents/file-names';
import { paymentCsv, paymentDetail, paymentList } from './service';

const tags = ['Payments'];
const readErrors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

export const paymentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v1/payments',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary: "Payment remittances to the caller's carrier or remitted to it, newest first",
        querystring: PaymentListQuery,
        response: { 200: PaymentPage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => paymentList(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v1/payments/:checkNumber',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary: 'A remittance by check number, with the invoices it paid (20 a page) and totals',
        params: PaymentCheckParams,
        querystring: PaymentDetailQuery,
        response: { 200: PaymentDetailAnswer, ...readErrors },
      },
    },
    async (request) => ({
      data: await paymentDetail(ctx, request.caller, request.params.checkNumber, request.query),
    }),
  );

  app.get(
    '/api/v1/payments/:checkNumber/csv',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary: 'The remittance advice as CSV: one line per invoice paid',
        params: PaymentCheckParams,
        response: { 200: Type.String({ description: 'text/csv' }), ...readErrors },
      },
    },
    async (request, reply) => {
      const csv = await paymentCsv(ctx, request.caller, request.params.checkNumber);
      const name = request.params.checkNumber.trim().replace(/[^A-Za-z0-9-]/g, '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .headers(downloadHeaders(`remittance-${name}.csv`))
        .send(csv);
    },
  );
};
