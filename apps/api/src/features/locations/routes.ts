import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AllLocationsQuery,
  CustomerIdParams,
  DockScheduleBody,
  DockScheduleList,
  DockScheduleParams,
  DockScheduleResponse,
  EdiLocationQuery,
  ExternalLocationQuery,
  GeocodedPlacePage,
  GeocodedPlaceResponse,
  GeocodeQuery,
  LocationBody,
  LocationListQuery,
  LocationNumberParams,
  LocationPage,
  LocationResponse,
  Problem,
  QuotableIndexQuery,
  QuotablePlacePage,
  QuotableSearchQuery,
} from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { expectedVersion } from '../../shared/http/versions';
import * as locations from './service';

// Lists in a query string may come repeated (a=1&a=2) or comma-separated (a=1,2): both read alike.
async function splitTypes(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.types;
  if (!query || value === undefined) return;
  query.types = (Array.isArray(value) ? value : [value]).flatMap((item) =>
    typeof item === 'string' ? item.split(',').filter(Boolean) : [item],
  );
}

const versionOf = (request: FastifyRequest, body: { version?: number | undefined }, what: string) =>
  expectedVersion(request.headers['if-match'], body.version, what);

/** Locations, dock schedules, quotable places and geocoding (decisions 170-172). */
export const locationRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  const config = { access: ACCESS.locations };
  const tags = ['Locations'];
  const problems = { 400: Problem, 401: Problem, 403: Problem };
  const writeProblems = { ...problems, 404: Problem, 409: Problem, 428: Problem };

  app.get(
    '/api/v1/locations',
    {
      config,
      schema: {
        tags,
        summary: "The company's locations, by number, name or city (pages of 50)",
        querystring: LocationListQuery,
        response: { 200: LocationPage, ...problems },
      },
    },
    async (request) => locations.companyLocations(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v1/locations/all',
    {
      config,
      schema: {
        tags,
        summary: 'Every location the caller may use, by number, name or city (pages of 10)',
        querystring: AllLocationsQuery,
        response: { 200: LocationPage, ...problems },
      },
    },
    async (request) => locations.allLocations(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v1/locations/quotable',
    {
      config,
      schema: {
        tags,
        summary: 'The quotable places (US ZIPs and Canadian FSAs) by state and city (pages of 10)',
        querystring: QuotableIndexQuery,
        response: { 200: QuotablePlacePage, ...problems },
      },
    },
    async (request) => locations.quotableIndex(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v1/locations/quotable/search',
    {
      config,
      preValidation: splitTypes,
      schema: {
        tags,
        summary: 'Quotable states, provinces, cities and ZIPs matching the text (100 by default)',
        querystring: QuotableSearchQuery,
        response: { 200: QuotablePlacePage, ...problems },
      },
    },
    async (request) => locations.quotableSearch(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v1/locations/external',
    {
      config,
      schema: {
        tags,
        summary:
          'Places matching an address, city or ZIP: the configured geocoder, otherwise the ZIP table',
        querystring: ExternalLocationQuery,
        response: { 200: GeocodedPlacePage, ...problems },
      },
    },
    async (request) => locations.externalSearch(ctx, request.caller, request.query),
  );
  app.get(
    '/api/v1/locations/geocode',
    {
      config,
      schema: {
        tags,
        summary: 'Place a typed address: coordinates, state, country and time zone',
        querystring: GeocodeQuery,
        response: { 200: GeocodedPlaceResponse, ...problems, 404: Problem },
      },
    },
    async (request) => ({ data: await locations.geocode(ctx, request.caller, request.query) }),
  );
  app.get(
    '/api/v1/customers/:customerId/edi_locations',
    {
      config,
      schema: {
        tags,
        summary: "A customer's locations with EDI codes (pages of 10)",
        params: CustomerIdParams,
        querystring: EdiLocationQuery,
        response: { 200: LocationPage, ...problems, 404: Problem },
      },
    },
    async (request) =>
      locations.ediLocations(ctx, request.caller, request.params.customerId, request.query),
  );
  app.get(
    '/api/v1/locations/:locationNumber',
    {
      config,
      schema: {
        tags,
        summary: 'One location by its number',
        params: LocationNumberParams,
        response: { 200: LocationResponse, ...problems, 404: Problem },
      },
    },
    async (request) => ({
      data: await locations.getLocation(ctx, request.caller, request.params.locationNumber),
    }),
  );
  app.post(
    '/api/v1/locations',
    {
      config,
      schema: {
        tags,
        summary:
          'Create a location: a Canadian postal code makes it CA, a state name becomes its code',
        body: LocationBody,
        response: { 201: LocationResponse, ...writeProblems },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await locations.createLocation(ctx, request.caller, request.body) }),
  );
  app.put(
    '/api/v1/locations/:locationNumber',
    {
      config,
      schema: {
        tags,
        summary: 'Update a location (send the version you read, as If-Match or version)',
        params: LocationNumberParams,
        body: LocationBody,
        response: { 200: LocationResponse, ...writeProblems },
      },
    },
    async (request) => ({
      data: await locations.updateLocation(
        ctx,
        request.caller,
        request.params.locationNumber,
        request.body,
        versionOf(request, request.body, 'location'),
      ),
    }),
  );

  app.get(
    '/api/v1/locations/:locationNumber/dock_schedules',
    {
      config,
      schema: {
        tags,
        summary: "A location's dock schedules with their hours per day",
        params: LocationNumberParams,
        response: { 200: DockScheduleList, ...problems, 404: Problem },
      },
    },
    async (request) => ({
      data: await locations.listDockSchedules(ctx, request.caller, request.params.locationNumber),
    }),
  );
  app.post(
    '/api/v1/locations/:locationNumber/dock_schedules',
    {
      config,
      schema: {
        tags,
        summary:
          'Create a dock schedule (default: open 00:00-23:59 all week; Dry, Reefer, Flatbed, Bulk; TL, LTL, Bulk, Intermodal; Shipping and Receiving)',
        params: LocationNumberParams,
        body: DockScheduleBody,
        response: { 201: DockScheduleResponse, ...writeProblems },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await locations.createDockSchedule(
          ctx,
          request.caller,
          request.params.locationNumber,
          request.body,
        ),
      }),
  );
  app.put(
    '/api/v1/locations/:locationNumber/dock_schedules/:scheduleId',
    {
      config,
      schema: {
        tags,
        summary: 'Update a dock schedule (send the version you read, as If-Match or version)',
        params: DockScheduleParams,
        body: DockScheduleBody,
        response: { 200: DockScheduleResponse, ...writeProblems },
      },
    },
    async (request) => ({
      data: await locations.updateDockSchedule(
        ctx,
        request.caller,
        request.params.locationNumber,
        request.params.scheduleId,
        request.body,
        versionOf(request, request.body, 'dock schedule'),
      ),
    }),
  );
};
