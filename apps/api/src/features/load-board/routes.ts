import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ACCESS } from '@portal/domain';
import {
  AvailableLoadAnswer,
  LoadBoardPage,
  LoadBoardSearchQuery,
  Problem,
  QuotableLocationPage,
  QuotableLocationQuery,
  ShipmentIdParams,
  TopPickPage,
  TopPickQuery,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { LOAD_BOARD_BROKERS_REFUSED } from '../../shared/load-board/brokers';
import * as service from './service';

const tags = ['Load board'];
const problems = { 400: Problem, 401: Problem, 403: Problem };

// Lists in a query string may come repeated (a=1&a=2) or comma-separated (a=1,2): both read alike.
const LIST_PARAMETERS = ['originLocations', 'selectedShipments', 'types'];
async function splitCommaLists(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  for (const name of LIST_PARAMETERS) {
    const value = query[name];
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    query[name] = values.flatMap((item) =>
      typeof item === 'string' ? item.split(',').filter(Boolean) : [item],
    );
  }
}

export const loadBoardRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v2/load_board',
    {
      config: { access: ACCESS.carrierPortal, brokersRefused: LOAD_BOARD_BROKERS_REFUSED },
      preValidation: splitCommaLists,
      schema: {
        tags,
        summary:
          'Search the Ready to Book loads: places with radius, pickup dates, equipment, partials, price, requirements; 50 a page',
        querystring: LoadBoardSearchQuery,
        response: { 200: LoadBoardPage, ...problems },
      },
    },
    async (request) => service.searchLoads(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/top_picks',
    {
      config: { access: ACCESS.carrierPortal, brokersRefused: LOAD_BOARD_BROKERS_REFUSED },
      schema: {
        tags,
        summary:
          'Ready to Book loads ranked for the carrier from its lane history, saved lanes, posted trucks and empty trucks',
        querystring: TopPickQuery,
        response: { 200: TopPickPage, ...problems },
      },
    },
    async (request) => service.topPicks(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/available_shipments/:id',
    {
      config: { access: ACCESS.carrierPortal, brokersRefused: LOAD_BOARD_BROKERS_REFUSED },
      schema: {
        tags,
        summary: 'One load on the board with its stops and requirements (the Top Picks preview)',
        params: ShipmentIdParams,
        response: { 200: AvailableLoadAnswer, ...problems, 404: Problem },
      },
    },
    async (request) => service.availableLoad(ctx, request.caller, request.params.id),
  );

  app.get(
    '/api/v2/quotable_locations',
    {
      config: { access: ACCESS.carrierPortal },
      preValidation: splitCommaLists,
      schema: {
        tags: ['Locations'],
        summary: 'Search quotable locations: states and provinces, cities and ZIP codes',
        querystring: QuotableLocationQuery,
        response: { 200: QuotableLocationPage, ...problems },
      },
    },
    async (request) => service.searchQuotableLocations(ctx, request.caller, request.query),
  );
};
