import type {
  AllLocationsQuery,
  DockSchedule,
  DockScheduleBody,
  EdiLocationQuery,
  ExternalLocationQuery,
  GeocodedPlace,
  GeocodedPlacePage,
  GeocodeQuery,
  Location,
  LocationBody,
  LocationListQuery,
  LocationPage,
  QuotableIndexQuery,
  QuotableLocationPage,
  QuotableSearchQuery,
} from '@portal/contract';
import {
  checkAddress,
  completeDockHours,
  DEFAULT_DOCK_SCHEDULE_MODES,
  DEFAULT_LOCATION_TYPE,
  emptyStringsToUndefined,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, invalidField, notFound, preconditionRequired } from '../../shared/http/errors';
import { placesInState, presentPlace, searchQuotablePlaces } from '../../shared/locations/places';
import { addressText, askGeocoder, geocodeFromPostalCodes } from './geocoding';
import * as repository from './repository';
import type { CompanyScope, DockScheduleRow, LocationRow } from './repository';

// A company's locations and their dock schedules (decision 170). Another company's location answers
// exactly like a missing one; the operator's staff see and keep every company's.

const pageOf = (page: number, pageSize: number) => ({
  limit: pageSize,
  offset: (page - 1) * pageSize,
});

/** Whose locations the caller reads by number: its company's, or any for the operator. */
function readScope(caller: Caller): CompanyScope {
  return caller.scope.kind === 'operator' ? null : caller.companyId;
}

function presentLocation(row: LocationRow): Location {
  return {
    id: row.id,
    locationNumber: row.locationNumber,
    name: row.name,
    locationType: row.locationType,
    isPrimaryLocation: row.isPrimaryLocation,
    lumpersAvailable: row.lumpersAvailable,
    isAppointmentRequired: row.isAppointmentRequired,
    overnightParking: row.overnightParking,
    addressLine1: row.addressLine1,
    addressLine2: row.addressLine2,
    city: row.city,
    province: row.province,
    postalCode: row.postalCode,
    country: row.country === 'CA' ? 'CA' : 'US',
    phoneNumbers: row.phoneNumbers,
    ediCodes: row.ediCodes,
    email: row.email,
    dockLength: row.dockLength,
    directions: row.directions,
    latitude: row.latitude,
    longitude: row.longitude,
    ianaTimezone: row.ianaTimezone,
    companyId: row.companyId,
    companyName: row.companyName,
    version: row.version,
  };
}

async function locationPage(
  ctx: AppContext,
  caller: Caller,
  criteria: { companyId: CompanyScope; q?: string | undefined; ediOnly?: boolean },
  page: number,
  pageSize: number,
): Promise<LocationPage> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const { rows, totalCount } = await repository.listLocations(tx, {
      ...criteria,
      ...pageOf(page, pageSize),
    });
    return { data: rows.map(presentLocation), page, pageSize, totalCount };
  });
}

/** The caller's company's locations (pages of 50). */
export function companyLocations(ctx: AppContext, caller: Caller, query: LocationListQuery) {
  return locationPage(
    ctx,
    caller,
    { companyId: caller.companyId, q: query.q },
    query.page,
    query.pageSize,
  );
}

/** Every location the caller may use (pages of 10): its company's, every company's for the operator. */
export function allLocations(ctx: AppContext, caller: Caller, query: AllLocationsQuery) {
  return locationPage(
    ctx,
    caller,
    { companyId: readScope(caller), q: query.q },
    query.page,
    query.pageSize,
  );
}

/** A customer's locations that carry EDI codes (pages of 10); another customer answers as missing. */
export async function ediLocations(
  ctx: AppContext,
  caller: Caller,
  customerId: string,
  query: EdiLocationQuery,
) {
  if (caller.scope.kind !== 'operator' && customerId !== caller.companyId) {
    throw notFound('Customer');
  }
  const exists = await ctx.db.tenant(caller.scope, (tx) => repository.findCompany(tx, customerId));
  if (!exists) throw notFound('Customer');
  return locationPage(
    ctx,
    caller,
    { companyId: customerId, ediOnly: true },
    query.page,
    query.pageSize,
  );
}

