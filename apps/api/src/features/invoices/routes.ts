import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AccountingExportQuery,
  AccountingListQuery,
  ApInvoiceActionRequiredCount,
  ApInvoiceCountsAnswer,
  ApInvoiceDetailAnswer,
  ApInvoiceIdParams,
  ApInvoiceNumberParams,
  ApInvoicePage,
  ApInvoicePayBody,
  ApInvoiceQuickPayBody,
  ApInvoiceSettleBody,
  ApInvoiceSubmitBody,
  Problem,
} from '@portal/contract';
import { ACCESS, AP_INVOICE_OPERATOR_ACCESS } from '@portal/domain';
import Type from 'typebox';
import type { AppContext } from '../../shared/app-context';
import { downloadHeaders } from '../../shared/documents/file-names';
import { answerWithEtag, ifMatchHeader, versionedChange } from '../../shared/http/versions';
import {
  apInvoiceActionRequiredCount,
  apInvoiceCounts,
  apInvoiceCsv,
  apInvoiceDetail,
  apInvoiceList,
  chooseQuickPay,
  payApInvoice,
  settleApInvoice,
  submitApInvoice,
} from './service';

const tags = ['Accounting (carrier invoices)'];
const readErrors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const writeErrors = { ...readErrors, 409: Problem, 428: Problem };
const IfMatch = ifMatchHeader('invoice');

// Carrier (AP) invoices live at api/v2/ap_invoices: api/v2/invoices are the third-party payer
// invoices (decisions 040 and 110).
export const invoiceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v2/invoices/counts',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary:
          'Accounting counts: Active and Paid (last 60 days of shipment date), Action Required, In Process',
        response: { 200: ApInvoiceCountsAnswer, 401: Problem, 403: Problem },
      },
    },
    async (request) => apInvoiceCounts(ctx, request.caller),
  );

  app.get(
    '/api/v2/invoices/counts/action_required',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary:
          'The Action Required count alone (the navigation’s): drafts whose load is delivered',
        response: { 200: ApInvoiceActionRequiredCount, 401: Problem, 403: Problem },
      },
    },
    async (request) => apInvoiceActionRequiredCount(ctx, request.caller),
  );

  app.get(
    '/api/v2/ap_invoices',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary: "The caller's carrier invoices with the accounting filters, newest loads first",
        querystring: AccountingListQuery,
        response: { 200: ApInvoicePage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => apInvoiceList(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/ap_invoices/csv',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary: 'The same list as CSV (every matching invoice, up to 5,000)',
        querystring: AccountingExportQuery,
        response: {
          200: Type.String({ description: 'text/csv' }),
          400: Problem,
          401: Problem,
          403: Problem,
        },
      },
    },
    async (request, reply) => {
      const csv = await apInvoiceCsv(ctx, request.caller, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .headers(downloadHeaders('invoices.csv'))
        .send(csv);
    },
  );

  app.get(
    '/api/v2/ap_invoices/:id',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary:
          'One invoice by its number (or id): charges, pay status, Quick Pay; sends the ETag',
        params: ApInvoiceNumberParams,
        response: { 200: ApInvoiceDetailAnswer, ...readErrors },
      },
    },
    async (request, reply) =>
      answerWithEtag(reply, await apInvoiceDetail(ctx, request.caller, request.params.id)),
  );

  app.patch(
    '/api/v2/ap_invoices/:id',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary:
          'The carrier submits its invoice number and amount (Draft to Received); needs If-Match or version',
        params: ApInvoiceIdParams,
        headers: IfMatch,
        body: ApInvoiceSubmitBody,
        response: { 200: ApInvoiceDetailAnswer, ...writeErrors },
      },
    },
    async (request, reply) =>
      answerWithEtag(reply, await submitApInvoice(ctx, request.caller, versionedChange(request))),
  );

  app.put(
    '/api/v2/ap_invoices/:id/quick_pay',
    {
      config: { access: ACCESS.accounting },
      schema: {
        tags,
        summary: 'The carrier chooses Quick Pay (2), Small Carrier Quick Pay (3) or Standard (0)',
        params: ApInvoiceIdParams,
        headers: IfMatch,
        body: ApInvoiceQuickPayBody,
        response: { 200: ApInvoiceDetailAnswer, ...writeErrors },
      },
    },
    async (request, reply) =>
      answerWithEtag(reply, await chooseQuickPay(ctx, request.caller, versionedChange(request))),
  );

  app.post(
    '/api/v2/ap_invoices/:id/settle',
    {
      config: { access: AP_INVOICE_OPERATOR_ACCESS },
      schema: {
        tags,
        summary: 'The operator approves a received invoice and schedules its payment',
        params: ApInvoiceIdParams,
        headers: IfMatch,
        body: ApInvoiceSettleBody,
        response: { 200: ApInvoiceDetailAnswer, ...writeErrors },
      },
    },
    async (request, reply) =>
      answerWithEtag(reply, await settleApInvoice(ctx, request.caller, versionedChange(request))),
  );

  app.post(
    '/api/v2/ap_invoices/:id/pay',
    {
      config: { access: AP_INVOICE_OPERATOR_ACCESS },
      schema: {
        tags,
        summary:
          'The operator pays a settled invoice by check: writes the payment remittance (to the factor when factored)',
        params: ApInvoiceIdParams,
        headers: IfMatch,
        body: ApInvoicePayBody,
        response: { 200: ApInvoiceDetailAnswer, ...writeErrors },
      },
    },
    async (request, reply) =>
      answerWithEtag(reply, await payApInvoice(ctx, request.caller, versionedChange(request))),
  );
};
