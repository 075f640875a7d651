import Type, { type Static, type TSchema } from 'typebox';
import {
  LIST_PAGE_SIZE,
  SHIPMENT_ACTIONS,
  SHIPMENT_CASES_PAGE_SIZE,
  ShipmentListName,
  type ShipmentAction,
} from '@portal/domain';
import { DataOf, Id, PageOf, PagingQuery, StatusValue } from './common';

// Shipments: the booking and tracking lists, counts, saved filter sets, trips, and every read of a
// shipment's detail (trucks API v2). Times are ISO 8601 instants (UTC); a stop's times come with its
// IANA zone and the same times as wall-clock "YYYY-MM-DDTHH:mm" in that zone. Money is in dollars.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });
const Dollars = Type.Number({ description: 'US dollars, two decimals' });

/** A shipment in a URL: its number (as the screens use) or its id. */
export const ShipmentIdParams = Type.Object(
  {
    id: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Shipment number (e.g. 1000123) or shipment id (uuid)',
    }),
  },
  { additionalProperties: false },
);
export type ShipmentIdParams = Static<typeof ShipmentIdParams>;

const ShipmentStatusNumber = Type.Integer({ minimum: -1, maximum: 8 });

export const ShipmentListFilters = {
  query: Type.Optional(
    Type.String({ minLength: 1, maxLength: 50, description: 'Shipment number prefix' }),
  ),
  statuses: Type.Optional(
    Type.Array(ShipmentStatusNumber, {
      maxItems: 10,
      description:
        'Repeat the parameter (statuses=3&statuses=4) or separate with commas; default Dispatched, In Transit, At Stop, Booked, Delivered',
    }),
  ),
  needsUpdates: Type.Optional(
    Type.Boolean({
      description:
        'Only active shipments (Dispatched, In Transit, At Stop) whose tracking update is due',
    }),
  ),
};

export const ShipmentListQuery = Type.Object(
  {
    list: Type.Optional(
      Type.Union(
        [Type.Literal(ShipmentListName.Booking), Type.Literal(ShipmentListName.Tracking)],
        {
          description:
            'booking (newest pickup first, the default) or tracking (most overdue update first)',
        },
      ),
    ),
    ...ShipmentListFilters,
    ...PagingQuery(LIST_PAGE_SIZE, 100),
  },
  { additionalProperties: false },
);
export type ShipmentListQuery = Static<typeof ShipmentListQuery>;

export const ShipmentCountQuery = Type.Object(ShipmentListFilters, { additionalProperties: false });
export type ShipmentCountQuery = Static<typeof ShipmentCountQuery>;

export const ShipmentStatusCountQuery = Type.Object(
  { query: ShipmentListFilters.query, needsUpdates: ShipmentListFilters.needsUpdates },
  { additionalProperties: false },
);
export type ShipmentStatusCountQuery = Static<typeof ShipmentStatusCountQuery>;

export const MapPoint = Type.Object({ latitude: Type.Number(), longitude: Type.Number() });

export const ShipmentPlace = Type.Object({
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
  /** The place's IANA zone: the pickup time is shown on the origin's clock, the delivery on the destination's. */
  timeZone: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});
export type ShipmentPlace = Static<typeof ShipmentPlace>;

export const KnownPosition = Type.Object({
  latitude: Type.Number(),
  longitude: Type.Number(),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  at: Instant,
  activityType: Type.String(),
});
export type KnownPosition = Static<typeof KnownPosition>;

const PartyName = Type.Object({ id: Id, name: Type.String() });
const DriverName = Type.Object({ id: Id, name: Type.String(), isPrimary: Type.Boolean() });

/** A row of the booking list, the tracking list and /my-shipments; also a map marker set. */
export const ShipmentListItem = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  status: StatusValue,
  origin: ShipmentPlace,
  destination: ShipmentPlace,
  /** The latest tracking position, for the map; null before any position was reported. */
  lastKnownPosition: Nullable(KnownPosition),
  pickupAt: Nullable(Instant),
  deliveryAt: Nullable(Instant),
  nextUpdateDueAt: Nullable(Instant),
  needsUpdate: Type.Boolean(),
  isOnTime: Nullable(Type.Boolean()),
  carrier: Nullable(PartyName),
  drivers: Type.Array(DriverName),
  equipmentTypes: Type.Array(Type.String()),
  totalWeightPounds: Nullable(Type.Number()),
  totalMiles: Nullable(Type.Integer()),
  /** The carrier's rate: shown to the carrier, its factoring company and the operator only. */
  carrierRate: Nullable(Dollars),
  shippingProNumber: Nullable(Type.String()),
  tripId: Nullable(Id),
});
export type ShipmentListItem = Static<typeof ShipmentListItem>;

