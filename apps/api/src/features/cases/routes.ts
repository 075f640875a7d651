import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CaseCountStatsAnswer,
  CaseDetailAnswer,
  CaseHistory,
  EntityKeyParams,
  Problem,
} from '@portal/contract';
import { Permission } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { caseCountStats, getCase, getCaseHistory } from './service';

const tags = ['Cases'];
// The spec's route guard for accessorial requests, plus the operator's staff who handle them.
const access = {
  permissions: [Permission.CarrierPortal, Permission.DriverPortal, Permission.Admin],
};
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };

export const caseRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Registered before /:id, which would otherwise take "count_stats" for a case number.
  app.get(
    '/api/v2/cases/count_stats',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Cases the caller is involved in, per status (new: the navigation count)',
        response: { 200: CaseCountStatsAnswer, 401: Problem, 403: Problem },
      },
    },
    async (request) => caseCountStats(ctx, request.caller),
  );

  app.get(
    '/api/v2/cases/:id',
    {
      config: { access },
      schema: {
        tags,
        summary:
          "An accessorial request (case) by id or case number, when the caller's company is involved in it",
        params: EntityKeyParams,
        response: { 200: CaseDetailAnswer, ...problems },
      },
    },
    async (request) => ({ data: await getCase(ctx, request.caller, request.params.id) }),
  );

  app.get(
    '/api/v2/cases/:id/history',
    {
      config: { access },
      schema: {
        tags,
        summary: "A case's history, newest first",
        params: EntityKeyParams,
        response: { 200: CaseHistory, ...problems },
      },
    },
    async (request) => getCaseHistory(ctx, request.caller, request.params.id),
  );
};