async function loadLocation(tx: Tx, caller: Caller, locationNumber: string) {
  const row = await repository.findLocation(tx, readScope(caller), locationNumber);
  if (!row) throw notFound('Location');
  return row;
}

export function getLocation(ctx: AppContext, caller: Caller, locationNumber: string) {
  return ctx.db.tenant(caller.scope, async (tx) =>
    presentLocation(await loadLocation(tx, caller, locationNumber)),
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function required(value: string | undefined, field: string, label: string): string {
  const text = value?.trim();
  if (!text) throw invalidField(field, `Enter the ${label}`);
  return text;
}

function cleanList(values: readonly string[] | undefined): string[] {
  return [...new Set((values ?? []).map((value) => value.trim()).filter(Boolean))];
}

/** The section 5 rules and the form's own, on the server: every failure names its field. */
function checkLocationBody(body: LocationBody) {
  const cleaned = emptyStringsToUndefined(body);
  const name = required(cleaned.name, 'name', 'location name');
  const addressLine1 = required(cleaned.addressLine1, 'addressLine1', 'street address');
  const city = required(cleaned.city, 'city', 'city');
  const province = required(cleaned.province, 'province', 'state or province');
  const postalCode = required(cleaned.postalCode, 'postalCode', 'ZIP or postal code');
  const address = checkAddress({ province, postalCode, country: cleaned.country });
  if (!address.ok) throw invalidField(address.field, address.message);
  const email = cleaned.email?.trim();
  if (email && !EMAIL.test(email))
    throw invalidField('email', 'Enter an e-mail address like shipping@example.com');
  return {
    name,
    locationType: cleaned.locationType?.trim() || DEFAULT_LOCATION_TYPE,
    isPrimaryLocation: cleaned.isPrimaryLocation ?? false,
    lumpersAvailable: cleaned.lumpersAvailable ?? false,
    isAppointmentRequired: cleaned.isAppointmentRequired ?? false,
    overnightParking: cleaned.overnightParking ?? false,
    addressLine1,
    addressLine2: cleaned.addressLine2?.trim() || null,
    city,
    province: address.address.province,
    postalCode: address.address.postalCode,
    country: address.address.country,
    ianaTimezone: address.address.ianaTimezone,
    phoneNumbers: cleanList(cleaned.phoneNumbers),
    ediCodes: cleanList(cleaned.ediCodes),
    email: email || null,
    dockLength: cleaned.dockLength ?? null,
    directions: cleaned.directions?.trim() || null,
  };
}

async function placeOf(tx: Tx, values: ReturnType<typeof checkLocationBody>) {
  const place = await geocodeFromPostalCodes(tx, values);
  return { latitude: place?.latitude ?? null, longitude: place?.longitude ?? null };
}

export async function createLocation(ctx: AppContext, caller: Caller, body: LocationBody) {
  const values = checkLocationBody(body);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const locationNumber = await repository.insertLocation(tx, {
      ...values,
      ...(await placeOf(tx, values)),
      companyId: caller.companyId,
    });
    const created = await loadLocation(tx, caller, locationNumber);
    if (values.isPrimaryLocation)
      await repository.clearOtherPrimaryLocations(tx, created.companyId, created.id);
    return presentLocation(created);
  });
}

function assertVersion(what: string, current: number, expected: number | undefined) {
  if (expected === undefined) {
    throw preconditionRequired(`Send the ${what} version you read, as If-Match or as version`);
  }
  if (expected !== current) {
    throw conflict(
      `The ${what} was changed by someone else since you read it (you have version ${expected}, it is now version ${current}). Reload it and try again.`,
      { version: [`The current version is ${current}`] },
    );
  }
}

