import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { THIRD_PARTY_INVOICE_ACCESS, THIRD_PARTY_INVOICE_OPERATOR_ACCESS } from '@portal/domain';
import {
  InvoiceDetailAnswer,
  InvoiceDetailPage,
  InvoiceIdParams,
  InvoiceNumberParams,
  InvoiceShipmentAnswer,
  InvoiceShipmentParams,
  InvoiceStatusBody,
  InvoiceUpdateBody,
  Problem,
  ThirdPartyInvoiceFindQuery,
  ThirdPartyInvoicePage,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { answerWithEtag, ifMatchHeader, versionedChange } from '../../shared/http/versions';
import {
  changeInvoiceStatus,
  findThirdPartyInvoices,
  invoiceById,
  invoiceByNumber,
  listInvoiceDetails,
  shipmentForInvoice,
  updateInvoice,
} from './service';

const tags = ['Third-party payer invoices'];
const access = THIRD_PARTY_INVOICE_ACCESS;
const readErrors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const IfMatch = ifMatchHeader('invoice');

export const thirdPartyInvoiceRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v1/third_party_payer_invoices',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Find third-party payer invoices (list cards; pageSize 0 answers the count only)',
        querystring: ThirdPartyInvoiceFindQuery,
        response: { 200: ThirdPartyInvoicePage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => findThirdPartyInvoices(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v1/third_party_payer_invoices/:invoiceNumber',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Invoice details by invoice number (sends the ETag)',
        params: InvoiceNumberParams,
        response: { 200: InvoiceDetailAnswer, ...readErrors },
      },
    },
    async (request, reply) =>
      answerWithEtag(
        reply,
        await invoiceByNumber(ctx, request.caller, request.params.invoiceNumber),
      ),
  );

  app.get(
    '/api/v1/third_party_payer_invoices/shipments/:shipmentId',
    {
      config: { access },
      schema: {
        tags,
        summary: "Shipment detail for an invoice, from the invoice's shipmentId",
        params: InvoiceShipmentParams,
        response: { 200: InvoiceShipmentAnswer, ...readErrors },
      },
    },
    async (request) => ({
      data: await shipmentForInvoice(ctx, request.caller, request.params.shipmentId),
    }),
  );

  app.get(
    '/api/v2/invoices',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Third-party payer invoices as invoice details, with the find’s filters',
        querystring: ThirdPartyInvoiceFindQuery,
        response: { 200: InvoiceDetailPage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => listInvoiceDetails(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/invoices/:id',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Invoice detail (sends the ETag)',
        params: InvoiceIdParams,
        response: { 200: InvoiceDetailAnswer, ...readErrors },
      },
    },
    async (request, reply) =>
      answerWithEtag(reply, await invoiceById(ctx, request.caller, request.params.id)),
  );

  app.patch(
    '/api/v2/invoices/:id',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Save the external invoice number and amount (submits a DRAFT); needs If-Match or version',
        params: InvoiceIdParams,
        headers: IfMatch,
        body: InvoiceUpdateBody,
        response: { 200: InvoiceDetailAnswer, ...readErrors, 409: Problem, 428: Problem },
      },
    },
    async (request, reply) =>
      answerWithEtag(reply, await updateInvoice(ctx, request.caller, versionedChange(request))),
  );

  app.put(
    '/api/v2/invoices/:id/status',
    {
      config: { access: THIRD_PARTY_INVOICE_OPERATOR_ACCESS },
      schema: {
        tags,
        summary:
          'The operator settles an invoice or marks it paid in full; needs If-Match or version',
        params: InvoiceIdParams,
        headers: IfMatch,
        body: InvoiceStatusBody,
        response: { 200: InvoiceDetailAnswer, ...readErrors, 409: Problem, 428: Problem },
      },
    },
    async (request, reply) =>
      answerWithEtag(
        reply,
        await changeInvoiceStatus(ctx, request.caller, versionedChange(request)),
      ),
  );
};
