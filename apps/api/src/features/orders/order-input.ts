import type { OrderBody, OrderStopBody } from '@portal/contract';
import {
  canadianFsa,
  checkAddress,
  dropEmptyReferenceNumbers,
  emptyStringsToUndefined,
  EquipmentCategory,
  equipmentMaskFromTypes,
  FREIGHT_CLASSES,
  isEquipmentType,
  lineItemIdForPayload,
  liftOrderReferenceLabels,
  NEW_LOCATION_NUMBER,
  PORTAL_ORDER_SOURCE,
  usZip5,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import { badRequest, type FieldErrors } from '../../shared/http/errors';
import { assertWithinDockHours } from '../../shared/locations/dock-hours';
import { findCompanyLocation, findPostalCode, type OrderGraph } from './repository';

// What an order body becomes in the database, by the data rules (spec section 5) the form follows
// too: blank strings are absent; a typed address passes the locations' checkAddress (a Canadian
// postal code makes the country CA, state names become codes, the zone comes from the postal
// code); empty references are dropped and the Sales, Purchase, Transfer and Return Order labels
// are lifted into their own fields; a line item keeps its id only when it is a GUID of the order's
// own. Every refusal names its field.

const UN_NUMBER = /^(UN|NA)\d{4}$/;
const HAZMAT_GROUPS = ['I', 'II', 'III'];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface OrderInputContext {
  companyId: string;
  operatorCompanyId: string;
  userId: string;
  /** Editing: the ids of the order's line items, which a body may send back. */
  existingLineItemIds?: ReadonlySet<string>;
}

class Problems {
  readonly errors: FieldErrors = {};
  add(field: string, message: string) {
    (this.errors[field] ??= []).push(message);
  }
  throwIfAny() {
    const fields = Object.keys(this.errors);
    if (fields.length === 0) return;
    const first = this.errors[fields[0]!]![0]!;
    const more = fields.length > 1 ? ` (and ${fields.length - 1} more)` : '';
    throw badRequest(`${first}${more}`, this.errors);
  }
}

function instant(value: string | undefined, field: string, problems: Problems): Date | null {
  if (value === undefined) return null;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime()) || !/^\d{4}-\d{2}-\d{2}T/.test(value)) {
    problems.add(field, 'Give a date and time (ISO 8601)');
    return null;
  }
  return parsed;
}

type StopRow = OrderGraph['stops'][number];

async function stopRow(
  tx: Tx,
  ctx: OrderInputContext,
  stop: OrderStopBody,
  index: number,
  problems: Problems,
): Promise<StopRow | null> {
  const at = `stops[${index}]`;
  const early = instant(stop.earlyDateTime, `${at}.earlyDateTime`, problems);
  const late = instant(stop.lateDateTime, `${at}.lateDateTime`, problems);
  const appointment = instant(stop.appointmentDateTime, `${at}.appointmentDateTime`, problems);
  if (!stop.earlyDateTime) problems.add(`${at}.earlyDateTime`, 'Enter the early date and time');
  if (early && late && late < early) {
    problems.add(`${at}.lateDateTime`, 'Late must not be before early');
  }
  const contact = stop.locationContactToAdd;
  if (contact && (contact.firstName || contact.lastName || contact.emailAddress)) {
    if (!contact.firstName)
      problems.add(`${at}.locationContactToAdd.firstName`, 'Enter a first name');
    if (!contact.lastName) problems.add(`${at}.locationContactToAdd.lastName`, 'Enter a last name');
    if (contact.emailAddress && !EMAIL.test(contact.emailAddress)) {
      problems.add(`${at}.locationContactToAdd.emailAddress`, 'Enter a valid email address');
    }
  }
  const base = {
    stopType: stop.type,
    ediCode: stop.ediCode ?? null,
    appointmentAt: appointment,
    earlyAt: early,
    lateAt: late ?? early,
    contactFirstName: contact?.firstName ?? null,
    contactLastName: contact?.lastName ?? null,
    contactEmail: contact?.emailAddress ?? null,
    contactPhone: contact?.phoneNumberOffice ?? null,
    referenceNumbers: dropEmptyReferenceNumbers(stop.referenceNumbers ?? []).map((reference) => ({
      label: reference.label.trim(),
      value: reference.value.trim(),
    })),
  };

  const locationNumber = stop.locationNumber.trim();
  if (locationNumber !== NEW_LOCATION_NUMBER) {
    const location = await findCompanyLocation(tx, ctx.companyId, locationNumber);
    if (!location) {
      problems.add(
        `${at}.locationNumber`,
        `Location ${locationNumber} is not one of your locations`,
      );
      return null;
    }
    return {
      ...base,
      locationId: location.id,
      locationNumber: location.locationNumber,
      locationName: location.name,
      addressLine1: location.addressLine1,
      city: location.city,
      state: location.province,
      postalCode: location.postalCode,
      country: location.country,
      latitude: location.latitude,
      longitude: location.longitude,
      ianaTimezone: location.ianaTimezone,
    };
  }

  const typed = stop.location;
  if (!typed) {
    problems.add(`${at}.location`, 'Enter the address of a new location');
    return null;
  }
  for (const field of ['name', 'addressLine1', 'city', 'state', 'postalCode'] as const) {
    if (!typed[field]) problems.add(`${at}.location.${field}`, 'This field is required');
  }
  if (!typed.postalCode || !typed.state || !typed.name || !typed.city) return null;
  const checked = checkAddress({
    province: typed.state,
    postalCode: typed.postalCode,
    country: typed.country,
  });
  if (!checked.ok) {
    // The location rules name "province"; an order stop calls it state.
    const field = checked.field === 'province' ? 'state' : checked.field;
    problems.add(`${at}.location.${field}`, checked.message);
    return null;
  }
  const place = checked.address;
  const reference = await findPostalCode(
    tx,
    place.country === 'CA' ? canadianFsa(place.postalCode)! : usZip5(place.postalCode)!,
  );
  return {
    ...base,
    locationId: null,
    locationNumber: NEW_LOCATION_NUMBER,
    locationName: typed.name,
    addressLine1: [typed.addressLine1, typed.addressLine2].filter(Boolean).join(', ') || null,
    city: typed.city,
    state: place.province,
    postalCode: place.postalCode,
    country: place.country,
    latitude: reference?.latitude ?? null,
    longitude: reference?.longitude ?? null,
    ianaTimezone: place.ianaTimezone,
  };
}