export const ShipmentListPage = PageOf(ShipmentListItem);
export type ShipmentListPage = Static<typeof ShipmentListPage>;

export const ShipmentTotalCount = Type.Object({ totalCount: Type.Integer({ minimum: 0 }) });
export type ShipmentTotalCount = Static<typeof ShipmentTotalCount>;

export const ShipmentStatusCounts = DataOf(
  Type.Array(Type.Object({ status: StatusValue, count: Type.Integer({ minimum: 0 }) })),
);
export type ShipmentStatusCounts = Static<typeof ShipmentStatusCounts>;

export const ShipmentOnTimeCounts = DataOf(
  Type.Object({
    onTime: Type.Integer({ minimum: 0 }),
    late: Type.Integer({ minimum: 0 }),
    notYetKnown: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
);
export type ShipmentOnTimeCounts = Static<typeof ShipmentOnTimeCounts>;

export const MyShipmentsQuery = Type.Object(
  {
    statuses: ShipmentListFilters.statuses,
    ...PagingQuery(LIST_PAGE_SIZE, 100),
  },
  { additionalProperties: false },
);
export type MyShipmentsQuery = Static<typeof MyShipmentsQuery>;

// ---- Problem shipments ----

export const ProblemShipmentsQuery = Type.Object(
  { query: ShipmentListFilters.query, ...PagingQuery(LIST_PAGE_SIZE, 100) },
  { additionalProperties: false },
);
export type ProblemShipmentsQuery = Static<typeof ProblemShipmentsQuery>;

export const TrackingProblem = Type.Object({
  id: Id,
  problemType: Type.String(),
  description: Type.String(),
  reportedAt: Instant,
  reportedBy: Nullable(Type.Object({ id: Id, name: Type.String() })),
  resolvedAt: Nullable(Instant),
});
export type TrackingProblem = Static<typeof TrackingProblem>;

export const ProblemShipment = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  status: StatusValue,
  origin: ShipmentPlace,
  destination: ShipmentPlace,
  carrier: Nullable(PartyName),
  openProblems: Type.Array(TrackingProblem),
});
export type ProblemShipment = Static<typeof ProblemShipment>;
export const ProblemShipmentPage = PageOf(ProblemShipment);
export type ProblemShipmentPage = Static<typeof ProblemShipmentPage>;

// ---- Saved filter sets ----

export const ShipmentFilterFields = Type.Object(
  {
    query: ShipmentListFilters.query,
    statuses: ShipmentListFilters.statuses,
    needsUpdates: ShipmentListFilters.needsUpdates,
  },
  { additionalProperties: false },
);
export type ShipmentFilterFields = Static<typeof ShipmentFilterFields>;

const ListName = Type.Union([
  Type.Literal(ShipmentListName.Booking),
  Type.Literal(ShipmentListName.Tracking),
]);

export const FilterSetListQuery = Type.Object(
  { listName: Type.Optional(ListName) },
  { additionalProperties: false },
);
export type FilterSetListQuery = Static<typeof FilterSetListQuery>;

export const FilterSetBody = Type.Object(
  {
    listName: ListName,
    viewName: Type.String({ minLength: 1, maxLength: 60 }),
    filterFields: ShipmentFilterFields,
  },
  { additionalProperties: false },
);
export type FilterSetBody = Static<typeof FilterSetBody>;

export const FilterSetParams = Type.Object({ filterSetId: Id }, { additionalProperties: false });
export type FilterSetParams = Static<typeof FilterSetParams>;

export const FilterSet = Type.Object({
  id: Id,
  listName: ListName,
  viewName: Type.String(),
  filterFields: ShipmentFilterFields,
  createdAt: Instant,
});
export type FilterSet = Static<typeof FilterSet>;
export const FilterSetList = DataOf(Type.Array(FilterSet));
export type FilterSetList = Static<typeof FilterSetList>;
export const FilterSetAnswer = DataOf(FilterSet);
export type FilterSetAnswer = Static<typeof FilterSetAnswer>;

