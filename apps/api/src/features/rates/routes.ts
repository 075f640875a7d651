import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS } from '@portal/domain';
import {
  Problem,
  QuoteAnswer,
  QuoteBody,
  RateSearchBody,
  RatesQuery,
  UnifiedRatePage,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { LOAD_BOARD_BROKERS_REFUSED } from '../../shared/load-board/brokers';
import * as service from './service';

const tags = ['Rates'];
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

export const rateRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/v2/rates',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags,
        summary:
          'Unified rates search by shipment or order: the contract TL, LTL and spot quote rates the carrier can book at (50 a page)',
        querystring: RatesQuery,
        response: { 200: UnifiedRatePage, ...problems },
      },
    },
    async (request) => service.searchRates(ctx, request.caller, request.query),
  );

  app.post(
    '/api/v2/rates/search',
    {
      config: { access: ACCESS.carrierPortal, brokersRefused: LOAD_BOARD_BROKERS_REFUSED },
      schema: {
        tags,
        summary: 'Unified rates search by stops and products (the lane, equipment and mode)',
        body: RateSearchBody,
        response: { 200: UnifiedRatePage, ...problems },
      },
    },
    async (request) => service.searchRatesByStops(ctx, request.caller, request.body),
  );

  app.post(
    '/api/v2/quotes',
    {
      config: { access: ACCESS.carrierPortal, brokersRefused: LOAD_BOARD_BROKERS_REFUSED },
      schema: {
        tags,
        summary: 'API quote creation: a spot quote for a load on the board, at its posted price',
        body: QuoteBody,
        response: { 201: QuoteAnswer, ...problems },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createQuote(ctx, request.caller, request.body)),
  );
};
