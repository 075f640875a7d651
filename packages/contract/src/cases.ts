import Type, { type Static } from 'typebox';
import {
  CASE_ACTIONS,
  CASE_DESCRIPTION_MAX_LENGTH,
  CASE_MAX_AMOUNT_REQUESTED_CENTS,
  CASE_PRIORITIES,
  CASE_SOURCES,
  CASE_STATUS_GROUPS_IN_ORDER,
  CASE_STATUSES,
  CASE_TYPES,
  CREATABLE_CASE_TYPES,
  DateRangePreset,
  LIST_PAGE_SIZE,
} from '@portal/domain';
import { EntityKey, Id } from './common';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Person = Type.Object({ id: Id, firstName: Type.String(), lastName: Type.String() });

/** A delivery stop of the case's shipment: where proof of delivery is filed. */
export const CaseDropoff = Type.Object({
  stopNumber: Type.Integer(),
  stopId: Id,
  city: Type.String(),
  state: Type.String(),
});

/** An accessorial request (case), as the detail screen shows it. */
export const CaseDetail = Type.Object({
  id: Id,
  caseNumber: Type.String(),
  caseType: Type.String(),
  caseSource: Type.String(),
  /** The stored status, and the four-value label users see. */
  status: Type.String(),
  statusDescription: Type.String(),
  isVoided: Type.Boolean(),
  carrierCaseResolutionType: Type.String(),
  priority: Type.String(),
  subject: Type.String(),
  description: Nullable(Type.String()),
  amountRequested: Nullable(Type.Number()),
  amountApproved: Nullable(Type.Number()),
  incidentDateTime: Nullable(Type.String({ format: 'date-time' })),
  followUpDateTime: Nullable(Type.String({ format: 'date-time' })),
  createDateTime: Type.String({ format: 'date-time' }),
  updateDateTime: Type.String({ format: 'date-time' }),
  assignee: Nullable(Person),
  createdBy: Nullable(Person),
  involvedParties: Type.Array(
    Type.Object({ companyId: Id, companyName: Type.String(), partyRole: Type.String() }),
  ),
  shipment: Nullable(
    Type.Object({
      id: Id,
      shipmentNumber: Type.String(),
      origin: Type.Object({ city: Type.String(), state: Type.String() }),
      destination: Type.Object({ city: Type.String(), state: Type.String() }),
    }),
  ),
  dropoffs: Type.Array(CaseDropoff),
  /** Sent back with a change: a stale one answers 409. */
  version: Type.Integer({ minimum: 1 }),
  /** What the caller may do to the case now (the operator's staff: Start, Hold, ResolvePaid...). */
  actions: Type.Array(Type.String()),
});
export type CaseDetail = Static<typeof CaseDetail>;

export const CaseDetailAnswer = Type.Object({ data: CaseDetail });
export type CaseDetailAnswer = Static<typeof CaseDetailAnswer>;

export const CaseHistoryEntry = Type.Object({
  id: Type.Integer(),
  occurredAt: Type.String({ format: 'date-time' }),
  action: Type.String(),
  fromValue: Nullable(Type.String()),
  toValue: Nullable(Type.String()),
  user: Nullable(Type.Object({ firstName: Type.String(), lastName: Type.String() })),
});
export type CaseHistoryEntry = Static<typeof CaseHistoryEntry>;

export const CaseHistory = Type.Object({ data: Type.Array(CaseHistoryEntry) });
export type CaseHistory = Static<typeof CaseHistory>;

// ---- The list (GET api/v2/cases) and its counts ----

const MAX_DOLLARS = CASE_MAX_AMOUNT_REQUESTED_CENTS / 100;
const IdList = (description: string) =>
  Type.Optional(
    Type.Array(Id, { maxItems: 50, description: `${description}; repeat or comma-separate` }),
  );
const EnumList = (values: readonly string[], description: string) =>
  Type.Optional(
    Type.Array(Type.Enum([...values]), {
      maxItems: values.length,
      description: `${description}; repeat or comma-separate`,
    }),
  );
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC day)' });
const TimeRange = Type.Optional(
  Type.Enum(Object.values(DateRangePreset), {
    description: 'Today, Yesterday, ThisWeek, Tomorrow, or Range (with the from and to dates)',
  }),
);