// ---- Detail ----

const NamedValue = Type.Object({ value: Type.Integer(), displayName: Type.String() });

export const ShipmentRelation = Type.Union(
  [
    Type.Literal('operator'),
    Type.Literal('customer'),
    Type.Literal('carrier'),
    Type.Literal('driver'),
    Type.Literal('factoring'),
    Type.Literal('viewer'),
  ],
  {
    description:
      "How the caller stands to the shipment; 'viewer' is a carrier looking at freight on the load board or tendered to it",
  },
);
export type ShipmentRelation = Static<typeof ShipmentRelation>;

export const ShipmentActionName = Type.Unsafe<ShipmentAction>(
  Type.Union(SHIPMENT_ACTIONS.map((action) => Type.Literal(action))),
);

export const ShipmentDetail = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  version: Type.Integer({ description: 'Send back as If-Match (or version) on updates' }),
  orderId: Nullable(Id),
  orderNumber: Nullable(Type.String()),
  status: StatusValue,
  relation: ShipmentRelation,
  /** What the caller may do now, from the state machine (packages/domain). */
  allowedActions: Type.Array(Type.Object({ action: ShipmentActionName, to: StatusValue })),
  shippingMode: NamedValue,
  equipmentMode: NamedValue,
  equipmentTypes: Type.Array(NamedValue),
  equipmentLengthFeet: Nullable(Type.Integer()),
  serviceLevel: NamedValue,
  originationType: Nullable(Type.String()),
  totalWeightPounds: Nullable(Type.Number()),
  totalMiles: Nullable(Type.Integer()),
  carrierRate: Nullable(Dollars),
  /** The operator's ceiling for this load; the operator and the customer only. */
  maxBuy: Nullable(Dollars),
  /** What the customer pays; the operator and the customer only. */
  customerRate: Nullable(Dollars),
  rateType: Nullable(Type.String()),
  chargeRateType: Nullable(Type.String()),
  shippingProNumber: Nullable(Type.String()),
  isQuickClosed: Type.Boolean(),
  origin: ShipmentPlace,
  destination: ShipmentPlace,
  pickupAt: Nullable(Instant),
  deliveryAt: Nullable(Instant),
  bookedAt: Nullable(Instant),
  deliveredAt: Nullable(Instant),
  nextUpdateDueAt: Nullable(Instant),
  needsUpdate: Type.Boolean(),
  isOnTime: Nullable(Type.Boolean()),
  /** Null for a carrier looking at freight it does not haul: who ships a lane is the operator's business. */
  customer: Nullable(PartyName),
  carrier: Nullable(
    Type.Object({
      id: Id,
      name: Type.String(),
      mcNumber: Nullable(Type.String()),
      dotNumber: Nullable(Type.String()),
      scac: Nullable(Type.String()),
    }),
  ),
  trip: Nullable(Type.Object({ id: Id, tripNumber: Type.String() })),
  createdAt: Instant,
  updatedAt: Instant,
});
export type ShipmentDetail = Static<typeof ShipmentDetail>;
export const ShipmentDetailAnswer = DataOf(ShipmentDetail);
export type ShipmentDetailAnswer = Static<typeof ShipmentDetailAnswer>;

export const ShipmentRequirements = DataOf(
  Type.Object({
    shippingMode: NamedValue,
    equipmentMode: NamedValue,
    equipmentTypes: Type.Array(NamedValue),
    equipmentLengthFeet: Nullable(Type.Integer()),
    totalWeightPounds: Nullable(Type.Number()),
    isTeamRequired: Type.Boolean(),
    isHazmat: Type.Boolean(),
    isJustInTime: Type.Boolean(),
    reeferTemperature: Nullable(Type.Number()),
    reeferMode: Nullable(Type.String()),
    hazmatEmergencyContactInfo: Nullable(Type.String()),
    serviceLevel: NamedValue,
  }),
);
export type ShipmentRequirements = Static<typeof ShipmentRequirements>;

