import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Problem, RateRequestStatusCounts } from '@portal/contract';
import { ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { rateRequestStatusCounts } from './service';

export const rateRequestRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v2/rate_requests/status_counts',
    {
      config: { access: ACCESS.carrierPortal },
      schema: {
        tags: ['Rate requests'],
        summary: "The caller's rate requests per status (sent: open, the navigation's count)",
        response: { 200: RateRequestStatusCounts, 401: Problem, 403: Problem },
      },
    },
    async (request) => rateRequestStatusCounts(ctx, request.caller),
  );
};
