import Type, { type Static, type TSchema } from 'typebox';
import {
  LIST_PAGE_SIZE,
  LOAD_BOARD_DEFAULT_RADIUS_MILES,
  LOAD_BOARD_MAX_RADIUS_MILES,
  LOAD_BOARD_ORDER_BY,
  QUOTABLE_LOCATIONS_PAGE_SIZE,
  LOCATION_SEARCH_PAGE_SIZE,
} from '@portal/domain';
import { DataOf, Id, PageOf, PagingQuery, StatusValue } from './common';

// The load board (/reloads), Top Picks (/available-freight) and the quotable-location search that
// picks their origins and destinations. Money is in dollars, distances in miles, times ISO instants.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Instant = Type.String({ format: 'date-time' });
const CalendarDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const PostalCode = Type.String({
  minLength: 3,
  maxLength: 10,
  description: 'A US ZIP code or a Canadian postal code (its first three characters are enough)',
});
const StateCode = Type.String({
  pattern: '^[A-Za-z]{2}$',
  description: 'Two-letter state or province',
});
const Radius = Type.Integer({
  minimum: 0,
  maximum: LOAD_BOARD_MAX_RADIUS_MILES,
  default: LOAD_BOARD_DEFAULT_RADIUS_MILES,
  description: `Miles, 0 to ${LOAD_BOARD_MAX_RADIUS_MILES}`,
});

export const LoadBoardOrderBy = Type.Union(
  LOAD_BOARD_ORDER_BY.map((option) => Type.Literal(option.value)),
  { default: 'pickupDate' },
);

/** Every criterion of a load board search; the screen keeps the same names in its query string. */
export const LoadBoardSearchFields = {
  originPostalCode: Type.Optional(PostalCode),
  originCity: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  originState: Type.Optional(StateCode),
  originRadius: Type.Optional(Radius),
  originLabel: Type.Optional(
    Type.String({
      maxLength: 80,
      description: 'How the screen names the picked origin (not searched)',
    }),
  ),
  destinationLabel: Type.Optional(
    Type.String({
      maxLength: 80,
      description: 'How the screen names the picked destination (not searched)',
    }),
  ),
  destinationPostalCode: Type.Optional(PostalCode),
  destinationCity: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
  destinationState: Type.Optional(StateCode),
  destinationRadius: Type.Optional(Radius),
  originLocations: Type.Optional(
    Type.Array(PostalCode, {
      maxItems: 10,
      description: 'More origins (postal codes), each searched with the origin radius',
    }),
  ),
  pickupFrom: Type.Optional(CalendarDate),
  pickupTo: Type.Optional(CalendarDate),
  equipmentTypes: Type.Optional(
    Type.Integer({
      minimum: 1,
      description: 'Equipment type bits (Van 1, Flat Bed 2, Reefer 4...)',
    }),
  ),
  includePartials: Type.Optional(
    Type.Boolean({ default: false, description: 'Include LTL and VLTL loads' }),
  ),
  totalPriceMin: Type.Optional(Type.Number({ minimum: 0, description: 'Dollars' })),
  missingLiquorRequirements: Type.Optional(
    Type.Boolean({
      description: 'Leave out loads that need a liquor license the carrier does not hold',
    }),
  ),
  selectedShipments: Type.Optional(
    Type.Array(Type.String({ pattern: '^[0-9]{1,15}$' }), {
      maxItems: 50,
      description: 'Only these shipment numbers',
    }),
  ),
  orderBy: Type.Optional(LoadBoardOrderBy),
};

export const LoadBoardSearchQuery = Type.Object(
  { ...LoadBoardSearchFields, ...PagingQuery(LIST_PAGE_SIZE) },
  { additionalProperties: false },
);
export type LoadBoardSearchQuery = Static<typeof LoadBoardSearchQuery>;

export const LoadPlace = Type.Object({
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});

export const StopWindow = Type.Object({
  early: Nullable(Instant),
  late: Nullable(Instant),
  ianaTimezone: Type.String(),
});

