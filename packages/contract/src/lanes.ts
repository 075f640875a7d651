import Type, { type Static, type TSchema } from 'typebox';
import { LOAD_BOARD_DEFAULT_RADIUS_MILES, LOAD_BOARD_MAX_RADIUS_MILES } from '@portal/domain';
import { DataOf, Id } from './common';

// Saved lanes (/saved-lanes, /lanes) and live equipment (/live-equipment): what a carrier watches
// and the trucks it posts, each with the loads on the board that match it. Money in dollars.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const PostalCode = Type.String({ minLength: 3, maxLength: 10 });
const Radius = Type.Integer({
  minimum: 0,
  maximum: LOAD_BOARD_MAX_RADIUS_MILES,
  default: LOAD_BOARD_DEFAULT_RADIUS_MILES,
});
const StateCode = Type.String({ pattern: '^[A-Za-z]{2}$' });
const EquipmentMask = Type.Integer({ minimum: 1, description: 'Equipment type bits' });

export const LanePlace = Type.Object({
  city: Nullable(Type.String()),
  state: Type.String(),
  postalCode: Nullable(Type.String()),
});

export const SavedLaneBody = Type.Object(
  {
    originPostalCode: PostalCode,
    originRadius: Radius,
    destinationPostalCode: Type.Optional(Nullable(PostalCode)),
    destinationState: Type.Optional(Nullable(StateCode)),
    destinationRadius: Radius,
    equipmentTypes: EquipmentMask,
    minRate: Type.Optional(Nullable(Type.Number({ minimum: 0, description: 'Dollars' }))),
  },
  { additionalProperties: false },
);
export type SavedLaneBody = Static<typeof SavedLaneBody>;

export const SavedLane = Type.Object({
  id: Id,
  origin: LanePlace,
  originRadius: Type.Integer(),
  destination: Nullable(LanePlace),
  destinationRadius: Type.Integer(),
  equipmentTypes: Type.Integer(),
  equipmentNames: Type.Array(Type.String()),
  minRate: Nullable(Type.Number()),
  matchCount: Type.Integer({ description: 'Loads on the board matching the lane now' }),
  loadBoardSearch: Type.String({ description: 'The /reloads query string for the lane' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type SavedLane = Static<typeof SavedLane>;
export const SavedLaneList = Type.Object({ data: Type.Array(SavedLane) });
export type SavedLaneList = Static<typeof SavedLaneList>;
export const SavedLaneAnswer = DataOf(SavedLane);
export type SavedLaneAnswer = Static<typeof SavedLaneAnswer>;
export const SavedLaneParams = Type.Object({ laneId: Id }, { additionalProperties: false });

export const EquipmentPostingBody = Type.Object(
  {
    equipmentTypes: EquipmentMask,
    postalCode: PostalCode,
    availableFrom: Type.String({ format: 'date-time' }),
    availableTo: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
    destinationPostalCode: Type.Optional(Nullable(PostalCode)),
    destinationState: Type.Optional(Nullable(StateCode)),
    note: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  },
  { additionalProperties: false },
);
export type EquipmentPostingBody = Static<typeof EquipmentPostingBody>;

export const EquipmentPosting = Type.Object({
  id: Id,
  equipmentTypes: Type.Integer(),
  equipmentNames: Type.Array(Type.String()),
  location: LanePlace,
  availableFrom: Type.String({ format: 'date-time' }),
  availableTo: Nullable(Type.String({ format: 'date-time' })),
  destination: Nullable(LanePlace),
  note: Nullable(Type.String()),
  matchCount: Type.Integer(),
  loadBoardSearch: Type.String(),
});
export type EquipmentPosting = Static<typeof EquipmentPosting>;
export const EquipmentPostingList = Type.Object({ data: Type.Array(EquipmentPosting) });
export type EquipmentPostingList = Static<typeof EquipmentPostingList>;
export const EquipmentPostingAnswer = DataOf(EquipmentPosting);
export type EquipmentPostingAnswer = Static<typeof EquipmentPostingAnswer>;
export const EquipmentPostingParams = Type.Object(
  { postingId: Id },
  { additionalProperties: false },
);
