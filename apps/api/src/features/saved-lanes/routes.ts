import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ACCESS } from '@portal/domain';
import {
  Problem,
  SavedLaneAnswer,
  SavedLaneBody,
  SavedLaneList,
  SavedLaneParams,
} from '@portal/contract';
import Type from 'typebox';
import type { AppContext } from '../../shared/app-context';
import { LOAD_BOARD_BROKERS_REFUSED } from '../../shared/load-board/brokers';
import { listenForPostedLoads } from './lane-alerts';
import * as service from './service';

// A carrier's, never a broker's (decision 012).
const carriersOnly = { access: ACCESS.carrierPortal, brokersRefused: LOAD_BOARD_BROKERS_REFUSED };
const tags = ['Saved lanes'];
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

export const savedLaneRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  // Loads that become Ready to Book are announced to the carriers whose lanes they match.
  let stopListening: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopListening = await listenForPostedLoads(ctx.db, (error) =>
      app.log.error({ err: error }, 'Announcing a posted load to saved lanes failed'),
    );
  });
  app.addHook('onClose', async () => {
    await stopListening?.();
  });

  app.get(
    '/api/v2/saved_lanes',
    {
      config: carriersOnly,
      schema: {
        tags,
        summary: 'The carrier’s saved lanes, each with its count of matching loads',
        response: { 200: SavedLaneList, ...problems },
      },
    },
    async (request) => service.listLanes(ctx, request.caller),
  );

  app.post(
    '/api/v2/saved_lanes',
    {
      config: carriersOnly,
      schema: {
        tags,
        summary: 'Save a lane: origin and destination with radius, equipment, minimum rate',
        body: SavedLaneBody,
        response: { 201: SavedLaneAnswer, ...problems },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.createLane(ctx, request.caller, request.body)),
  );

  app.put(
    '/api/v2/saved_lanes/:laneId',
    {
      config: carriersOnly,
      schema: {
        tags,
        summary: 'Change a saved lane',
        params: SavedLaneParams,
        body: SavedLaneBody,
        response: { 200: SavedLaneAnswer, ...problems },
      },
    },
    async (request) => service.updateLane(ctx, request.caller, request.params.laneId, request.body),
  );

  app.delete(
    '/api/v2/saved_lanes/:laneId',
    {
      config: carriersOnly,
      schema: {
        tags,
        summary: 'Delete a saved lane',
        params: SavedLaneParams,
        response: { 204: Type.Null(), ...problems },
      },
    },
    async (request, reply) => {
      await service.deleteLane(ctx, request.caller, request.params.laneId);
      return reply.status(204).send(null);
    },
  );
};