export const CASE_LIST_SORTS = [
  'createdAt:desc',
  'createdAt:asc',
  'updatedAt:desc',
  'followUpAt:asc',
  'amountRequested:desc',
  'caseNumber:desc',
] as const;
export type CaseListSort = (typeof CASE_LIST_SORTS)[number];

/** The spec's case list filter, every field (section 3), without paging. */
export const CaseListFilters = {
  shipmentId: Type.Optional(EntityKey),
  orderId: Type.Optional(EntityKey),
  caseSources: EnumList(CASE_SOURCES, 'Portal, Email, Phone, Internal'),
  caseTypes: EnumList(CASE_TYPES, 'Case types'),
  caseStatuses: EnumList(CASE_STATUSES, 'Stored statuses (InProgressAwaitingCarrier...)'),
  statusGroups: EnumList(
    CASE_STATUS_GROUPS_IN_ORDER,
    'The four statuses users see (a list view): New, InProgress, OnHold, Resolved',
  ),
  casePriority: Type.Optional(Type.Enum([...CASE_PRIORITIES])),
  involvedPartyIds: IdList('Companies involved in the case'),
  customerIds: IdList('Customer companies'),
  carrierIds: IdList('Carrier companies'),
  assignees: IdList('Operator staff the case is assigned to'),
  activeOnly: Type.Optional(Type.Boolean({ description: 'Only cases not resolved' })),
  unassignedOnly: Type.Optional(Type.Boolean({ description: 'Only cases nobody is assigned to' })),
  incidentTimeRange: TimeRange,
  incidentFromDate: Type.Optional(Day),
  incidentToDate: Type.Optional(Day),
  followUpTimeRange: TimeRange,
  followUpFromDate: Type.Optional(Day),
  followUpToDate: Type.Optional(Day),
  search: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Case number, shipment number, or words of the subject',
    }),
  ),
};

export const CaseListQuery = Type.Object(
  {
    ...CaseListFilters,
    sort: Type.Enum([...CASE_LIST_SORTS], { default: 'createdAt:desc' }),
    page: Type.Integer({ minimum: 0, maximum: 100_000, default: 0, description: '0-based' }),
    pageSize: Type.Integer({ minimum: 1, maximum: 100, default: LIST_PAGE_SIZE }),
  },
  { additionalProperties: false },
);
export type CaseListQuery = Static<typeof CaseListQuery>;

/** count_stats takes the list's filters (no paging): the views' badges count what the list holds. */
export const CaseCountStatsQuery = Type.Object(CaseListFilters, { additionalProperties: false });
export type CaseCountStatsQuery = Static<typeof CaseCountStatsQuery>;

const Company = Type.Object({ id: Id, name: Type.String() });

export const CaseListItem = Type.Object({
  id: Id,
  caseNumber: Type.String(),
  caseType: Type.String(),
  caseSource: Type.String(),
  status: Type.String(),
  statusDescription: Type.String({ description: 'None, New, In Progress, On Hold or Resolved' }),
  isVoided: Type.Boolean(),
  carrierCaseResolutionType: Type.String(),
  priority: Type.String(),
  subject: Type.String(),
  amountRequested: Nullable(Type.Number()),
  amountApproved: Nullable(Type.Number()),
  incidentDateTime: Nullable(Type.String({ format: 'date-time' })),
  followUpDateTime: Nullable(Type.String({ format: 'date-time' })),
  createDateTime: Type.String({ format: 'date-time' }),
  updateDateTime: Type.String({ format: 'date-time' }),
  assignee: Nullable(Person),
  carrier: Nullable(Company),
  customer: Nullable(Company),
  shipment: Nullable(
    Type.Object({
      id: Id,
      shipmentNumber: Type.String(),
      origin: Type.Object({ city: Type.String(), state: Type.String() }),
      destination: Type.Object({ city: Type.String(), state: Type.String() }),
    }),
  ),
});
export type CaseListItem = Static<typeof CaseListItem>;

