import Type, { type Static, type TSchema } from 'typebox';
import {
  ALL_LOCATIONS_PAGE_SIZE,
  DEFAULT_DOCK_END_TIME,
  DEFAULT_DOCK_START_TIME,
  EDI_LOCATIONS_PAGE_SIZE,
  LIST_PAGE_SIZE,
  LOCATION_SEARCH_PAGE_SIZE,
  QUOTABLE_LOCATIONS_PAGE_SIZE,
} from '@portal/domain';
import { DataOf, Id, PageOf, PagingQuery } from './common';
import { QuotableLocation } from './load-board';

// Locations (a company's shipping and receiving sites), their dock schedules, the quotable-place
// index and search over the reference postal codes, and geocoding of a typed address.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const LocationNumber = Type.String({
  pattern: '^[0-9A-Za-z-]{1,20}$',
  description: 'The location number people use (100234)',
});
export const LocationNumberParams = Type.Object(
  { locationNumber: LocationNumber },
  { additionalProperties: false },
);
export type LocationNumberParams = Static<typeof LocationNumberParams>;

export const Location = Type.Object({
  id: Id,
  locationNumber: Type.String(),
  name: Type.String(),
  locationType: Type.String(),
  isPrimaryLocation: Type.Boolean(),
  lumpersAvailable: Type.Boolean(),
  isAppointmentRequired: Type.Boolean(),
  overnightParking: Type.Boolean(),
  addressLine1: Type.String(),
  addressLine2: Nullable(Type.String()),
  city: Type.String(),
  province: Type.String({ description: 'Two-letter state or province' }),
  postalCode: Type.String(),
  country: Type.Union([Type.Literal('US'), Type.Literal('CA')]),
  phoneNumbers: Type.Array(Type.String()),
  ediCodes: Type.Array(Type.String()),
  email: Nullable(Type.String()),
  dockLength: Nullable(Type.Integer()),
  directions: Nullable(Type.String()),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
  ianaTimezone: Type.String(),
  companyId: Id,
  companyName: Type.String(),
  version: Type.Integer(),
});
export type Location = Static<typeof Location>;
export const LocationResponse = DataOf(Location);
export const LocationPage = PageOf(Location);
export type LocationPage = Static<typeof LocationPage>;

const Text = (maxLength: number) => Type.String({ maxLength });

/**
 * A location as a form sends it. Section 5 of the data-operations spec applies on the server too:
 * empty optional strings count as absent, a state or province name becomes its 2-letter code, and a
 * Canadian postal code makes the country CA.
 */
export const LocationBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    locationType: Type.Optional(Text(60)),
    isPrimaryLocation: Type.Optional(Type.Boolean()),
    lumpersAvailable: Type.Optional(Type.Boolean()),
    isAppointmentRequired: Type.Optional(Type.Boolean()),
    overnightParking: Type.Optional(Type.Boolean()),
    addressLine1: Type.String({ minLength: 1, maxLength: 120 }),
    addressLine2: Type.Optional(Nullable(Text(120))),
    city: Type.String({ minLength: 1, maxLength: 80 }),
    province: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'State or province: its 2-letter code or its name',
    }),
    postalCode: Type.String({ minLength: 1, maxLength: 10 }),
    country: Type.Optional(
      Nullable(Type.Union([Type.Literal('US'), Type.Literal('CA'), Type.Literal('')])),
    ),
    phoneNumbers: Type.Optional(Type.Array(Text(40), { maxItems: 10 })),
    ediCodes: Type.Optional(Type.Array(Text(40), { maxItems: 20 })),
    email: Type.Optional(Nullable(Text(254))),
    dockLength: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 1000 }))),
    directions: Type.Optional(Nullable(Text(2000))),
    version: Type.Optional(Type.Integer({ minimum: 1, description: 'The version you read' })),
  },
  { additionalProperties: false },
);
export type LocationBody = Static<typeof LocationBody>;

