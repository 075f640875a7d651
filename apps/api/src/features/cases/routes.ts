import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  CaseActionBody,
  CaseAssigneeBody,
  CaseCountStatsAnswer,
  CaseCountStatsQuery,
  CaseCreateBody,
  CaseCreatedAnswer,
  CaseDetailAnswer,
  CaseFilterOptions,
  CaseHistory,
  CaseListPage,
  CaseListQuery,
  DetentionDraftList,
  DetentionDraftQuery,
  EntityKeyParams,
  Problem,
} from '@portal/contract';
import { ACCESS, Permission } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import { idempotentRequest, sendIdempotent } from '../../shared/http/idempotency';
import { detentionDrafts } from './detention-service';
import { caseCountStats, caseFilterOptions, listCases } from './list-service';
import { getCase, getCaseHistory } from './service';
import { actOnCase, assignCase, createCase } from './write-service';

const tags = ['Cases'];
// The spec's route guard for accessorial requests, plus the operator's staff who handle them.
const access = ACCESS.cases;
// Carriers (and their drivers) raise requests; the operator's staff work them.
const raise = ACCESS.carrierOrDriverPortal;
const work = { permissions: [Permission.Admin] };
const problems = { 400: Problem, 401: Problem, 403: Problem, 404: Problem };
const writeProblems = { ...problems, 409: Problem, 422: Problem };

const LIST_PARAMETERS = [
  'caseSources',
  'caseTypes',
  'caseStatuses',
  'statusGroups',
  'involvedPartyIds',
  'customerIds',
  'carrierIds',
  'assignees',
] as const;

/** caseTypes=Lumper,Detention reads like caseTypes=Lumper&caseTypes=Detention. */
async function splitCommaLists(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  for (const name of LIST_PARAMETERS) {
    const given = query[name];
    if (given === undefined) continue;
    const values = Array.isArray(given) ? given : [given];
    query[name] = values.flatMap((value) =>
      typeof value === 'string' ? value.split(',').filter((part) => part.trim() !== '') : [value],
    );
  }
}

export const caseRoutes: FastifyPluginAsyncTypebox<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/v2/cases',
    {
      config: { access },
      preValidation: splitCommaLists,
      schema: {
        tags,
        summary:
          "The caller's accessorial requests (cases where its company is an involved party): the spec's case list filter, page 0-based",
        querystring: CaseListQuery,
        response: { 200: CaseListPage, ...problems },
      },
    },
    async (request) => listCases(ctx, request.caller, request.query),
  );

  app.post(
    '/api/v2/cases',
    {
      config: { access: raise },
      schema: {
        tags,
        summary:
          'Raise an accessorial request on a shipment the caller hauls (Idempotency-Key makes a retry safe)',
        body: CaseCreateBody,
        response: { 201: CaseCreatedAnswer, ...writeProblems },
      },
    },
    async (request, reply) =>
      sendIdempotent(
        reply,
        await createCase(ctx, request.caller, request.body, idempotentRequest(request)),
      ),
  );

  // Registered before /:id, which would otherwise take "count_stats" for a case number.
  app.get(
    '/api/v2/cases/count_stats',
    {
      config: { access },
      preValidation: splitCommaLists,
      schema: {
        tags,
        summary:
          'Cases the caller is involved in, per status, under the list filters (none: new is the navigation count)',
        querystring: CaseCountStatsQuery,
        response: { 200: CaseCountStatsAnswer, ...problems },
      },
    },
    async (request) => caseCountStats(ctx, request.caller, request.query),
  );

  app.get(
    '/api/v2/cases/filter_options',
    {
      config: { access },
      schema: {
        tags,
        summary: "The companies on the caller's cases and the staff who work them, for the filters",
        response: { 200: CaseFilterOptions, 401: Problem, 403: Problem },
      },
    },
    async (request) => caseFilterOptions(ctx, request.caller),
  );

  app.get(
    '/api/v2/cases/detention_drafts',
    {
      config: { access: raise },
      schema: {
        tags,
        summary:
          "Detention requests drafted from a shipment's stop times (departure later than arrival plus the customer's free time)",
        querystring: DetentionDraftQuery,
        response: { 200: DetentionDraftList, ...problems },
      },
    },
    async (request) => detentionDrafts(ctx, request.caller, request.query.shipmentId),
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

  app.post(
    '/api/v2/cases/:id/actions',
    {
      config: { access: work },
      schema: {
        tags,
        summary:
          "The operator's staff move a case: Start, Hold, ResolvePaid (adds the charge to the carrier's AP invoice) or ResolveDeclined",
        params: EntityKeyParams,
        body: CaseActionBody,
        response: { 200: CaseDetailAnswer, ...writeProblems },
      },
    },
    async (request) => ({
      data: await actOnCase(ctx, request.caller, request.params.id, request.body),
    }),
  );

  app.put(
    '/api/v2/cases/:id/assignee',
    {
      config: { access: work },
      schema: {
        tags,
        summary: "Assign a case to a member of the operator's staff (null: nobody)",
        params: EntityKeyParams,
        body: CaseAssigneeBody,
        response: { 200: CaseDetailAnswer, ...writeProblems },
      },
    },
    async (request) => ({
      data: await assignCase(ctx, request.caller, request.params.id, request.body),
    }),
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