export const OrderRequirements = DataOf(
  Type.Object({
    orderNumber: Type.String(),
    requirements: Type.Array(
      Type.Object({ id: Id, requirement: Type.String(), description: Nullable(Type.String()) }),
    ),
    accessorials: Type.Array(
      Type.Object({ id: Id, code: Type.String(), description: Type.String(), amount: Dollars }),
    ),
    specialInstructions: Nullable(Type.String()),
    referenceNumbers: Type.Array(
      Type.Object({
        label: Type.String(),
        value: Type.String(),
        stopNumber: Nullable(Type.Integer()),
      }),
    ),
    purchaseOrderNumber: Nullable(Type.String()),
    salesOrderNumber: Nullable(Type.String()),
    transferOrderNumber: Nullable(Type.String()),
    returnAuthorizationNumber: Nullable(Type.String()),
  }),
);
export type OrderRequirements = Static<typeof OrderRequirements>;

export const LaneMatches = DataOf(
  Type.Object({
    contractRates: Type.Array(
      Type.Object({
        id: Id,
        originCity: Nullable(Type.String()),
        originState: Type.String(),
        destinationCity: Nullable(Type.String()),
        destinationState: Type.String(),
        rate: Dollars,
        rateType: Type.String(),
        serviceDays: Nullable(Type.Integer()),
        effectiveFrom: Type.String(),
        effectiveTo: Nullable(Type.String()),
      }),
    ),
    savedLanes: Type.Array(
      Type.Object({
        id: Id,
        origin: Type.String(),
        destination: Nullable(Type.String()),
        originRadiusMiles: Type.Integer(),
        destinationRadiusMiles: Type.Integer(),
      }),
    ),
  }),
);
export type LaneMatches = Static<typeof LaneMatches>;

export const TrackingActivity = Type.Object({
  id: Id,
  activityType: Type.String(),
  occurredAt: Instant,
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  note: Nullable(Type.String()),
  source: Type.String(),
  stopNumber: Nullable(Type.Integer()),
  createdBy: Nullable(Type.Object({ id: Id, name: Type.String() })),
});
export type TrackingActivity = Static<typeof TrackingActivity>;
export const LatestActivity = DataOf(Nullable(TrackingActivity));
export type LatestActivity = Static<typeof LatestActivity>;
export const TrackingActivityList = DataOf(Type.Array(TrackingActivity));
export type TrackingActivityList = Static<typeof TrackingActivityList>;

export const ReloadsQuery = Type.Object(
  { ...PagingQuery(LIST_PAGE_SIZE, 100) },
  { additionalProperties: false },
);
export type ReloadsQuery = Static<typeof ReloadsQuery>;
export const Reload = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  origin: ShipmentPlace,
  destination: ShipmentPlace,
  pickupAt: Nullable(Instant),
  deliveryAt: Nullable(Instant),
  equipmentTypes: Type.Array(Type.String()),
  totalWeightPounds: Nullable(Type.Number()),
  totalMiles: Nullable(Type.Integer()),
  deadheadMiles: Type.Integer({
    description: 'From this shipment’s delivery to the reload’s pickup',
  }),
});
export type Reload = Static<typeof Reload>;
export const ReloadPage = PageOf(Reload);
export type ReloadPage = Static<typeof ReloadPage>;

export const TripShipment = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  status: StatusValue,
  origin: ShipmentPlace,
  destination: ShipmentPlace,
  pickupAt: Nullable(Instant),
  deliveryAt: Nullable(Instant),
});
export const Trip = Type.Object({
  id: Id,
  tripNumber: Type.String(),
  carrier: PartyName,
  createdAt: Instant,
  shipments: Type.Array(TripShipment),
});
export type Trip = Static<typeof Trip>;
export const TripAnswer = DataOf(Trip);
export type TripAnswer = Static<typeof TripAnswer>;
export const ShipmentTrips = DataOf(Type.Array(Trip));
export type ShipmentTrips = Static<typeof ShipmentTrips>;
export const TripParams = Type.Object(
  {
    tripId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'Trip id (uuid) or trip number',
    }),
  },
  { additionalProperties: false },
);
export type TripParams = Static<typeof TripParams>;

