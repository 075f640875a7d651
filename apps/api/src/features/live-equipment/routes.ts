import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS, LIST_PAGE_SIZE } from '@portal/domain';
import {
  EquipmentPostingAnswer,
  EquipmentPostingBody,
  EquipmentPostingList,
  EquipmentPostingParams,
  LoadBoardPage,
  PagingQuery,
  Problem,
} from '@portal/contract';
import Type from 'typebox';
import type { AppContext } from '../../shared/app-context';
import { LOAD_BOARD_BROKERS_REFUSED } from '../../shared/load-board/brokers';
import * as service from './service';

// A carrier's, never a broker's (decision 012).
const carriersOnly = { access: ACCESS.carrierPortal, brokersRefused: LOAD_BOARD_BROKERS_REFUSED };
const tags = ['Live equipment'];
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const MatchesQuery = Type.Object(
  { ...PagingQuery(LIST_PAGE_SIZE) },
  { additionalProperties: false },
);

export const liveEquipmentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v2/equipment_postings',
    {
      config: carriersOnly,
      schema: {
        tags,
        summary:
          'The carrier’s posted trucks that have not expired, each with its count of matching loads',
        response: { 200: EquipmentPostingList, ...problems },
      },
    },
    async (request) => service.listPostings(ctx, request.caller),
  );

  app.post(
    '/api/v2/equipment_postings',
    {
      config: carriersOnly,
      schema: {
        tags,
        summary: 'Post a truck: equipment, where and when it is empty, preferred destination',
        body: EquipmentPostingBody,
        response: { 201: EquipmentPostingAnswer, ...problems },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createPosting(ctx, request.caller, request.body)),
  );

  app.delete(
    '/api/v2/equipment_postings/:postingId',
    {
      config: carriersOnly,
      schema: {
        tags,
        summary: 'Take a truck off the board',
        params: EquipmentPostingParams,
        response: { 204: Type.Null(), ...problems },
      },
    },
    async (request, reply) => {
      await service.deletePosting(ctx, request.caller, request.params.postingId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/v2/equipment_postings/:postingId/matches',
    {
      config: carriersOnly,
      schema: {
        tags,
        summary: 'Loads on the board a posted truck could take, nearest first',
        params: EquipmentPostingParams,
        querystring: MatchesQuery,
        response: { 200: LoadBoardPage, ...problems },
      },
    },
    async (request) =>
      service.postingMatches(ctx, request.caller, request.params.postingId, request.query),
  );
};