export async function updateLocation(
  ctx: AppContext,
  caller: Caller,
  locationNumber: string,
  body: LocationBody,
  version: number | undefined,
) {
  const values = checkLocationBody(body);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const current = await loadLocation(tx, caller, locationNumber);
    assertVersion('location', current.version, version);
    await repository.updateLocation(tx, current.id, { ...values, ...(await placeOf(tx, values)) });
    if (values.isPrimaryLocation)
      await repository.clearOtherPrimaryLocations(tx, current.companyId, current.id);
    return presentLocation(await loadLocation(tx, caller, locationNumber));
  });
}

// ---- Quotable places, geocoding, the external search ----

/** The reference places (US ZIPs and Canadian FSAs) by state and city, 10 a page. */
export function quotableIndex(
  ctx: AppContext,
  caller: Caller,
  query: QuotableIndexQuery,
): Promise<QuotableLocationPage> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const { rows, total } = await placesInState(
      tx,
      query.state?.toUpperCase(),
      pageOf(query.page, query.pageSize),
    );
    return {
      data: rows.map(presentPlace),
      page: query.page,
      pageSize: query.pageSize,
      totalCount: total,
    };
  });
}

/** States, provinces, cities and ZIPs matching the text, 100 a page by default. */
export function quotableSearch(ctx: AppContext, caller: Caller, query: QuotableSearchQuery) {
  return ctx.db.tenant(caller.scope, (tx) => searchQuotablePlaces(tx, query));
}

export async function geocode(
  ctx: AppContext,
  caller: Caller,
  query: GeocodeQuery,
): Promise<GeocodedPlace> {
  const typed = emptyStringsToUndefined(query);
  if (!typed.postalCode && !(typed.city && typed.province)) {
    throw invalidField('postalCode', 'Enter a ZIP or postal code, or a city with its state');
  }
  const fromGeocoder = await askGeocoder(ctx.config, ctx.logger, addressText(typed), 1);
  if (fromGeocoder?.[0]) return fromGeocoder[0];
  const place = await ctx.db.tenant(caller.scope, (tx) => geocodeFromPostalCodes(tx, typed));
  if (!place) throw notFound('Place');
  return place;
}

/** Places matching free text: the configured geocoder's, otherwise the reference cities and ZIPs. */
export async function externalSearch(
  ctx: AppContext,
  caller: Caller,
  query: ExternalLocationQuery,
): Promise<GeocodedPlacePage> {
  const start = (query.page - 1) * query.pageSize;
  const fromGeocoder = await askGeocoder(
    ctx.config,
    ctx.logger,
    query.q,
    query.page * query.pageSize,
  );
  if (fromGeocoder) {
    return {
      data: fromGeocoder.slice(start, start + query.pageSize),
      page: query.page,
      pageSize: query.pageSize,
      totalCount: fromGeocoder.length,
    };
  }
  const places = await ctx.db.tenant(caller.scope, (tx) =>
    searchQuotablePlaces(tx, { ...query, types: ['ZipCode'] }),
  );
  return {
    data: places.data.map((place) => ({
      addressLine1: null,
      city: place.city ?? '',
      province: place.state,
      postalCode: place.postalCode ?? '',
      country: /^[A-Z]/i.test(place.postalCode ?? '') ? 'CA' : 'US',
      latitude: place.latitude ?? 0,
      longitude: place.longitude ?? 0,
      ianaTimezone: place.ianaTimezone,
      source: 'postalCode',
    })),
    page: places.page,
    pageSize: places.pageSize,
    totalCount: places.totalCount,
  };
}

// ---- Dock schedules ----

