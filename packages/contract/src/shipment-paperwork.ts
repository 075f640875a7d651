import Type, { type Static, type TSchema } from 'typebox';
import { DataOf, Id } from './common';

// Paperwork the server makes for a shipment: the bill of lading and the rate confirmation (and its
// signed copy). The files themselves are read through GET api/v1/documents/{id} (fileURL).

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });

/** The spec's Document, as the shipment's paperwork answers it. */
export const ShipmentPaperworkDocument = Type.Object({
  id: Id,
  name: Type.String(),
  type: Type.Integer({
    description:
      'File type: 16 Bill of Lading, 17 Carrier Confirmation, 41 Signed Rate Confirmation',
  }),
  extension: Type.String(),
  fileURL: Type.String(),
  entityType: Type.Integer(),
  entityId: Nullable(Id),
  entityDescription: Nullable(Type.String()),
  required: Type.Boolean(),
  createdAt: Instant,
});
export type ShipmentPaperworkDocument = Static<typeof ShipmentPaperworkDocument>;
export const ShipmentPaperworkAnswer = DataOf(ShipmentPaperworkDocument);
export type ShipmentPaperworkAnswer = Static<typeof ShipmentPaperworkAnswer>;

export const CreateBillOfLadingBody = Type.Object(
  {
    pickupOrderStopId: Id,
    deliveryOrderStopId: Id,
    orderId: Id,
    shipmentId: Id,
  },
  { additionalProperties: false },
);
export type CreateBillOfLadingBody = Static<typeof CreateBillOfLadingBody>;

export const RateConfirmationState = DataOf(
  Type.Object({
    /** The signed copy when the current confirmation is signed, else the confirmation to sign. */
    rateConfirmationDocument: Nullable(ShipmentPaperworkDocument),
    confirmation: Nullable(ShipmentPaperworkDocument),
    signed: Nullable(ShipmentPaperworkDocument),
    isSigned: Type.Boolean(),
    signedBy: Nullable(Type.String()),
    signedAt: Nullable(Instant),
  }),
);
export type RateConfirmationState = Static<typeof RateConfirmationState>;

export const SignRateConfirmationBody = Type.Object(
  {
    documentId: Type.String({
      format: 'uuid',
      description: 'The confirmation being signed (as read)',
    }),
    signerName: Type.String({ minLength: 2, maxLength: 80 }),
    signerTitle: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  },
  { additionalProperties: false },
);
export type SignRateConfirmationBody = Static<typeof SignRateConfirmationBody>;
