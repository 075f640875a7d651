import { describe, expect, it } from 'vitest';
import {
  availableCaseActions,
  CaseAction,
  caseTransition,
  detentionAtStop,
  CASE_COUNT_STAT_KEYS,
  CREATABLE_CASE_TYPES,
  CASE_STATUSES,
  CASE_STATUS_LABELS,
  CASE_TYPE_DISPLAY_NAMES,
  CASE_TYPES,
  CaseResolutionType,
  CaseStatus,
  caseStatusesForLabel,
  collapseCaseStatus,
  isCaseStatus,
  tallyCaseCountStats,
  type CaseStatusLabel,
} from './cases';

describe('case status labels', () => {
  it('are None, New, In Progress, On Hold, Resolved', () => {
    expect(CASE_STATUS_LABELS).toEqual(['None', 'New', 'In Progress', 'On Hold', 'Resolved']);
  });
});

describe('collapseCaseStatus', () => {
  it.each([
    // Resolution Paid or Declined resolves whatever the status.
    ['InProgress', 'Paid', 'Resolved', false],
    ['OnHold', 'Declined', 'Resolved', false],
    ['New', 'Paid', 'Resolved', false],
    // Status Voided or Resolved resolves; Voided also flags.
    ['Voided', 'None', 'Resolved', true],
    ['Voided', undefined, 'Resolved', true],
    ['Voided', 'Paid', 'Resolved', true],
    ['Resolved', 'Withdrawn', 'Resolved', false],
    ['Resolved', null, 'Resolved', false],
    // Every on-hold variant.
    ['OnHold', 'None', 'On Hold', false],
    ['OnHoldPendingDocuments', undefined, 'On Hold', false],
    // Every in-progress variant.
    ['InProgress', undefined, 'In Progress', false],
    ['InProgressAwaitingCarrier', 'None', 'In Progress', false],
    ['InProgressAwaitingCustomer', 'Withdrawn', 'In Progress', false],
    // Everything else.
    ['New', undefined, 'New', false],
    ['Open', 'Withdrawn', 'New', false],
  ] as const)(
    '%s with resolution %s shows %s (voided %s)',
    (status, resolutionType, label, isVoided) => {
      expect(collapseCaseStatus({ status, resolutionType })).toEqual({ label, isVoided });
    },
  );

  it('maps every stored status to one of the four shown labels', () => {
    const shown: readonly CaseStatusLabel[] = ['New', 'In Progress', 'On Hold', 'Resolved'];
    for (const status of CASE_STATUSES) {
      expect(shown).toContain(collapseCaseStatus({ status }).label);
    }
  });

  it('lists the stored statuses a label filter covers', () => {
    expect(caseStatusesForLabel('On Hold')).toEqual(['OnHold', 'OnHoldPendingDocuments']);
    expect(caseStatusesForLabel('Resolved')).toEqual(['Resolved', 'Voided']);
    expect(caseStatusesForLabel('None')).toEqual([]);
  });
});

describe('case count stats', () => {
  it('uses the keys new, inProgress, onHold, resolved', () => {
    expect(CASE_COUNT_STAT_KEYS).toEqual(['new', 'inProgress', 'onHold', 'resolved']);
  });

  it('tallies collapsed statuses', () => {
    expect(
      tallyCaseCountStats([
        { status: CaseStatus.New },
        { status: CaseStatus.Open },
        { status: CaseStatus.InProgressAwaitingCarrier },
        { status: CaseStatus.OnHoldPendingDocuments },
        { status: CaseStatus.Voided },
        { status: CaseStatus.InProgress, resolutionType: CaseResolutionType.Paid },
      ]),
    ).toEqual({ new: 2, inProgress: 1, onHold: 1, resolved: 2 });
    expect(tallyCaseCountStats([])).toEqual({ new: 0, inProgress: 0, onHold: 0, resolved: 0 });
  });
});

