import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FleetListQuery,
  FleetPowerUnitBody,
  FleetPowerUnitPage,
  FleetPowerUnitResponse,
  FleetTrailerBody,
  FleetTrailerPage,
  FleetTrailerResponse,
  IdParams,
  Problem,
  TrailerListQuery,
  TrailerPhotoBody,
} from '@portal/contract';
import { ACCESS, PICTURE_MAX_BYTES } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import * as equipment from './service';

/** A carrier's trailers and power units (/equipment): lists, create, edit, retire, trailer photos. */
export const equipmentRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const config = { access: ACCESS.carrierPortal };
  const errors = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
  const trailerTags = ['Equipment'];

  app.get(
    '/api/v2/trailers',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'The company’s trailers, in service or retired (number, plate or VIN search)',
        querystring: TrailerListQuery,
        response: { 200: FleetTrailerPage, ...errors },
      },
    },
    async (request) => equipment.listTrailers(ctx, request.caller, request.query),
  );
  app.post(
    '/api/v2/trailers',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'Add a trailer',
        body: FleetTrailerBody,
        response: { 201: FleetTrailerResponse, ...errors, 409: Problem },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await equipment.createTrailer(ctx, request.caller, request.body) }),
  );
  app.get(
    '/api/v2/trailers/:id',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'One trailer',
        params: IdParams,
        response: { 200: FleetTrailerResponse, ...errors },
      },
    },
    async (request) => ({
      data: await equipment.getTrailer(ctx, request.caller, request.params.id),
    }),
  );
  app.put(
    '/api/v2/trailers/:id',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'Edit a trailer',
        params: IdParams,
        body: FleetTrailerBody,
        response: { 200: FleetTrailerResponse, ...errors, 409: Problem },
      },
    },
    async (request) => ({
      data: await equipment.updateTrailer(
        ctx,
        request.caller,
        request.params.id,
        request.body,
        request.headers['if-match'],
      ),
    }),
  );
  app.delete(
    '/api/v2/trailers/:id',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'Retire a trailer: it leaves the lists and dispatch searches, shipments keep it',
        params: IdParams,
        response: { 200: FleetTrailerResponse, ...errors },
      },
    },
    async (request) => ({
      data: await equipment.retireTrailer(ctx, request.caller, request.params.id),
    }),
  );
  app.put(
    '/api/v2/trailers/:id/photo',
    {
      config,
      bodyLimit: Math.ceil((PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags: trailerTags,
        summary:
          'Save the trailer’s photo (Trailer Picture, 98): PNG or JPEG, at most 2 MB, base64',
        params: IdParams,
        body: TrailerPhotoBody,
        response: { 200: FleetTrailerResponse, ...errors, 413: Problem, 415: Problem },
      },
    },
    async (request) => ({
      data: await equipment.saveTrailerPhoto(ctx, request.caller, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/v2/power_units',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'The company’s power units, in service or retired (number, plate or VIN search)',
        querystring: FleetListQuery,
        response: { 200: FleetPowerUnitPage, ...errors },
      },
    },
    async (request) => equipment.listPowerUnits(ctx, request.caller, request.query),
  );
  app.post(
    '/api/v2/power_units',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'Add a power unit',
        body: FleetPowerUnitBody,
        response: { 201: FleetPowerUnitResponse, ...errors, 409: Problem },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await equipment.createPowerUnit(ctx, request.caller, request.body) }),
  );
  app.get(
    '/api/v2/power_units/:id',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'One power unit',
        params: IdParams,
        response: { 200: FleetPowerUnitResponse, ...errors },
      },
    },
    async (request) => ({
      data: await equipment.getPowerUnit(ctx, request.caller, request.params.id),
    }),
  );
  app.put(
    '/api/v2/power_units/:id',
    {
      config,
      schema: {
        tags: trailerTags,
        summary: 'Edit a power unit',
        params: IdParams,
        body: FleetPowerUnitBody,
        response: { 200: FleetPowerUnitResponse, ...errors, 409: Problem },
      },
    },
    async (request) => ({
      data: await equipment.updatePowerUnit(ctx, request.caller, request.params.id, request.body),
    }),
  );
  app.delete(
    '/api/v2/power_units/:id',
    {
      config,
      schema: {
        tags: trailerTags,
        summary:
          'Retire a power unit: it leaves the lists and dispatch searches, shipments keep it',
        params: IdParams,
        response: { 200: FleetPowerUnitResponse, ...errors },
      },
    },
    async (request) => ({
      data: await equipment.retirePowerUnit(ctx, request.caller, request.params.id),
    }),
  );
};