export const LocationListQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 80, description: 'Location number, name or city, as typed' }),
    ),
    ...PagingQuery(LIST_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type LocationListQuery = Static<typeof LocationListQuery>;

export const AllLocationsQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 80, description: 'Location number, name or city, as typed' }),
    ),
    ...PagingQuery(ALL_LOCATIONS_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type AllLocationsQuery = Static<typeof AllLocationsQuery>;

export const CustomerIdParams = Type.Object({ customerId: Id }, { additionalProperties: false });
export const EdiLocationQuery = Type.Object(
  { ...PagingQuery(EDI_LOCATIONS_PAGE_SIZE) },
  { additionalProperties: false },
);
export type EdiLocationQuery = Static<typeof EdiLocationQuery>;

// ---- Quotable places ----

export const QuotableIndexQuery = Type.Object(
  {
    state: Type.Optional(
      Type.String({ pattern: '^[A-Za-z]{2}$', description: 'Two-letter state or province' }),
    ),
    ...PagingQuery(QUOTABLE_LOCATIONS_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type QuotableIndexQuery = Static<typeof QuotableIndexQuery>;

export const QuotableSearchQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 60, description: 'City, state or ZIP' }),
    types: Type.Optional(
      Type.Array(Type.Union([Type.Literal('GoverningDistrict'), Type.Literal('ZipCode')]), {
        maxItems: 2,
      }),
    ),
    ...PagingQuery(LOCATION_SEARCH_PAGE_SIZE, LOCATION_SEARCH_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type QuotableSearchQuery = Static<typeof QuotableSearchQuery>;
export const QuotablePlacePage = PageOf(QuotableLocation);

// ---- Geocoding and the external search ----

export const GeocodedPlace = Type.Object({
  addressLine1: Nullable(Type.String()),
  city: Type.String(),
  province: Type.String(),
  postalCode: Type.String(),
  country: Type.Union([Type.Literal('US'), Type.Literal('CA')]),
  latitude: Type.Number(),
  longitude: Type.Number(),
  ianaTimezone: Nullable(Type.String()),
  source: Type.Union([Type.Literal('postalCode'), Type.Literal('city'), Type.Literal('geocoder')], {
    description:
      'postalCode: the centre of the ZIP or Canadian FSA; city: the city in its state; geocoder: the configured geocoder',
  }),
});
export type GeocodedPlace = Static<typeof GeocodedPlace>;
export const GeocodedPlaceResponse = DataOf(GeocodedPlace);
export const GeocodedPlacePage = PageOf(GeocodedPlace);
export type GeocodedPlacePage = Static<typeof GeocodedPlacePage>;

export const GeocodeQuery = Type.Object(
  {
    addressLine1: Type.Optional(Text(120)),
    city: Type.Optional(Text(80)),
    province: Type.Optional(Text(40)),
    postalCode: Type.Optional(Text(10)),
  },
  { additionalProperties: false },
);
export type GeocodeQuery = Static<typeof GeocodeQuery>;

export const ExternalLocationQuery = Type.Object(
  {
    q: Type.String({ minLength: 1, maxLength: 200, description: 'An address, city or ZIP' }),
    ...PagingQuery(QUOTABLE_LOCATIONS_PAGE_SIZE),
  },
  { additionalProperties: false },
);
export type ExternalLocationQuery = Static<typeof ExternalLocationQuery>;

// ---- Dock schedules ----

const ClockTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:mm' });

export const DockHoursEntry = Type.Object(
  {
    dayOfWeek: Type.Integer({ minimum: 0, maximum: 6, description: '0 is Sunday' }),
    isClosed: Type.Boolean(),
    isTwentyFourHour: Type.Boolean(),
    startTime: { ...ClockTime, default: DEFAULT_DOCK_START_TIME },
    endTime: { ...ClockTime, default: DEFAULT_DOCK_END_TIME },
  },
  { additionalProperties: false },
);
export type DockHoursEntry = Static<typeof DockHoursEntry>;

export const DockSchedule = Type.Object({
  id: Id,
  locationId: Id,
  locationNumber: Type.String(),
  name: Type.String(),
  isAppointmentRequired: Type.Boolean(),
  equipmentModes: Type.Array(Type.Integer()),
  shippingModes: Type.Array(Type.Integer()),
  stopTypes: Type.Array(Type.String()),
  dockHours: Type.Array(DockHoursEntry),
  tmsCompanyId: Nullable(Type.String()),
  version: Type.Integer(),
});
export type DockSchedule = Static<typeof DockSchedule>;
export const DockScheduleResponse = DataOf(DockSchedule);
export const DockScheduleList = DataOf(Type.Array(DockSchedule));

export const DockScheduleBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 80 }),
    isAppointmentRequired: Type.Optional(Type.Boolean()),
    equipmentModes: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 5 }), {
        maxItems: 6,
        description: 'Dry 0, Reefer 1, Flatbed 2, Bulk 3 by default',
      }),
    ),
    shippingModes: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0, maximum: 5 }), {
        maxItems: 6,
        description: 'TL 0, LTL 1, Bulk 2, Intermodal 3 by default',
      }),
    ),
    stopTypes: Type.Optional(
      Type.Array(Type.Union([Type.Literal('Shipping'), Type.Literal('Receiving')]), {
        maxItems: 2,
      }),
    ),
    dockHours: Type.Optional(
      Type.Array(DockHoursEntry, {
        maxItems: 7,
        description: 'One entry per day; a day left out is open 00:00-23:59',
      }),
    ),
    tmsCompanyId: Type.Optional(Nullable(Text(40))),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type DockScheduleBody = Static<typeof DockScheduleBody>;

export const DockScheduleParams = Type.Object(
  { locationNumber: LocationNumber, scheduleId: Id },
  { additionalProperties: false },
);