/** The order's rows from a create or edit body, or a 400 naming every field that is wrong. */
export async function orderGraphFromBody(
  tx: Tx,
  ctx: OrderInputContext,
  rawBody: OrderBody,
): Promise<OrderGraph> {
  const body = emptyStringsToUndefined(rawBody) as OrderBody;
  const problems = new Problems();

  if (!body.stops.some((stop) => stop.type === 'Pickup')) {
    problems.add('stops', 'Add at least one pickup stop');
  }
  if (!body.stops.some((stop) => stop.type === 'Delivery')) {
    problems.add('stops', 'Add at least one delivery stop');
  }
  const stops: (StopRow | null)[] = [];
  for (const [index, stop] of body.stops.entries()) {
    stops.push(await stopRow(tx, ctx, stop, index, problems));
  }

  let isHazmat = false;
  const lineItems = body.lineItems.map((item, index) => {
    const at = `lineItems[${index}]`;
    const pickup = body.stops[item.pickupStop];
    const delivery = body.stops[item.deliveryStop];
    if (pickup?.type !== 'Pickup') {
      problems.add(`${at}.pickupStop`, `Stop ${item.pickupStop + 1} is not a pickup`);
    }
    if (delivery?.type !== 'Delivery') {
      problems.add(`${at}.deliveryStop`, `Stop ${item.deliveryStop + 1} is not a delivery`);
    } else if (item.deliveryStop < item.pickupStop) {
      problems.add(`${at}.deliveryStop`, 'The delivery must come after the pickup');
    }
    if (!item.description) problems.add(`${at}.description`, 'Describe the freight');
    if (item.freightClass && !FREIGHT_CLASSES.map(String).includes(item.freightClass)) {
      problems.add(`${at}.freightClass`, `${item.freightClass} is not an NMFC freight class`);
    }
    const hazmatGiven = Boolean(item.hazmatGroup || item.hazmatClass || item.unNumber);
    if (hazmatGiven) {
      isHazmat = true;
      if (!item.unNumber || !UN_NUMBER.test(item.unNumber)) {
        problems.add(`${at}.unNumber`, 'Enter the UN number as UN or NA and 4 digits (UN1203)');
      }
      if (!item.hazmatClass) problems.add(`${at}.hazmatClass`, 'Enter the hazmat class');
      if (!item.hazmatGroup || !HAZMAT_GROUPS.includes(item.hazmatGroup)) {
        problems.add(`${at}.hazmatGroup`, 'Enter the packing group: I, II or III');
      }
    }
    const id = lineItemIdForPayload(item.id);
    return {
      ...(id && ctx.existingLineItemIds?.has(id.toLowerCase()) ? { id: id.toLowerCase() } : {}),
      pickupStop: item.pickupStop,
      deliveryStop: item.deliveryStop,
      description: item.description ?? '',
      freightClass: item.freightClass ?? null,
      packageType: item.packageType ?? 'Pallet',
      packageCount: item.packageCount,
      pieceCount: item.pieceCount ?? null,
      lengthInches: item.lengthInches ?? null,
      widthInches: item.widthInches ?? null,
      heightInches: item.heightInches ?? null,
      weightPounds: item.weightPounds,
      isHazmat: hazmatGiven,
      hazmatGroup: item.hazmatGroup ?? null,
      hazmatClass: item.hazmatClass ?? null,
      unNumber: item.unNumber ?? null,
    };
  });
  if (isHazmat && !body.hazmatEmergencyContactInfo) {
    problems.add('hazmatEmergencyContactInfo', 'Hazmat freight needs an emergency contact');
  }
  const unknownType = body.equipmentTypes.find((type) => !isEquipmentType(type));
  if (unknownType !== undefined) {
    problems.add('equipmentTypes', `${unknownType} is not an equipment type`);
  }
  const isReefer = body.equipmentMode === EquipmentCategory.Reefer;
  if (isReefer && body.reeferTemperature === undefined) {
    problems.add('reeferTemperature', 'Enter the reefer temperature');
  }
  problems.throwIfAny();
  // An appointment at a location on file must fall within its dock hours (decision 172).
  for (const [index, stop] of stops.entries()) {
    if (!stop?.appointmentAt) continue;
    await assertWithinDockHours(
      tx,
      {
        locationId: stop.locationId ?? null,
        locationName: stop.locationName,
        stopType: stop.stopType,
        ianaTimezone: stop.ianaTimezone,
        stopNumber: index + 1,
      },
      new Date(stop.appointmentAt),
      `stops[${index}].appointmentDateTime`,
    );
  }

  const { referenceNumbers, ...lifted } = liftOrderReferenceLabels(
    dropEmptyReferenceNumbers(body.referenceNumbers ?? []).map((reference) => ({
      label: reference.label.trim(),
      value: reference.value.trim(),
    })),
  );
  return {
    order: {
      customerCompanyId: ctx.companyId,
      operatorCompanyId: ctx.operatorCompanyId,
      orderType: body.orderType ?? 'Standard',
      freightTermType: body.freightTermType ?? 'Prepaid',
      freightValueCents:
        body.freightValue === undefined ? null : Math.round(body.freightValue * 100),
      shippingMode: body.shippingMode,
      equipmentMode: body.equipmentMode,
      equipmentTypes: equipmentMaskFromTypes(body.equipmentTypes.filter(isEquipmentType)),
      isJustInTime: body.isJustInTime ?? false,
      isTeamRequired: body.isTeamRequired ?? false,
      isBlind: body.isBlind ?? false,
      isHazmat,
      specialInstructions: body.specialInstructions ?? null,
      reeferTemperature: isReefer ? (body.reeferTemperature ?? null) : null,
      reeferMode: isReefer ? (body.reeferMode ?? null) : null,
      hazmatEmergencyContactInfo: body.hazmatEmergencyContactInfo ?? null,
      chemtracAccountNumber: body.chemtracAccountNumber ?? null,
      orderSource: PORTAL_ORDER_SOURCE,
      // The form lifts the labels itself; a client that sends them in the list gets the same.
      salesOrderNumber: body.salesOrderNumber ?? lifted.salesOrderNumber ?? null,
      purchaseOrderNumber: body.purchaseOrderNumber ?? lifted.purchaseOrderNumber ?? null,
      transferOrderNumber: body.transferOrderNumber ?? lifted.transferOrderNumber ?? null,
      returnAuthorizationNumber:
        body.returnAuthorizationNumber ?? lifted.returnAuthorizationNumber ?? null,
      createdBy: ctx.userId,
    },
    stops: stops.filter((stop): stop is StopRow => stop !== null),
    lineItems,
    referenceNumbers,
    requirements: [...new Set((body.requirements ?? []).map((item) => item.trim()))],
    accessorials: (body.accessorials ?? []).map((accessorial) => ({
      code: accessorial.code.trim(),
      description: accessorial.description ?? accessorial.code.trim(),
    })),
  };
}