/** Page numbers are 0-based here, as the spec's case filter says. */
export const CaseListPage = Type.Object({
  data: Type.Array(CaseListItem),
  page: Type.Integer({ minimum: 0 }),
  pageSize: Type.Integer({ minimum: 1 }),
  totalCount: Type.Integer({ minimum: 0 }),
});
export type CaseListPage = Static<typeof CaseListPage>;

/** The choices of the filters that name companies and people, from the cases the caller sees. */
export const CaseFilterOptions = Type.Object({
  data: Type.Object({
    involvedParties: Type.Array(Company),
    customers: Type.Array(Company),
    carriers: Type.Array(Company),
    assignees: Type.Array(Person),
  }),
});
export type CaseFilterOptions = Static<typeof CaseFilterOptions>;

// ---- Writes ----

const AmountRequested = Type.Number({
  exclusiveMinimum: 0,
  maximum: MAX_DOLLARS,
  multipleOf: 0.01,
  description: `US dollars, more than 0 and at most ${MAX_DOLLARS}`,
});

/** The spec's case create payload (it has shipmentId), with what an accessorial request needs. */
export const CaseCreateBody = Type.Object(
  {
    shipmentId: EntityKey,
    caseType: Type.Enum([...CREATABLE_CASE_TYPES]),
    amountRequested: AmountRequested,
    description: Type.String({ minLength: 1, maxLength: CASE_DESCRIPTION_MAX_LENGTH }),
    subject: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    incidentDateTime: Type.Optional(Type.String({ format: 'date-time' })),
    /** The stop the request is about (detention, lumper): a stop of the same shipment. */
    shipmentStopId: Type.Optional(Id),
    /** A drafted detention request: the tracking events of the stop are filed as evidence. */
    attachTrackingEvidence: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CaseCreateBody = Static<typeof CaseCreateBody>;

export const CaseCreated = Type.Object({
  id: Id,
  caseNumber: Type.String(),
  caseType: Type.String(),
  status: Type.String(),
  shipmentId: Id,
  shipmentNumber: Type.String(),
});
export type CaseCreated = Static<typeof CaseCreated>;
export const CaseCreatedAnswer = Type.Object({ data: CaseCreated });
export type CaseCreatedAnswer = Static<typeof CaseCreatedAnswer>;

export const CaseActionBody = Type.Object(
  {
    action: Type.Enum([...CASE_ACTIONS]),
    version: Type.Integer({ minimum: 1 }),
    /** ResolvePaid: the amount approved (default: the amount requested). */
    amountApproved: Type.Optional(AmountRequested),
  },
  { additionalProperties: false },
);
export type CaseActionBody = Static<typeof CaseActionBody>;

export const CaseAssigneeBody = Type.Object(
  {
    assigneeUserId: Type.Union([Id, Type.Null()]),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type CaseAssigneeBody = Static<typeof CaseAssigneeBody>;

// ---- Detention drafted from stop times ----

export const DetentionDraftQuery = Type.Object(
  { shipmentId: EntityKey },
  { additionalProperties: false },
);
export type DetentionDraftQuery = Static<typeof DetentionDraftQuery>;

export const TrackingEvidence = Type.Object({
  id: Id,
  activityType: Type.String(),
  occurredAt: Type.String({ format: 'date-time' }),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  note: Nullable(Type.String()),
});

export const DetentionDraft = Type.Object({
  shipmentStopId: Id,
  stopNumber: Type.Integer(),
  stopType: Type.String(),
  locationName: Type.String(),
  city: Type.String(),
  state: Type.String(),
  ianaTimezone: Type.String(),
  arrivedAt: Type.String({ format: 'date-time' }),
  departedAt: Type.String({ format: 'date-time' }),
  dwellMinutes: Type.Integer(),
  freeMinutes: Type.Integer(),
  billableHours: Type.Number(),
  ratePerHour: Type.Number(),
  amountRequested: Type.Number(),
  subject: Type.String(),
  description: Type.String(),
  evidence: Type.Array(TrackingEvidence),
  /** The detention request already filed for this stop, if any. */
  filedCaseNumber: Nullable(Type.String()),
});
export type DetentionDraft = Static<typeof DetentionDraft>;

export const DetentionDraftList = Type.Object({ data: Type.Array(DetentionDraft) });
export type DetentionDraftList = Static<typeof DetentionDraftList>;
