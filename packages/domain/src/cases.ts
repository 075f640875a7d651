import { isValueOf, valuesOf, type ValueOf } from './enum-values';

/** The four statuses users see (plus None for "no status"). */
export const CaseStatusLabel = {
  None: 'None',
  New: 'New',
  InProgress: 'In Progress',
  OnHold: 'On Hold',
  Resolved: 'Resolved',
} as const;
export type CaseStatusLabel = ValueOf<typeof CaseStatusLabel>;

export const CASE_STATUS_LABELS: readonly CaseStatusLabel[] = valuesOf(CaseStatusLabel);

/** The detailed status the server stores; users only ever see it collapsed. */
export const CaseStatus = {
  New: 'New',
  Open: 'Open',
  InProgress: 'InProgress',
  InProgressAwaitingCarrier: 'InProgressAwaitingCarrier',
  InProgressAwaitingCustomer: 'InProgressAwaitingCustomer',
  OnHold: 'OnHold',
  OnHoldPendingDocuments: 'OnHoldPendingDocuments',
  Resolved: 'Resolved',
  Voided: 'Voided',
} as const;
export type CaseStatus = ValueOf<typeof CaseStatus>;

export const CASE_STATUSES: readonly CaseStatus[] = valuesOf(CaseStatus);
export const isCaseStatus = isValueOf(CaseStatus);

export const CaseResolutionType = {
  None: 'None',
  Paid: 'Paid',
  Declined: 'Declined',
  Withdrawn: 'Withdrawn',
} as const;
export type CaseResolutionType = ValueOf<typeof CaseResolutionType>;

export const CASE_RESOLUTION_TYPES: readonly CaseResolutionType[] = valuesOf(CaseResolutionType);
export const isCaseResolutionType = isValueOf(CaseResolutionType);

export interface CollapsedCaseStatus {
  readonly label: CaseStatusLabel;
  readonly isVoided: boolean;
}

/** Which user-facing group each stored status falls into before resolution is considered. */
const CASE_STATUS_GROUPS: Readonly<Record<CaseStatus, CaseStatusLabel>> = {
  New: CaseStatusLabel.New,
  Open: CaseStatusLabel.New,
  InProgress: CaseStatusLabel.InProgress,
  InProgressAwaitingCarrier: CaseStatusLabel.InProgress,
  InProgressAwaitingCustomer: CaseStatusLabel.InProgress,
  OnHold: CaseStatusLabel.OnHold,
  OnHoldPendingDocuments: CaseStatusLabel.OnHold,
  Resolved: CaseStatusLabel.Resolved,
  Voided: CaseStatusLabel.Resolved,
};

export function collapseCaseStatus(input: {
  readonly status: CaseStatus;
  readonly resolutionType?: CaseResolutionType | null | undefined;
}): CollapsedCaseStatus {
  const isVoided = input.status === CaseStatus.Voided;
  const isSettled =
    input.resolutionType === CaseResolutionType.Paid ||
    input.resolutionType === CaseResolutionType.Declined;
  if (isSettled) return { label: CaseStatusLabel.Resolved, isVoided };
  return { label: CASE_STATUS_GROUPS[input.status], isVoided };
}

/** Stored statuses a user-facing label filter stands for. */
export function caseStatusesForLabel(label: CaseStatusLabel): CaseStatus[] {
  return CASE_STATUSES.filter((status) => CASE_STATUS_GROUPS[status] === label);
}

export interface CaseCountStats {
  readonly new: number;
  readonly inProgress: number;
  readonly onHold: number;
  readonly resolved: number;
}

export const CASE_COUNT_STAT_KEYS = ['new', 'inProgress', 'onHold', 'resolved'] as const;
export type CaseCountStatKey = (typeof CASE_COUNT_STAT_KEYS)[number];

export function caseCountStatKey(label: CaseStatusLabel): CaseCountStatKey | undefined {
  switch (label) {
    case CaseStatusLabel.New:
      return 'new';
    case CaseStatusLabel.InProgress:
      return 'inProgress';
    case CaseStatusLabel.OnHold:
      return 'onHold';
    case CaseStatusLabel.Resolved:
      return 'resolved';
    case CaseStatusLabel.None:
      return undefined;
  }
}