describe('case vocabularies', () => {
  it('has the accessorial case types', () => {
    expect(CASE_TYPES.map((type) => CASE_TYPE_DISPLAY_NAMES[type])).toEqual([
      'Detention',
      'Lumper',
      'Layover',
      'TONU',
      'Driver Assist',
      'Redelivery',
      'Storage',
      'Reweigh / Reclass',
      'Claim',
      'Other',
    ]);
  });

  it('lets carriers raise the eight portal types', () => {
    expect(CREATABLE_CASE_TYPES.map((type) => CASE_TYPE_DISPLAY_NAMES[type])).toEqual([
      'Detention',
      'Layover',
      'Lumper',
      'TONU',
      'Driver Assist',
      'Reweigh / Reclass',
      'Claim',
      'Other',
    ]);
  });

  it('recognises stored statuses', () => {
    expect(isCaseStatus('OnHoldPendingDocuments')).toBe(true);
    expect(isCaseStatus('On Hold')).toBe(false);
  });
});

describe('the case state machine', () => {
  const at = (
    status: CaseStatus,
    resolutionType: CaseResolutionType = CaseResolutionType.None,
  ) => ({
    status,
    resolutionType,
  });

  it('starts, holds and resolves open cases, and refuses to move a resolved one', () => {
    expect(caseTransition(at(CaseStatus.New), CaseAction.Start)).toEqual({
      ok: true,
      status: CaseStatus.InProgress,
      resolutionType: CaseResolutionType.None,
    });
    expect(caseTransition(at(CaseStatus.InProgress), CaseAction.Hold)).toMatchObject({
      ok: true,
      status: CaseStatus.OnHold,
    });
    expect(caseTransition(at(CaseStatus.OnHoldPendingDocuments), CaseAction.Start)).toMatchObject({
      ok: true,
      status: CaseStatus.InProgress,
    });
    expect(caseTransition(at(CaseStatus.OnHold), CaseAction.ResolvePaid)).toMatchObject({
      ok: true,
      status: CaseStatus.Resolved,
      resolutionType: CaseResolutionType.Paid,
    });
    expect(caseTransition(at(CaseStatus.InProgressAwaitingCarrier), CaseAction.Start)).toEqual({
      ok: false,
      reason: 'The accessorial request is already in progress',
    });
    expect(caseTransition(at(CaseStatus.OnHold), CaseAction.Hold).ok).toBe(false);
    for (const closed of [
      at(CaseStatus.Resolved, CaseResolutionType.Paid),
      at(CaseStatus.Voided),
      at(CaseStatus.InProgress, CaseResolutionType.Declined),
    ])
      expect(availableCaseActions(closed)).toEqual([]);
    expect(availableCaseActions(at(CaseStatus.New))).toEqual([
      'Start',
      'Hold',
      'ResolvePaid',
      'ResolveDeclined',
    ]);
  });
});

describe('detention at a stop', () => {
  const terms = { freeMinutes: 120, rateCentsPerHour: 7_500 };

  it('bills the time past the free time by the started quarter hour at the hourly rate', () => {
    expect(detentionAtStop('2026-11-20T14:00:00Z', '2026-11-20T19:10:00Z', terms)).toEqual({
      dwellMinutes: 310,
      billableHours: 3.25,
      amountCents: 24_375,
    });
    expect(detentionAtStop('2026-11-20T14:00:00Z', '2026-11-20T16:01:00Z', terms)).toEqual({
      dwellMinutes: 121,
      billableHours: 0.25,
      amountCents: 1_875,
    });
  });

  it('owes nothing within the free time or before the truck has left', () => {
    expect(detentionAtStop('2026-11-20T14:00:00Z', '2026-11-20T16:00:00Z', terms)).toBeUndefined();
    expect(detentionAtStop('2026-11-20T14:00:00Z', null, terms)).toBeUndefined();
    expect(
      detentionAtStop('2026-11-20T14:00:00Z', '2026-11-20T19:00:00Z', {
        ...terms,
        freeMinutes: 360,
      }),
    ).toBeUndefined();
  });
});