export const LineItem = Type.Object({
  id: Id,
  description: Type.String(),
  freightClass: Nullable(Type.String()),
  packageType: Type.String(),
  packageCount: Type.Integer(),
  pieceCount: Nullable(Type.Integer()),
  lengthInches: Nullable(Type.Number()),
  widthInches: Nullable(Type.Number()),
  heightInches: Nullable(Type.Number()),
  weightPounds: Type.Number(),
  isHazmat: Type.Boolean(),
  hazmatGroup: Nullable(Type.String()),
  hazmatClass: Nullable(Type.String()),
  unNumber: Nullable(Type.String()),
  pickupStopNumber: Type.Integer(),
  deliveryStopNumber: Type.Integer(),
  /** Counted at the pickup (loaded) and at the delivery, when recorded. */
  loadedPackageCount: Nullable(Type.Integer()),
  deliveredPackageCount: Nullable(Type.Integer()),
});
export type LineItem = Static<typeof LineItem>;
export const LineItemList = DataOf(Type.Array(LineItem));
export type LineItemList = Static<typeof LineItemList>;

/** A stop's time: the instant, and the wall clock of the stop's zone. */
export const StopTime = Type.Object({
  at: Instant,
  local: Type.String({ description: 'YYYY-MM-DDTHH:mm in the stop’s zone' }),
});

export const ShipmentStop = Type.Object({
  shipmentStopId: Id,
  orderStopId: Nullable(Id),
  stopNumber: Type.Integer(),
  stopType: Type.Union([Type.Literal('Pickup'), Type.Literal('Delivery')]),
  locationName: Type.String(),
  locationAddress: Type.Object({
    addressLine1: Nullable(Type.String()),
    city: Type.String(),
    state: Type.String(),
    zip: Type.String(),
    country: Type.String(),
  }),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  ianaTimezone: Type.String(),
  early: Nullable(StopTime),
  late: Nullable(StopTime),
  appointment: Nullable(StopTime),
  arrived: Nullable(StopTime),
  departed: Nullable(StopTime),
  isPreloaded: Type.Boolean(),
  isOnTime: Nullable(Type.Boolean()),
  referenceNumbers: Type.Array(Type.Object({ label: Type.String(), value: Type.String() })),
  orderLineItems: Type.Array(
    Type.Object({
      id: Id,
      description: Type.String(),
      packageType: Type.String(),
      packageCount: Type.Integer(),
      weightPounds: Type.Number(),
      /** 'pickup' when loaded here, 'delivery' when unloaded here. */
      role: Type.Union([Type.Literal('pickup'), Type.Literal('delivery')]),
      confirmedPackageCount: Nullable(Type.Integer()),
    }),
  ),
});
export type ShipmentStop = Static<typeof ShipmentStop>;
export const ShipmentStopList = DataOf(Type.Array(ShipmentStop));
export type ShipmentStopList = Static<typeof ShipmentStopList>;

/**
 * The spec's Order dropoff: the delivery stops a proof of delivery is uploaded against (stopId is the
 * order stop's id). The third-party invoice detail reads it too.
 */
export const OrderDropoffs = DataOf(
  Type.Array(
    Type.Object({
      orderNumber: Type.String(),
      dropoffs: Type.Array(
        Type.Object({
          stopNumber: Type.Integer(),
          stopId: Id,
          locationName: Type.String({ description: 'The place, so an upload can name the stop' }),
          city: Type.String(),
          state: Type.String(),
          hasProofOfDelivery: Type.Boolean(),
        }),
      ),
    }),
  ),
);
export type OrderDropoffs = Static<typeof OrderDropoffs>;

export const BillingConfiguration = DataOf(
  Type.Object({
    thirdPartyBilling: Nullable(
      Type.Object({
        id: Id,
        payer: PartyName,
        paymentTermsDays: Type.Integer(),
        requiredDocumentTypes: Type.Array(NamedValue),
        isActive: Type.Boolean(),
      }),
    ),
    requiredDocuments: Type.Array(
      Type.Object({
        fileType: NamedValue,
        description: Type.String(),
        orderStopId: Nullable(Id),
        stopNumber: Nullable(Type.Integer()),
        isUploaded: Type.Boolean(),
      }),
    ),
    factoringCompany: Nullable(PartyName),
  }),
);
export type BillingConfiguration = Static<typeof BillingConfiguration>;

export const TrackingProblemList = DataOf(Type.Array(TrackingProblem));
export type TrackingProblemList = Static<typeof TrackingProblemList>;

