import { describe, expect, it } from 'vitest';
import {
  CASE_COUNT_STAT_KEYS,
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
      'Other',
    ]);
  });

  it('recognises stored statuses', () => {
    expect(isCaseStatus('OnHoldPendingDocuments')).toBe(true);
    expect(isCaseStatus('On Hold')).toBe(false);
  });
});