async function presentSchedules(
  tx: Tx,
  location: LocationRow,
  schedules: readonly DockScheduleRow[],
): Promise<DockSchedule[]> {
  const hours = await repository.dockHours(
    tx,
    schedules.map((schedule) => schedule.id),
  );
  return schedules.map((schedule) => ({
    id: schedule.id,
    locationId: schedule.locationId,
    locationNumber: location.locationNumber,
    name: schedule.name,
    isAppointmentRequired: schedule.isAppointmentRequired,
    equipmentModes: schedule.equipmentModes,
    shippingModes: schedule.shippingModes,
    stopTypes: schedule.stopTypes,
    dockHours: hours
      .filter((entry) => entry.dockScheduleId === schedule.id)
      .map(({ dayOfWeek, isClosed, isTwentyFourHour, startTime, endTime }) => ({
        dayOfWeek,
        isClosed,
        isTwentyFourHour,
        startTime,
        endTime,
      })),
    tmsCompanyId: schedule.tmsCompanyId,
    version: schedule.version,
  }));
}

export function listDockSchedules(ctx: AppContext, caller: Caller, locationNumber: string) {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const location = await loadLocation(tx, caller, locationNumber);
    return presentSchedules(tx, location, await repository.dockSchedules(tx, [location.id]));
  });
}

function modes(values: readonly number[] | undefined, fallback: readonly number[], field: string) {
  const chosen = [...new Set(values ?? fallback)].sort((a, b) => a - b);
  if (chosen.length === 0) throw invalidField(field, `Choose at least one of the ${field}`);
  return chosen;
}

function checkDockScheduleBody(body: DockScheduleBody) {
  const name = required(body.name, 'name', 'dock schedule name');
  const stopTypes = [...new Set(body.stopTypes ?? DEFAULT_DOCK_SCHEDULE_MODES.stopTypes)];
  if (stopTypes.length === 0) throw invalidField('stopTypes', 'Choose Shipping, Receiving or both');
  const hours = completeDockHours(body.dockHours);
  if (!hours.ok) throw invalidField(hours.field, hours.message);
  return {
    schedule: {
      name,
      isAppointmentRequired: body.isAppointmentRequired ?? false,
      equipmentModes: modes(
        body.equipmentModes,
        DEFAULT_DOCK_SCHEDULE_MODES.equipmentModes,
        'equipmentModes',
      ),
      shippingModes: modes(
        body.shippingModes,
        DEFAULT_DOCK_SCHEDULE_MODES.shippingModes,
        'shippingModes',
      ),
      stopTypes,
      tmsCompanyId: body.tmsCompanyId?.trim() || null,
    },
    hours: hours.hours,
  };
}

async function scheduleAnswer(tx: Tx, location: LocationRow, scheduleId: string) {
  const schedules = await repository.dockSchedules(tx, [location.id]);
  const [answer] = await presentSchedules(
    tx,
    location,
    schedules.filter((schedule) => schedule.id === scheduleId),
  );
  return answer!;
}

export function createDockSchedule(
  ctx: AppContext,
  caller: Caller,
  locationNumber: string,
  body: DockScheduleBody,
) {
  const checked = checkDockScheduleBody(body);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const location = await loadLocation(tx, caller, locationNumber);
    const id = await repository.insertDockSchedule(tx, {
      ...checked.schedule,
      locationId: location.id,
      companyId: location.companyId,
    });
    await repository.replaceDockHours(
      tx,
      id,
      checked.hours.map((entry) => ({ ...entry, companyId: location.companyId })),
    );
    return scheduleAnswer(tx, location, id);
  });
}

export function updateDockSchedule(
  ctx: AppContext,
  caller: Caller,
  locationNumber: string,
  scheduleId: string,
  body: DockScheduleBody,
  version: number | undefined,
) {
  const checked = checkDockScheduleBody(body);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const location = await loadLocation(tx, caller, locationNumber);
    const current = await repository.findDockSchedule(tx, location.id, scheduleId);
    if (!current) throw notFound('Dock schedule');
    assertVersion('dock schedule', current.version, version);
    await repository.updateDockSchedule(tx, current.id, checked.schedule);
    await repository.replaceDockHours(
      tx,
      current.id,
      checked.hours.map((entry) => ({ ...entry, companyId: location.companyId })),
    );
    return scheduleAnswer(tx, location, current.id);
  });
}
