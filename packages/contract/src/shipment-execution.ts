import Type, { type Static, type TSchema } from 'typebox';
import {
  DRIVER_SEARCH_PAGE_SIZE,
  REPORTABLE_TRACKING_ACTIVITY_TYPES,
  TRACKING_PROBLEM_TYPES,
} from '@portal/domain';
import { DataOf, Id, PageOf, PagingQuery } from './common';
import { ShipmentStop, TrackingActivity, TrackingProblem } from './shipments';

// Running a shipment: drivers, equipment, stop appointments, arrivals and departures, PRO number,
// quick closure, empty location, preload, tracking activities and problems, and the searches the
// dispatch screens use to pick drivers, trucks, trailers and lengths.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });

/**
 * A time a user reports: an instant with its offset ("2026-03-08T15:30:00Z"), or a wall-clock
 * "YYYY-MM-DDTHH:mm" read in the stop's own zone.
 */
export const ReportedTime = Type.String({
  minLength: 16,
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?(Z|[+-]\\d{2}:\\d{2})?$',
  description: 'ISO 8601 instant, or YYYY-MM-DDTHH:mm in the stop’s zone',
});

const Version = Type.Optional(
  Type.Integer({ minimum: 1, description: 'The shipment version read (or send If-Match)' }),
);

// ---- Drivers ----

export const Driver = Type.Object({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  name: Type.String(),
  primaryEmail: Nullable(Type.String()),
  mobilePhoneNumber: Nullable(Type.String()),
  profilePictureURL: Nullable(Type.String()),
});
export type Driver = Static<typeof Driver>;

export const AssignedDriver = Type.Object({
  ...Driver.properties,
  isPrimary: Type.Boolean(),
  assignedAt: Instant,
});
export type AssignedDriver = Static<typeof AssignedDriver>;
export const AssignedDriverList = DataOf(Type.Array(AssignedDriver));
export type AssignedDriverList = Static<typeof AssignedDriverList>;

/** After assigning or removing a driver: the drivers, and the status the shipment is now in. */
export const DriverAssignmentAnswer = Type.Object({
  data: Type.Array(AssignedDriver),
  shipmentStatus: Type.Object({ value: Type.Integer(), displayName: Type.String() }),
  version: Type.Integer(),
});
export type DriverAssignmentAnswer = Static<typeof DriverAssignmentAnswer>;

export const AssignDriverBody = Type.Object(
  {
    driverId: Id,
    isPrimary: Type.Optional(
      Type.Boolean({ description: 'Default: primary when the shipment has no driver yet' }),
    ),
  },
  { additionalProperties: false },
);
export type AssignDriverBody = Static<typeof AssignDriverBody>;

export const ShipmentDriverParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }), driverId: Id },
  { additionalProperties: false },
);
export type ShipmentDriverParams = Static<typeof ShipmentDriverParams>;

export const DriverSearchQuery = Type.Object(
  {
    companyId: Type.Optional(Id),
    q: Type.Optional(Type.String({ maxLength: 50 })),
    ...PagingQuery(DRIVER_SEARCH_PAGE_SIZE, 100),
  },
  { additionalProperties: false },
);
export type DriverSearchQuery = Static<typeof DriverSearchQuery>;
export const DriverPage = PageOf(Driver);
export type DriverPage = Static<typeof DriverPage>;

// ---- Equipment ----

export const Trailer = Type.Object({
  id: Id,
  trailerNumber: Type.String(),
  equipmentType: Type.Object({ value: Type.Integer(), displayName: Type.String() }),
  lengthFeet: Nullable(Type.Integer()),
  licensePlate: Nullable(Type.String()),
  licenseState: Nullable(Type.String()),
});
export type Trailer = Static<typeof Trailer>;

export const PowerUnit = Type.Object({
  id: Id,
  unitNumber: Type.String(),
  make: Nullable(Type.String()),
  modelYear: Nullable(Type.Integer()),
  licensePlate: Nullable(Type.String()),
  licenseState: Nullable(Type.String()),
});
export type PowerUnit = Static<typeof PowerUnit>;

export const ShipmentEquipment = DataOf(
  Type.Object({
    version: Type.Integer(),
    shipmentStatus: Type.Object({ value: Type.Integer(), displayName: Type.String() }),
    requiredEquipmentTypes: Type.Array(
      Type.Object({ value: Type.Integer(), displayName: Type.String() }),
    ),
    requiredLengthFeet: Nullable(Type.Integer()),
    needsTrailer: Type.Boolean({ description: 'false for power-only loads' }),
    trailer: Nullable(Trailer),
    powerUnit: Nullable(PowerUnit),
  }),
);
export type ShipmentEquipment = Static<typeof ShipmentEquipment>;

export const SaveEquipmentBody = Type.Object(
  {
    trailerId: Type.Optional(Nullable(Id)),
    trailerNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    trailerEquipmentType: Type.Optional(
      Type.Integer({ minimum: 1, description: 'For a trailer number not on file yet' }),
    ),
    trailerLengthFeet: Type.Optional(Type.Integer({ minimum: 10, maximum: 60 })),
    powerUnitId: Type.Optional(Nullable(Id)),
    powerUnitNumber: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    version: Version,
  },
  { additionalProperties: false },
);
export type SaveEquipmentBody = Static<typeof SaveEquipmentBody>;

