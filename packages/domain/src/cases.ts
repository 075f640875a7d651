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
