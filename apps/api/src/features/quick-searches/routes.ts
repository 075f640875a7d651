import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Permission } from '@portal/domain';
import { Problem, ShipmentQuickSearchPage, ShipmentQuickSearchQuery } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import { quickSearchShipments } from './service';

export const quickSearchRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v2/quick_searches/shipments',
    {
      config: {
        access: {
          permissions: [
            Permission.CarrierPortal,
            Permission.DriverPortal,
            Permission.FactoringCompanyPortal,
            Permission.Admin,
          ],
        },
      },
      schema: {
        tags: ['Search'],
        summary: 'Find shipments by number prefix (and, for brokers, by reference number)',
        querystring: ShipmentQuickSearchQuery,
        response: { 200: ShipmentQuickSearchPage, 400: Problem, 401: Problem, 403: Problem },
      },
    },
    async (request) => quickSearchShipments(ctx, request.caller, request.query),
  );
};
