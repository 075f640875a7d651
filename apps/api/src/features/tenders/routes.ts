import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem, TenderStatusCounts } from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { tenderStatusCounts } from './service';

export const tenderRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v2/tenders/status_counts',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Tenders'],
        summary: "The caller's tenders per status (sent: the navigation's count)",
        response: { 200: TenderStatusCounts, 401: Problem, 403: Problem },
      },
    },
    async (request) => tenderStatusCounts(ctx, request.caller),
  );
};
