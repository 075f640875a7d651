import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDriverLinkBody,
  CreatedDriverLink,
  DriverLinkList,
  DriverLinkParams,
  DriverLinkResponse,
  DriverParams,
  Problem,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { createDriverLink, listLinks, revokeLink } from './service';

/** Dispatchers send drivers links that open driver app mode (spec: driverToken in the URL). */
export const driverLinkRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const config = { access: ACCESS.carrierPortal };
  const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
  app.post(
    '/api/v1/drivers/:driverId/links',
    {
      config,
      schema: {
        tags: ['Drivers'],
        summary: 'Make a driver link (driver app mode); the token is shown once',
        params: DriverParams,
        body: CreateDriverLinkBody,
        response: { 201: CreatedDriverLink, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await createDriverLink(ctx, request.caller, request.params.driverId, request.body),
      }),
  );
  app.get(
    '/api/v1/drivers/:driverId/links',
    {
      config,
      schema: {
        tags: ['Drivers'],
        summary: 'A driver’s links (never their tokens)',
        params: DriverParams,
        response: { 200: DriverLinkList, ...errors },
      },
    },
    async (request) => ({ data: await listLinks(ctx, request.caller, request.params.driverId) }),
  );
  app.delete(
    '/api/v1/drivers/:driverId/links/:linkId',
    {
      config,
      schema: {
        tags: ['Drivers'],
        summary: 'Revoke a driver link; sessions opened with it end',
        params: DriverLinkParams,
        response: { 200: DriverLinkResponse, ...errors },
      },
    },
    async (request) => ({
      data: await revokeLink(ctx, request.caller, request.params.driverId, request.params.linkId),
    }),
  );
};
