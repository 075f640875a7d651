import {
  availableCaseActions,
  collapseCaseStatus,
  type CaseResolutionType,
  type CaseStatus,
} from '@portal/domain';
import type { CaseDetail, CaseHistory } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { resolveCase } from '../../shared/entities/entity-access';
import { notFound } from '../../shared/http/errors';
import { caseDetail, dropoffs, history, involvedParties, peopleNamed } from './repository';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);

/**
 * People named on a case (the operator's staff who handle it, the carrier's user who raised it)
 * are read as the system role: the case is already in the caller's scope, and only names are taken.
 */
async function names(ctx: AppContext, userIds: (string | null)[]) {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  const rows = await ctx.db.system((tx) => peopleNamed(tx, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A case by id or case number, when the caller's company is one of its involved parties. */
export async function getCase(ctx: AppContext, caller: Caller, key: string): Promise<CaseDetail> {
  const found = await ctx.db.tenant(caller.scope, async (tx) => {
    const entity = await resolveCase(tx, caller.scope, key);
    if (!entity) throw notFound('Case');
    const row = await caseDetail(tx, entity.id);
    const [parties, stops] = await Promise.all([
      involvedParties(tx, entity.id),
      row.shipmentId ? dropoffs(tx, row.shipmentId) : Promise.resolve([]),
    ]);
    return { row, parties, stops };
  });
  const { row, parties, stops } = found;
  const people = await names(ctx, [row.assigneeUserId, row.createdBy]);
  const person = (id: string | null) => {
    const named = id ? people.get(id) : undefined;
    return named ? { id: named.id, firstName: named.firstName, lastName: named.lastName } : null;
  };
  const collapsed = collapseCaseStatus({
    status: row.status as CaseStatus,
    resolutionType: row.resolutionType as CaseResolutionType,
  });
  return {
    id: row.id,
    caseNumber: row.caseNumber,
    caseType: row.caseType,
    caseSource: row.caseSource,
    status: row.status,
    statusDescription: collapsed.label,
    isVoided: collapsed.isVoided,
    carrierCaseResolutionType: row.resolutionType,
    priority: row.priority,
    subject: row.subject,
    description: row.description,
    amountRequested: dollars(row.amountRequestedCents),
    amountApproved: dollars(row.amountApprovedCents),
    incidentDateTime: iso(row.incidentAt),
    followUpDateTime: iso(row.followUpAt),
    createDateTime: iso(row.createdAt)!,
    updateDateTime: iso(row.updatedAt)!,
    assignee: person(row.assigneeUserId),
    createdBy: person(row.createdBy),
    involvedParties: parties,
    shipment:
      row.shipmentId && row.shipmentNumber
        ? {
            id: row.shipmentId,
            shipmentNumber: row.shipmentNumber,
            origin: { city: row.originCity ?? '', state: row.originState ?? '' },
            destination: { city: row.destinationCity ?? '', state: row.destinationState ?? '' },
          }
        : null,
    dropoffs: stops.map((stop) => ({
      stopNumber: stop.stopNumber,
      stopId: stop.orderStopId!,
      city: stop.city,
      state: stop.state,
    })),
    version: row.version,
    // The operator's staff work the case; the other parties follow it.
    actions:
      caller.scope.kind === 'operator'
        ? availableCaseActions({
            status: row.status as CaseStatus,
            resolutionType: row.resolutionType as CaseResolutionType,
          })
        : [],
  };
}

export async function getCaseHistory(
  ctx: AppContext,
  caller: Caller,
  key: string,
): Promise<CaseHistory> {
  const rows = await ctx.db.tenant(caller.scope, async (tx) => {
    const entity = await resolveCase(tx, caller.scope, key);
    if (!entity) throw notFound('Case');
    return history(tx, entity.id);
  });
  const people = await names(
    ctx,
    rows.map((row) => row.userId),
  );
  return {
    data: rows.map((row) => {
      const user = row.userId ? people.get(row.userId) : undefined;
      return {
        id: row.id,
        occurredAt: iso(row.occurredAt)!,
        action: row.action,
        fromValue: row.fromValue,
        toValue: row.toValue,
        user: user ? { firstName: user.firstName, lastName: user.lastName } : null,
      };
    }),
  };
}
