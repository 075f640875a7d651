import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CarrierIdParams, CarrierScorecard, Problem } from '@portal/contract';
import { SCORECARD_ACCESS } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { carrierScorecard } from './service';

/** The spec's Carriers: scorecard by carrierId (the dashboard's scorecard card). */
export const carrierScorecardRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (
  app,
  { ctx },
) => {
  app.get(
    '/api/v1/carriers/:carrierId/scorecard',
    {
      config: { access: SCORECARD_ACCESS },
      schema: {
        tags: ['Carriers'],
        summary:
          'A carrier’s scorecard over 90 days: on-time pickup and delivery, tender acceptance, claims',
        params: CarrierIdParams,
        response: { 200: CarrierScorecard, 401: Problem, 403: Problem, 404: Problem },
      },
    },
    async (request) => ({
      data: await carrierScorecard(ctx, request.caller, request.params.carrierId),
    }),
  );
};