export const EquipmentSearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 20 })),
    ...PagingQuery(DRIVER_SEARCH_PAGE_SIZE, 100),
  },
  { additionalProperties: false },
);
export type EquipmentSearchQuery = Static<typeof EquipmentSearchQuery>;
export const TrailerSearchQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 20 })),
    equipmentTypes: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Bit mask: only trailers of these types' }),
    ),
    ...PagingQuery(DRIVER_SEARCH_PAGE_SIZE, 100),
  },
  { additionalProperties: false },
);
export type TrailerSearchQuery = Static<typeof TrailerSearchQuery>;
export const TrailerPage = PageOf(Trailer);
export type TrailerPage = Static<typeof TrailerPage>;
export const PowerUnitPage = PageOf(PowerUnit);
export type PowerUnitPage = Static<typeof PowerUnitPage>;
export const LengthSearchQuery = Type.Object(
  { q: Type.Optional(Type.String({ maxLength: 3, pattern: '^\\d*$' })) },
  { additionalProperties: false },
);
export type LengthSearchQuery = Static<typeof LengthSearchQuery>;
export const LengthList = DataOf(
  Type.Array(Type.Object({ lengthFeet: Type.Integer(), displayName: Type.String() })),
);
export type LengthList = Static<typeof LengthList>;

// ---- Stops ----

export const StopParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }), stopId: Id },
  { additionalProperties: false },
);
export type StopParams = Static<typeof StopParams>;

export const AppointmentBody = Type.Object(
  {
    shipmentId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Number or id; must match the path',
    }),
    stopId: Id,
    times: Type.Object(
      {
        appointment: Type.Optional(Nullable(ReportedTime)),
        early: Type.Optional(ReportedTime),
        late: Type.Optional(ReportedTime),
      },
      {
        additionalProperties: false,
        description:
          'The appointment (null clears it); the window (early, late) is the operator’s to change',
      },
    ),
    version: Version,
  },
  { additionalProperties: false },
);
export type AppointmentBody = Static<typeof AppointmentBody>;

export const StopAnswer = DataOf(
  Type.Object({
    stop: ShipmentStop,
    shipmentStatus: Type.Object({ value: Type.Integer(), displayName: Type.String() }),
    version: Type.Integer(),
  }),
);
export type StopAnswer = Static<typeof StopAnswer>;

export const ArrivalDepartureBody = Type.Object(
  {
    arrivedAt: Type.Optional(ReportedTime),
    departedAt: Type.Optional(ReportedTime),
    confirmedTrackingLineItems: Type.Optional(
      Type.Array(
        Type.Object(
          { id: Id, confirmedPackageCount: Type.Integer({ minimum: 0, maximum: 100_000 }) },
          { additionalProperties: false },
        ),
        { maxItems: 200 },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ArrivalDepartureBody = Static<typeof ArrivalDepartureBody>;

export const PreloadBody = Type.Object(
  { isPreloaded: Type.Boolean() },
  { additionalProperties: false },
);
export type PreloadBody = Static<typeof PreloadBody>;

// ---- Shipment-level execution ----

export const ProNumberBody = Type.Object(
  {
    value: Nullable(Type.String({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9-]+$' })),
    version: Version,
  },
  { additionalProperties: false },
);
export type ProNumberBody = Static<typeof ProNumberBody>;
export const ProNumberAnswer = DataOf(
  Type.Object({ shippingProNumber: Nullable(Type.String()), version: Type.Integer() }),
);
export type ProNumberAnswer = Static<typeof ProNumberAnswer>;

export const QuickClosureAnswer = DataOf(
  Type.Object({
    status: Type.Object({ value: Type.Integer(), displayName: Type.String() }),
    version: Type.Integer(),
    closedStops: Type.Array(Type.Integer(), { description: 'Stop numbers closed by this request' }),
  }),
);
export type QuickClosureAnswer = Static<typeof QuickClosureAnswer>;

export const EmptyLocation = DataOf(
  Type.Object({
    city: Nullable(Type.String()),
    state: Nullable(Type.String()),
    postalCode: Nullable(Type.String()),
    emptyAt: Nullable(Instant),
    version: Type.Integer(),
  }),
);
export type EmptyLocation = Static<typeof EmptyLocation>;
export const EmptyLocationBody = Type.Object(
  {
    postalCode: Type.String({ minLength: 3, maxLength: 10 }),
    emptyAt: ReportedTime,
    version: Version,
  },
  { additionalProperties: false },
);
export type EmptyLocationBody = Static<typeof EmptyLocationBody>;

export const TrackingActivityBody = Type.Object(
  {
    activityType: Type.Union(REPORTABLE_TRACKING_ACTIVITY_TYPES.map((type) => Type.Literal(type))),
    occurredAt: Type.Optional(ReportedTime),
    postalCode: Type.Optional(Type.String({ minLength: 3, maxLength: 10 })),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
    note: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type TrackingActivityBody = Static<typeof TrackingActivityBody>;
export const TrackingActivityAnswer = DataOf(TrackingActivity);
export type TrackingActivityAnswer = Static<typeof TrackingActivityAnswer>;

export const ProblemBody = Type.Object(
  {
    problemType: Type.Union(TRACKING_PROBLEM_TYPES.map((type) => Type.Literal(type))),
    description: Type.String({ minLength: 1, maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type ProblemBody = Static<typeof ProblemBody>;
export const ProblemParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }), problemId: Id },
  { additionalProperties: false },
);
export type ProblemParams = Static<typeof ProblemParams>;
export const ResolveProblemBody = Type.Object(
  { resolved: Type.Literal(true) },
  { additionalProperties: false },
);
export type ResolveProblemBody = Static<typeof ResolveProblemBody>;
export const TrackingProblemAnswer = DataOf(TrackingProblem);
export type TrackingProblemAnswer = Static<typeof TrackingProblemAnswer>;