/** Tallies cases by their collapsed status; voided cases count as resolved. */
export function tallyCaseCountStats(
  cases: Iterable<{
    readonly status: CaseStatus;
    readonly resolutionType?: CaseResolutionType | null | undefined;
  }>,
): CaseCountStats {
  const counts = { new: 0, inProgress: 0, onHold: 0, resolved: 0 };
  for (const item of cases) {
    const key = caseCountStatKey(collapseCaseStatus(item).label);
    if (key) counts[key] += 1;
  }
  return counts;
}

export const CaseType = {
  Detention: 'Detention',
  Lumper: 'Lumper',
  Layover: 'Layover',
  TONU: 'TONU',
  DriverAssist: 'DriverAssist',
  Redelivery: 'Redelivery',
  Storage: 'Storage',
  ReweighReclass: 'ReweighReclass',
  Claim: 'Claim',
  Other: 'Other',
} as const;
export type CaseType = ValueOf<typeof CaseType>;

export const CASE_TYPES: readonly CaseType[] = valuesOf(CaseType);
export const isCaseType = isValueOf(CaseType);

export const CASE_TYPE_DISPLAY_NAMES: Readonly<Record<CaseType, string>> = {
  Detention: 'Detention',
  Lumper: 'Lumper',
  Layover: 'Layover',
  TONU: 'TONU',
  DriverAssist: 'Driver Assist',
  Redelivery: 'Redelivery',
  Storage: 'Storage',
  ReweighReclass: 'Reweigh / Reclass',
  Claim: 'Claim',
  Other: 'Other',
};

export const CaseSource = {
  Portal: 'Portal',
  Email: 'Email',
  Phone: 'Phone',
  Internal: 'Internal',
} as const;
export type CaseSource = ValueOf<typeof CaseSource>;

export const CASE_SOURCES: readonly CaseSource[] = valuesOf(CaseSource);
export const isCaseSource = isValueOf(CaseSource);

export const CasePriority = {
  Low: 'Low',
  Medium: 'Medium',
  High: 'High',
  Urgent: 'Urgent',
} as const;
export type CasePriority = ValueOf<typeof CasePriority>;

export const CASE_PRIORITIES: readonly CasePriority[] = valuesOf(CasePriority);
export const isCasePriority = isValueOf(CasePriority);

/**
 * The types a carrier raises from the portal (decision 100). Redelivery and Storage stay readable
 * for cases the operator opened by phone or e-mail.
 */
export const CREATABLE_CASE_TYPES: readonly CaseType[] = [
  CaseType.Detention,
  CaseType.Layover,
  CaseType.Lumper,
  CaseType.TONU,
  CaseType.DriverAssist,
  CaseType.ReweighReclass,
  CaseType.Claim,
  CaseType.Other,
];

/** An amount requested is positive cents and at most this much: anything larger is a typo. */
export const CASE_MAX_AMOUNT_REQUESTED_CENTS = 5_000_000;
export const CASE_DESCRIPTION_MAX_LENGTH = 4000;

/** The user-facing status groups a list view or filter names (the count stats' keys). */
export const CaseStatusGroup = {
  New: 'New',
  InProgress: 'InProgress',
  OnHold: 'OnHold',
  Resolved: 'Resolved',
} as const;
export type CaseStatusGroup = ValueOf<typeof CaseStatusGroup>;
export const CASE_STATUS_GROUPS_IN_ORDER: readonly CaseStatusGroup[] = valuesOf(CaseStatusGroup);
export const isCaseStatusGroup = isValueOf(CaseStatusGroup);

export const CASE_STATUS_GROUP_LABELS: Readonly<Record<CaseStatusGroup, CaseStatusLabel>> = {
  New: CaseStatusLabel.New,
  InProgress: CaseStatusLabel.InProgress,
  OnHold: CaseStatusLabel.OnHold,
  Resolved: CaseStatusLabel.Resolved,
};

export const CASE_STATUS_GROUP_COUNT_KEYS: Readonly<Record<CaseStatusGroup, CaseCountStatKey>> = {
  New: 'new',
  InProgress: 'inProgress',
  OnHold: 'onHold',
  Resolved: 'resolved',
};

/** The group a case falls into: the same answer as collapseCaseStatus, as a key. */
export function caseStatusGroup(input: {
  readonly status: CaseStatus;
  readonly resolutionType?: CaseResolutionType | null | undefined;
}): CaseStatusGroup {
  const label = collapseCaseStatus(input).label;
  const group = (Object.keys(CASE_STATUS_GROUP_LABELS) as CaseStatusGroup[]).find(
    (key) => CASE_STATUS_GROUP_LABELS[key] === label,
  );
  return group ?? CaseStatusGroup.New;
}