const Contact = Type.Object({
  role: Type.String({
    description:
      'Carrier Sales, Track and Trace, Dispatcher, Driver, Pickup Contact, Delivery Contact',
  }),
  name: Type.String(),
  companyName: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  stopNumber: Nullable(Type.Integer()),
});
export const ContactDetails = DataOf(Type.Array(Contact));
export type ContactDetails = Static<typeof ContactDetails>;

export const ShipmentTender = Type.Object({
  id: Id,
  tenderNumber: Type.String(),
  status: StatusValue,
  carrier: PartyName,
  rate: Dollars,
  rateType: Type.String(),
  chargeRateType: Type.String(),
  sentAt: Instant,
  expiresAt: Nullable(Instant),
  respondedAt: Nullable(Instant),
  rejectionReason: Nullable(Type.String()),
});
export const ShipmentTenderList = DataOf(Type.Array(ShipmentTender));
export type ShipmentTenderList = Static<typeof ShipmentTenderList>;

export const ShipmentOffer = Type.Object({
  id: Id,
  carrier: PartyName,
  amount: Dollars,
  status: Type.String(),
  createdAt: Instant,
});
export const ShipmentOfferList = DataOf(Type.Array(ShipmentOffer));
export type ShipmentOfferList = Static<typeof ShipmentOfferList>;

export const ShipmentHistoryEntry = Type.Object({
  id: Type.Integer(),
  occurredAt: Instant,
  action: Type.String(),
  fromStatus: Nullable(StatusValue),
  toStatus: Nullable(StatusValue),
  user: Nullable(Type.Object({ id: Id, name: Type.String(), companyName: Type.String() })),
  detail: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type ShipmentHistoryEntry = Static<typeof ShipmentHistoryEntry>;
export const ShipmentHistory = DataOf(Type.Array(ShipmentHistoryEntry));
export type ShipmentHistory = Static<typeof ShipmentHistory>;

export const CarrierCharges = DataOf(
  Type.Object({
    source: Type.Union([Type.Literal('invoice'), Type.Literal('booking')], {
      description:
        "'invoice' once an AP invoice exists (its charges), else the booked rate and approved cases",
    }),
    invoiceNumber: Nullable(Type.String()),
    charges: Type.Array(
      Type.Object({
        description: Type.String(),
        chargeTypeName: Type.String(),
        rate: Dollars,
        units: Type.Number(),
        total: Dollars,
        caseNumber: Nullable(Type.String()),
      }),
    ),
    total: Dollars,
  }),
);
export type CarrierCharges = Static<typeof CarrierCharges>;

export const ShipmentCasesQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
    pageSize: Type.Integer({
      minimum: 1,
      maximum: SHIPMENT_CASES_PAGE_SIZE,
      default: SHIPMENT_CASES_PAGE_SIZE,
    }),
  },
  { additionalProperties: false },
);
export type ShipmentCasesQuery = Static<typeof ShipmentCasesQuery>;
export const ShipmentCase = Type.Object({
  id: Id,
  caseNumber: Type.String(),
  caseType: Type.String(),
  status: Type.String(),
  statusDescription: Type.String({ description: 'New, In Progress, On Hold or Resolved' }),
  subject: Type.String(),
  amountRequested: Nullable(Dollars),
  amountApproved: Nullable(Dollars),
  createdAt: Instant,
});
export const ShipmentCasePage = PageOf(ShipmentCase);
export type ShipmentCasePage = Static<typeof ShipmentCasePage>;

// ---- Lifecycle: status, void, rescind ----

export const ShipmentStatusBody = Type.Object(
  {
    status: ShipmentStatusNumber,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ShipmentStatusBody = Static<typeof ShipmentStatusBody>;

export const VoidShipmentQuery = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  { additionalProperties: false },
);
export type VoidShipmentQuery = Static<typeof VoidShipmentQuery>;

export const RescindBookingBody = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })) },
  { additionalProperties: false },
);
export type RescindBookingBody = Static<typeof RescindBookingBody>;

/** What a status change answers: the shipment as it now stands. */
export const ShipmentStatusAnswer = DataOf(
  Type.Object({
    id: Id,
    shipmentNumber: Type.String(),
    status: StatusValue,
    version: Type.Integer(),
  }),
);
export type ShipmentStatusAnswer = Static<typeof ShipmentStatusAnswer>;
