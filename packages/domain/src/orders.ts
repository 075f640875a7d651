import { timeZoneForPostalCode } from './addresses';
import { CONSOLIDATION, MAX_BUY_MARGIN } from './limits';

// ---- Stop times ----

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch (cause) {
    // A zone name comes from our own tables, so one Intl refuses is a bug, not bad input.
    throw new Error(`Developer error: unusable time zone name "${timeZone}"`, { cause });
  }
  formatters.set(timeZone, formatter);
  return formatter;
}

/** Milliseconds the zone's wall clock is ahead of UTC at the given instant. */
function zoneOffsetAt(timeZone: string, instant: number): number {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wallClock = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wallClock - (instant - (instant % 1000));
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * The UTC instant of a wall-clock date and time in an IANA zone. A time skipped by a spring
 * DST change moves forward by the gap; a repeated autumn time takes its first occurrence.
 */
export function zonedDateTimeToUtc(date: string, time: string, timeZone: string): Date {
  const dateMatch = DATE_PATTERN.exec(date);
  const timeMatch = TIME_PATTERN.exec(time);
  if (!dateMatch || !timeMatch) {
    throw new RangeError(`Expected YYYY-MM-DD and HH:mm, got "${date}" "${time}"`);
  }
  const [, year, month, day] = dateMatch;
  const [, hour, minute] = timeMatch;
  const wallClock = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
  );
  if (new Date(wallClock).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a calendar date: ${date}`);
  }

  // Offsets a day either side bracket any DST change that could touch this wall-clock time.
  const offsetBefore = zoneOffsetAt(timeZone, wallClock - DAY_MS);
  const offsetAfter = zoneOffsetAt(timeZone, wallClock + DAY_MS);
  const candidates = [...new Set([offsetBefore, offsetAfter])]
    .map((offset) => wallClock - offset)
    .filter((instant) => instant + zoneOffsetAt(timeZone, instant) === wallClock)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wallClock - offsetBefore);
}

/**
 * An early, late or appointment time for the API: the stop's date and HH:mm in the zone of
 * its postal code, as an ISO UTC string. An empty time (or an unknown postal code) sends none.
 */
export function buildStopDateTime(
  date: string,
  time: string,
  postalCode: string | null | undefined,
): string | undefined {
  if (time.trim() === '' || date.trim() === '') return undefined;
  const timeZone = timeZoneForPostalCode(postalCode);
  if (!timeZone) return undefined;
  return zonedDateTimeToUtc(date.trim(), time.trim(), timeZone).toISOString();
}

// ---- Payload shaping ----

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuid(value: unknown): value is string {
  return typeof value === 'string' && GUID.test(value);
}

/** New line items carry client-side ids; only a server GUID is sent back. */
export function lineItemIdForPayload(id: unknown): string | undefined {
  return isGuid(id) ? id : undefined;
}

export interface ReferenceNumber {
  readonly label: string;
  readonly value: string;
}

function isBlank(text: string | null | undefined): boolean {
  return text == null || text.trim() === '';
}

export function dropEmptyReferenceNumbers<
  T extends { readonly label?: string | null; readonly value?: string | null },
>(referenceNumbers: readonly T[]): T[] {
  return referenceNumbers.filter(
    (reference) => !isBlank(reference.label) && !isBlank(reference.value),
  );
}

/** What {@link emptyStringsToUndefined} makes of a type: strings in objects may become undefined. */
export type EmptyStringsToUndefined<T> = T extends string
  ? T | undefined
  : T extends Date
    ? T
    : T extends readonly (infer Element)[]
      ? (Element extends string ? Element : EmptyStringsToUndefined<Element>)[]
      : T extends object
        ? { [Key in keyof T]: EmptyStringsToUndefined<T[Key]> }
        : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function withoutEmptyStrings(value: unknown, inArray: boolean): unknown {
  if (typeof value === 'string') return !inArray && value.trim() === '' ? undefined : value;
  if (Array.isArray(value))
    return value.map((element: unknown) => withoutEmptyStrings(element, true));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, withoutEmptyStrings(field, false)]),
    );
  }
  return value;
}

/**
 * Blank string fields become undefined, at any depth, so optional fields left empty in a form
 * are not sent. Strings inside arrays are values in a list and stay.
 */
export function emptyStringsToUndefined<T extends object>(payload: T): EmptyStringsToUndefined<T> {
  return withoutEmptyStrings(payload, false) as EmptyStringsToUndefined<T>;
}

export const ORDER_REFERENCE_LABELS = {
  salesOrderNumber: 'Sales Order',
  purchaseOrderNumber: 'Purchase Order',
  transferOrderNumber: 'Transfer Order',
  returnAuthorizationNumber: 'Return Order',
} as const;
export type OrderReferenceField = keyof typeof ORDER_REFERENCE_LABELS;

export type LiftedOrderReferences<T> = Partial<Record<OrderReferenceField, string>> & {
  readonly referenceNumbers: T[];
};

const REFERENCE_FIELD_BY_LABEL = new Map(
  (Object.entries(ORDER_REFERENCE_LABELS) as [OrderReferenceField, string][]).map(
    ([field, label]) => [label.toLowerCase(), field],
  ),
);

/**
 * Moves the first Sales, Purchase, Transfer and Return Order references into their own
 * order fields; everything else (including repeats of those labels) stays in the list.
 */
export function liftOrderReferenceLabels<T extends ReferenceNumber>(
  referenceNumbers: readonly T[],
): LiftedOrderReferences<T> {
  const lifted: Partial<Record<OrderReferenceField, string>> = {};
  const rest: T[] = [];
  for (const reference of referenceNumbers) {
    const field = REFERENCE_FIELD_BY_LABEL.get(reference.label.trim().toLowerCase());
    if (field && lifted[field] === undefined) lifted[field] = reference.value;
    else rest.push(reference);
  }
  return { ...lifted, referenceNumbers: rest };
}

/** Booking at a rate above the shipment's maxBuy (or with none) raises it to rate + margin. */
export function raiseMaxBuyForBooking(
  maxBuy: number | null | undefined,
  rate: number,
  margin: number = MAX_BUY_MARGIN,
): number {
  return maxBuy == null || maxBuy < rate ? rate + margin : maxBuy;
}

/** An order stop whose location was typed in rather than chosen carries this number. */
export const NEW_LOCATION_NUMBER = 'N/A';
export const PORTAL_ORDER_SOURCE = 'Portal';

// ---- Order statuses and duplicates ----

export const OrderStatus = {
  Open: 'Open',
  InProgress: 'In Progress',
  Completed: 'Completed',
  Cancelled: 'Cancelled',
} as const;
export type OrderStatus = (typeof OrderStatus)[keyof typeof OrderStatus];
export const ORDER_STATUSES = [
  OrderStatus.Open,
  OrderStatus.InProgress,
  OrderStatus.Completed,
  OrderStatus.Cancelled,
] as const;

/** At most this many copies of an order in one duplicate request. */
export const ORDER_DUPLICATE_MAX_COPIES = 25;

// ---- Consolidation ----

/** The earthdistance extension's sphere, so these miles match the database's search. */
const EARTH_RADIUS_METERS = 6378168;
const METERS_PER_MILE = 1609.344;

export interface GeoPoint {
  readonly latitude: number;
  readonly longitude: number;
}

/** Great-circle miles between two points. */
export function milesBetween(a: GeoPoint, b: GeoPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return (2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)))) / METERS_PER_MILE;
}

export interface ConsolidationStop extends GeoPoint {
  readonly earlyAt: Date;
  readonly lateAt: Date;
}

export interface ConsolidationOrder {
  readonly orderNumber: string;
  readonly weightPounds: number;
  readonly packageCount: number;
  readonly equipmentMode: number;
  readonly pickup: ConsolidationStop;
  readonly delivery: ConsolidationStop;
}

const WIDEN_MS = CONSOLIDATION.windowWidenDays * 24 * 60 * 60 * 1000;

/** Whether two stop windows meet once each is widened by the consolidation days on both sides. */
export function windowsMeet(a: ConsolidationStop, b: ConsolidationStop): boolean {
  return (
    a.earlyAt.getTime() - WIDEN_MS <= b.lateAt.getTime() + WIDEN_MS &&
    b.earlyAt.getTime() - WIDEN_MS <= a.lateAt.getTime() + WIDEN_MS
  );
}

const pounds = (value: number) => `${Math.round(value).toLocaleString('en-US')} lb`;

/**
 * Why these orders cannot travel on one draft shipment, naming the limit they break, or null when
 * they can: total weight and units, one equipment mode, every pickup and every delivery within the
 * consolidation distance of the others, and windows that meet once widened.
 */
export function consolidationRefusal(orders: readonly ConsolidationOrder[]): string | null {
  const weight = orders.reduce((sum, order) => sum + order.weightPounds, 0);
  if (weight > CONSOLIDATION.maxWeight) {
    return `Total weight ${pounds(weight)} is over the consolidation maxWeight of ${pounds(CONSOLIDATION.maxWeight)}.`;
  }
  const units = orders.reduce((sum, order) => sum + order.packageCount, 0);
  if (units > CONSOLIDATION.maxUnits) {
    return `Total units ${units} is over the consolidation maxUnits of ${CONSOLIDATION.maxUnits}.`;
  }
  for (let i = 0; i < orders.length; i += 1) {
    for (let j = i + 1; j < orders.length; j += 1) {
      const a = orders[i]!;
      const b = orders[j]!;
      if (a.equipmentMode !== b.equipmentMode) {
        return `Orders ${a.orderNumber} and ${b.orderNumber} need different equipment modes.`;
      }
      for (const [kind, x, y] of [
        ['pickups', a.pickup, b.pickup],
        ['deliveries', a.delivery, b.delivery],
      ] as const) {
        const miles = milesBetween(x, y);
        if (miles > CONSOLIDATION.distance) {
          return `The ${kind} of orders ${a.orderNumber} and ${b.orderNumber} are ${Math.round(miles)} miles apart, over the consolidation distance of ${CONSOLIDATION.distance} miles.`;
        }
        if (!windowsMeet(x, y)) {
          return `The ${kind} of orders ${a.orderNumber} and ${b.orderNumber} are too far apart in time: their windows do not meet even widened by ${CONSOLIDATION.windowWidenDays} days each side.`;
        }
      }
    }
  }
  return null;
}
