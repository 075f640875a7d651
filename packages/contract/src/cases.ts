import Type, { type Static } from 'typebox';
import { Id } from './common';

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
