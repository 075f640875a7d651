import type {
  CaseCountStatsAnswer,
  CaseCountStatsQuery,
  CaseFilterOptions,
  CaseListPage,
  CaseListQuery,
} from '@portal/contract';
import {
  CASE_STATUS_GROUP_COUNT_KEYS,
  collapseCaseStatus,
  dateRangeForPreset,
  isCaseStatusGroup,
  type CaseResolutionType,
  type CaseStatus,
  type DateRangePreset,
} from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { invalidField } from '../../shared/http/errors';
import {
  caseCount,
  caseGroupCounts,
  casePage,
  operatorStaff,
  partiesOnCases,
  type CaseCriteria,
  type InstantRange,
} from './list-repository';
import { peopleNamed } from './repository';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const dollars = (cents: number | null) => (cents === null ? null : cents / 100);
const DAY_MS = 86_400_000;

/**
 * A time-range filter as instants: the from and to days (UTC, both inclusive) when given, otherwise
 * the preset's days counted from today (UTC). Range needs a day; from after to is refused.
 */
function instantRange(
  prefix: 'incident' | 'followUp',
  preset: string | undefined,
  fromDay: string | undefined,
  toDay: string | undefined,
  today: string,
): InstantRange | undefined {
  if (fromDay && toDay && fromDay > toDay)
    throw invalidField(`${prefix}ToDate`, `${prefix}ToDate must not be before ${prefix}FromDate`);
  let days: [string | undefined, string | undefined] = [fromDay, toDay];
  if (!fromDay && !toDay && preset) {
    if (preset === 'Range')
      throw invalidField(
        `${prefix}FromDate`,
        `${prefix}TimeRange Range needs ${prefix}FromDate or ${prefix}ToDate`,
      );
    const range = dateRangeForPreset(preset as DateRangePreset, today);
    if (range) days = [range[0], range[1]];
  }
  const [from, to] = days;
  if (!from && !to) return undefined;
  return {
    from: from ? new Date(`${from}T00:00:00Z`) : undefined,
    until: to ? new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
  };
}

export function criteriaOf(query: CaseCountStatsQuery, now = new Date()): CaseCriteria {
  const today = now.toISOString().slice(0, 10);
  return {
    ...query,
    search: query.search?.trim() || undefined,
    incident: instantRange(
      'incident',
      query.incidentTimeRange,
      query.incidentFromDate,
      query.incidentToDate,
      today,
    ),
    followUp: instantRange(
      'followUp',
      query.followUpTimeRange,
      query.followUpFromDate,
      query.followUpToDate,
      today,
    ),
  };
}

/** GET api/v2/cases: one page (0-based) of the caller's cases under the filters, and how many. */
export async function listCases(
  ctx: AppContext,
  caller: Caller,
  query: CaseListQuery,
): Promise<CaseListPage> {
  const { sort, page, pageSize, ...filters } = query;
  const criteria = criteriaOf(filters);
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, async (tx) => {
    const [rows, totalCount] = await Promise.all([
      casePage(tx, caller.scope, criteria, { sort, offset: page * pageSize, limit: pageSize }),
      caseCount(tx, caller.scope, criteria),
    ]);
    return { rows, totalCount };
  });
  const assigneeIds = [...new Set(rows.flatMap((row) => row.assigneeUserId ?? []))];
  // Only the assignees' names are read, for cases already in the caller's scope.
  const people = new Map(
    (await ctx.db.system((tx) => peopleNamed(tx, assigneeIds))).map((person) => [
      person.id,
      person,
    ]),
  );
  return {
    data: rows.map((row) => {
      const collapsed = collapseCaseStatus({
        status: row.status as CaseStatus,
        resolutionType: row.resolutionType as CaseResolutionType,
      });
      const assignee = row.assigneeUserId ? people.get(row.assigneeUserId) : undefined;
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
        amountRequested: dollars(row.amountRequestedCents),
        amountApproved: dollars(row.amountApprovedCents),
        incidentDateTime: iso(row.incidentAt),
        followUpDateTime: iso(row.followUpAt),
        createDateTime: iso(row.createdAt)!,
        updateDateTime: iso(row.updatedAt)!,
        assignee: assignee
          ? { id: assignee.id, firstName: assignee.firstName, lastName: assignee.lastName }
          : null,
        carrier:
          row.carrierId && row.carrierName ? { id: row.carrierId, name: row.carrierName } : null,
        customer:
          row.customerId && row.customerName
            ? { id: row.customerId, name: row.customerName }
            : null,
        shipment:
          row.shipmentId && row.shipmentNumber
            ? {
                id: row.shipmentId,
                shipmentNumber: row.shipmentNumber,
                origin: { city: row.originCity ?? '', state: row.originState ?? '' },
                destination: { city: row.destinationCity ?? '', state: row.destinationState ?? '' },
              }
            : null,
      };
    }),
    page,
    pageSize,
    totalCount,
  };
}

/**
 * GET api/v2/cases/count_stats: cases per user-facing status under the list's filters (none: the
 * navigation's count of new cases).
 */
export async function caseCountStats(
  ctx: AppContext,
  caller: Caller,
  query: CaseCountStatsQuery = {},
): Promise<CaseCountStatsAnswer> {
  const criteria = criteriaOf(query);
  const rows = await ctx.db.tenant(
    caller.scope,
    (tx) => caseGroupCounts(tx, caller.scope, criteria),
    { readOnly: true },
  );
  const counts = { new: 0, inProgress: 0, onHold: 0, resolved: 0 };
  for (const row of rows) {
    if (isCaseStatusGroup(row.group)) counts[CASE_STATUS_GROUP_COUNT_KEYS[row.group]] += row.count;
  }
  return { data: counts };
}

/** The choices of the company and assignee filters. */
export async function caseFilterOptions(
  ctx: AppContext,
  caller: Caller,
): Promise<CaseFilterOptions> {
  const parties = await ctx.db.tenant(caller.scope, (tx) => partiesOnCases(tx, caller.scope));
  // Staff names are the operator's; everyone on a case sees who works it.
  const staff = await ctx.db.system((tx) => operatorStaff(tx));
  const unique = (rows: { id: string; name: string }[]) =>
    [...new Map(rows.map((row) => [row.id, { id: row.id, name: row.name }])).values()].sort(
      (a, b) => a.name.localeCompare(b.name),
    );
  return {
    data: {
      involvedParties: unique(parties),
      customers: unique(
        parties.filter((row) => row.partyRole === 'Shipper' || row.partyRole === 'Broker'),
      ),
      carriers: unique(parties.filter((row) => row.partyRole === 'Carrier')),
      assignees: staff,
    },
  };
}