export const LoadBoardItem = Type.Object({
  id: Id,
  shipmentNumber: Type.String(),
  status: StatusValue,
  shippingMode: StatusValue,
  origin: LoadPlace,
  destination: LoadPlace,
  pickup: StopWindow,
  delivery: StopWindow,
  stopCount: Type.Integer(),
  equipmentTypes: Type.Integer(),
  equipmentNames: Type.Array(Type.String()),
  equipmentMode: Type.Integer({ description: 'Equipment category (Dry 0, Reefer 1...)' }),
  weightPounds: Nullable(Type.Number()),
  miles: Nullable(Type.Integer()),
  deadheadMiles: Nullable(Type.Integer({ description: 'From the searched origin, straight line' })),
  price: Nullable(Type.Number({ description: 'The posted price (dollars)' })),
  ratePerMile: Nullable(Type.Number()),
});
export type LoadBoardItem = Static<typeof LoadBoardItem>;

export const LoadBoardPage = PageOf(LoadBoardItem);
export type LoadBoardPage = Static<typeof LoadBoardPage>;

// ---- Quotable locations ----

export const QuotableLocationQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 60, description: 'City, state or ZIP' }),
    types: Type.Optional(
      Type.Array(Type.Union([Type.Literal('GoverningDistrict'), Type.Literal('ZipCode')]), {
        maxItems: 2,
        description: 'GoverningDistrict (states and provinces), ZipCode (cities and ZIPs)',
      }),
    ),
    ...PagingQuery(QUOTABLE_LOCATIONS_PAGE_SIZE, LOCATION_SEARCH_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type QuotableLocationQuery = Static<typeof QuotableLocationQuery>;

export const QuotableLocation = Type.Object({
  id: Type.String({ description: 'The postal code, or the state code for a state' }),
  type: Type.Union([Type.Literal('GoverningDistrict'), Type.Literal('ZipCode')]),
  name: Type.String({ description: 'What the picker shows: "Fargo, ND 58102" or "North Dakota"' }),
  city: Nullable(Type.String()),
  state: Type.String(),
  postalCode: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  ianaTimezone: Nullable(Type.String()),
});
export type QuotableLocation = Static<typeof QuotableLocation>;
export const QuotableLocationPage = PageOf(QuotableLocation);
export type QuotableLocationPage = Static<typeof QuotableLocationPage>;

// ---- Top Picks ----

export const TopPickReason = Type.Union([
  Type.Literal('laneHistory'),
  Type.Literal('savedLane'),
  Type.Literal('postedTruck'),
  Type.Literal('emptyTruck'),
]);
export type TopPickReason = Static<typeof TopPickReason>;

export const TopPick = Type.Object({
  ...LoadBoardItem.properties,
  score: Type.Number(),
  reasons: Type.Array(
    Type.Object({ kind: TopPickReason, label: Type.String({ description: 'Why, in words' }) }),
  ),
});
export type TopPick = Static<typeof TopPick>;
export const TopPickQuery = Type.Object(
  { ...PagingQuery(LIST_PAGE_SIZE) },
  { additionalProperties: false },
);
export const TopPickPage = PageOf(TopPick);
export type TopPickPage = Static<typeof TopPickPage>;

// ---- One load on the board ----

export const AvailableLoadStop = Type.Object({
  stopNumber: Type.Integer(),
  stopType: Type.String(),
  locationName: Nullable(Type.String()),
  city: Type.String(),
  state: Type.String(),
  postalCode: Type.String(),
  early: Nullable(Instant),
  late: Nullable(Instant),
  appointment: Nullable(Instant),
  ianaTimezone: Type.String(),
});

export const AvailableLoad = Type.Object({
  ...LoadBoardItem.properties,
  stops: Type.Array(AvailableLoadStop),
  requirements: Type.Array(
    Type.Object({ requirement: Type.String(), description: Nullable(Type.String()) }),
  ),
  commodity: Nullable(Type.String()),
  isHazmat: Type.Boolean(),
  isTeamRequired: Type.Boolean(),
});
export type AvailableLoad = Static<typeof AvailableLoad>;
export const AvailableLoadAnswer = DataOf(AvailableLoad);
export type AvailableLoadAnswer = Static<typeof AvailableLoadAnswer>;
