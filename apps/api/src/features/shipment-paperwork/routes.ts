import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS, Permission } from '@portal/domain';
import {
  CreateBillOfLadingBody,
  Problem,
  RateConfirmationState,
  ShipmentIdParams,
  ShipmentPaperworkAnswer,
  SignRateConfirmationBody,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { acceptEmptyJsonBodies } from '../../shared/http/empty-body';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';
import * as paperwork from './service';

const READ = ACCESS.shipmentRead;
const RUN = ACCESS.shipmentRun;
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const writeProblems = { ...problems, 409: Problem, 422: Problem };

export const shipmentPaperworkRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const tags = ['Shipment paperwork'];
  acceptEmptyJsonBodies(app);

  app.post(
    '/api/v2/shipments/:id/bills_of_lading',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Create a bill of lading (PDF) for a pickup and a delivery of the order',
        params: ShipmentIdParams,
        body: CreateBillOfLadingBody,
        response: { 201: ShipmentPaperworkAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await paperwork.createBillOfLading(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );

  app.get(
    '/api/v2/shipments/:id/rate_confirmation_document',
    {
      config: { access: READ },
      schema: {
        tags,
        summary: 'The rate confirmation: the signed copy once signed (SignedRateConfirmation)',
        params: ShipmentIdParams,
        response: { 200: RateConfirmationState, ...problems },
      },
    },
    async (request) => paperwork.getRateConfirmation(ctx, request.caller, request.params.id),
  );

  app.post(
    '/api/v2/shipments/:id/rate_confirmation_document',
    {
      config: { access: RUN },
      schema: {
        tags,
        summary: 'Generate the rate confirmation (PDF) from the booked rate',
        params: ShipmentIdParams,
        response: { 201: RateConfirmationState, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await paperwork.generateRateConfirmation(
          ctx,
          request.caller,
          request.params.id,
          idempotentRequest(request),
        ),
      ),
  );

  app.post(
    '/api/v2/shipments/:id/rate_confirmation_document/signature',
    {
      config: { access: { permissions: [Permission.CarrierPortal] } },
      schema: {
        tags,
        summary:
          'The carrier signs the rate confirmation (typed name and time stamped into the PDF)',
        params: ShipmentIdParams,
        body: SignRateConfirmationBody,
        response: { 201: RateConfirmationState, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await paperwork.signRateConfirmation(
          ctx,
          request.caller,
          request.params.id,
          request.body,
          idempotentRequest(request),
        ),
      ),
  );
};