/** What the operator's staff do to a case (decision 101). */
export const CaseAction = {
  Start: 'Start',
  Hold: 'Hold',
  ResolvePaid: 'ResolvePaid',
  ResolveDeclined: 'ResolveDeclined',
} as const;
export type CaseAction = ValueOf<typeof CaseAction>;
export const CASE_ACTIONS: readonly CaseAction[] = valuesOf(CaseAction);

export const CASE_ACTION_LABELS: Readonly<Record<CaseAction, string>> = {
  Start: 'Start Work',
  Hold: 'Put On Hold',
  ResolvePaid: 'Resolve Paid',
  ResolveDeclined: 'Resolve Declined',
};

const OPEN_STATUSES_BY_GROUP = {
  New: [CaseStatus.New, CaseStatus.Open],
  InProgress: [
    CaseStatus.InProgress,
    CaseStatus.InProgressAwaitingCarrier,
    CaseStatus.InProgressAwaitingCustomer,
  ],
  OnHold: [CaseStatus.OnHold, CaseStatus.OnHoldPendingDocuments],
} as const;

/**
 * The case state machine: which stored status an action leads to from a case's current state, or
 * the reason it may not. Resolved and voided cases are final; a case on hold is taken up again
 * with Start; a case is put on hold only while it is new or being worked.
 */
export function caseTransition(
  current: { readonly status: CaseStatus; readonly resolutionType?: CaseResolutionType | null },
  action: CaseAction,
):
  | { readonly ok: true; readonly status: CaseStatus; readonly resolutionType: CaseResolutionType }
  | { readonly ok: false; readonly reason: string } {
  const group = caseStatusGroup(current);
  if (group === CaseStatusGroup.Resolved)
    return { ok: false, reason: 'The accessorial request is already resolved' };
  switch (action) {
    case CaseAction.Start:
      if ((OPEN_STATUSES_BY_GROUP.InProgress as readonly CaseStatus[]).includes(current.status))
        return { ok: false, reason: 'The accessorial request is already in progress' };
      return { ok: true, status: CaseStatus.InProgress, resolutionType: CaseResolutionType.None };
    case CaseAction.Hold:
      if ((OPEN_STATUSES_BY_GROUP.OnHold as readonly CaseStatus[]).includes(current.status))
        return { ok: false, reason: 'The accessorial request is already on hold' };
      return { ok: true, status: CaseStatus.OnHold, resolutionType: CaseResolutionType.None };
    case CaseAction.ResolvePaid:
      return { ok: true, status: CaseStatus.Resolved, resolutionType: CaseResolutionType.Paid };
    case CaseAction.ResolveDeclined:
      return { ok: true, status: CaseStatus.Resolved, resolutionType: CaseResolutionType.Declined };
  }
}

/** The actions a case offers now (the staff's buttons). */
export function availableCaseActions(current: {
  readonly status: CaseStatus;
  readonly resolutionType?: CaseResolutionType | null;
}): CaseAction[] {
  return CASE_ACTIONS.filter((action) => caseTransition(current, action).ok);
}

/** Free time and rate when the customer has not agreed other detention terms. */
export const DEFAULT_DETENTION_FREE_MINUTES = 120;
export const DEFAULT_DETENTION_RATE_CENTS = 7_500;

export interface DetentionTerms {
  readonly freeMinutes: number;
  readonly rateCentsPerHour: number;
}

export interface DetentionEstimate {
  readonly dwellMinutes: number;
  /** Hours past the free time, rounded up to the quarter hour (decision 102). */
  readonly billableHours: number;
  readonly amountCents: number;
}

/**
 * Detention at a stop: the time between arrival and departure beyond the customer's free time,
 * billed by the started quarter hour at the customer's hourly rate. Undefined when the truck left
 * within the free time (or has not left yet).
 */
export function detentionAtStop(
  arrivedAt: Date | string | null | undefined,
  departedAt: Date | string | null | undefined,
  terms: DetentionTerms,
): DetentionEstimate | undefined {
  if (!arrivedAt || !departedAt) return undefined;
  const dwellMinutes = Math.floor(
    (new Date(departedAt).getTime() - new Date(arrivedAt).getTime()) / 60_000,
  );
  const beyond = dwellMinutes - terms.freeMinutes;
  if (beyond <= 0) return undefined;
  const billableHours = Math.ceil(beyond / 15) / 4;
  return {
    dwellMinutes,
    billableHours,
    amountCents: Math.round(billableHours * terms.rateCentsPerHour),
  };
}
