import type { Location, OrderBody, OrderDetail } from '@portal/contract';
import {
  buildStopDateTime,
  checkAddress,
  countryForPostalCode,
  dropEmptyReferenceNumbers,
  emptyStringsToUndefined,
  EquipmentCategory,
  EquipmentType,
  lineItemIdForPayload,
  liftOrderReferenceLabels,
  LoadType,
  NEW_LOCATION_NUMBER,
  stateToCode,
} from '@portal/domain';
import type { LocationChoice } from '../../../shared/locations';

// The order form's values (text as typed) and the body they become, by the data rules the server
// applies too (spec section 5): stop times from the stop's date and HH:mm on its postal code's clock,
// a Canadian postal code makes the country CA, state names become codes, empty references are
// dropped and the order labels lifted, blank fields are not sent, a line item's id only when a GUID.

export interface StopValues {
  type: 'Pickup' | 'Delivery';
  /** A location on file by number, or an address typed in ("N/A"); none chosen yet is null. */
  location: LocationChoice | null;
  date: string;
  earlyTime: string;
  lateTime: string;
  appointmentTime: string;
  contactFirstName: string;
  contactLastName: string;
  contactEmail: string;
  contactPhone: string;
}

export interface LineItemValues {
  id: string;
  pickupStop: number;
  deliveryStop: number;
  description: string;
  freightClass: string;
  packageType: string;
  packageCount: string;
  weightPounds: string;
  lengthInches: string;
  widthInches: string;
  heightInches: string;
  hazmatGroup: string;
  hazmatClass: string;
  unNumber: string;
}

export interface OrderValues {
  version: number | null;
  shippingMode: number;
  equipmentMode: number;
  equipmentTypes: number[];
  reeferTemperature: string;
  reeferMode: string;
  hazmatEmergencyContactInfo: string;
  specialInstructions: string;
  isTeamRequired: boolean;
  referenceNumbers: { label: string; value: string }[];
  requirements: string;
  stops: StopValues[];
  lineItems: LineItemValues[];
}

export const REFERENCE_LABELS = [
  'Purchase Order',
  'Sales Order',
  'Transfer Order',
  'Return Order',
  'Bill of Lading',
  'Load ID',
] as const;

export function emptyStop(type: StopValues['type']): StopValues {
  return {
    type,
    location: null,
    date: '',
    earlyTime: '',
    lateTime: '',
    appointmentTime: '',
    contactFirstName: '',
    contactLastName: '',
    contactEmail: '',
    contactPhone: '',
  };
}

let nextItem = 0;
export function emptyLineItem(pickupStop = 0, deliveryStop = 1): LineItemValues {
  nextItem += 1;
  return {
    id: `new-${nextItem}`,
    pickupStop,
    deliveryStop,
    description: '',
    freightClass: '',
    packageType: 'Pallet',
    packageCount: '',
    weightPounds: '',
    lengthInches: '',
    widthInches: '',
    heightInches: '',
    hazmatGroup: '',
    hazmatClass: '',
    unNumber: '',
  };
}

export function emptyOrder(): OrderValues {
  return {
    version: null,
    shippingMode: LoadType.TL,
    equipmentMode: EquipmentCategory.Dry,
    equipmentTypes: [EquipmentType.Van],
    reeferTemperature: '',
    reeferMode: '',
    hazmatEmergencyContactInfo: '',
    specialInstructions: '',
    isTeamRequired: false,
    referenceNumbers: [{ label: 'Purchase Order', value: '' }],
    requirements: '',
    stops: [emptyStop('Pickup'), emptyStop('Delivery')],
    lineItems: [emptyLineItem()],
  };
}

const text = (value: string | null | undefined) => value ?? '';
const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The postal code a stop's times are read on: its location's, or the one typed in. */
export function stopPostalCode(stop: Pick<StopValues, 'location'>): string {
  return stop.location?.location?.postalCode ?? stop.location?.typedIn?.postalCode ?? '';
}

/**
 * The form's values for an order being edited: each time back on its stop's clock, each stop's
 * location as it is on file (by number) or as it was typed in.
 */
export function orderValuesFrom(
  order: OrderDetail,
  locationsOnFile: ReadonlyMap<string, Location>,
): OrderValues {
  const lifted = [
    ['Purchase Order', order.purchaseOrderNumber],
    ['Sales Order', order.salesOrderNumber],
    ['Transfer Order', order.transferOrderNumber],
    ['Return Order', order.returnAuthorizationNumber],
  ]
    .filter((entry): entry is [string, string] => Boolean(entry[1]))
    .map(([label, value]) => ({ label, value }));
  return {
    version: order.version,
    shippingMode: order.shippingMode.value,
    equipmentMode: order.equipmentMode.value,
    equipmentTypes: order.equipmentTypes,
    reeferTemperature: numberText(order.reeferTemperature),
    reeferMode: text(order.reeferMode),
    hazmatEmergencyContactInfo: text(order.hazmatEmergencyContactInfo),
    specialInstructions: text(order.specialInstructions),
    isTeamRequired: order.isTeamRequired,
    referenceNumbers: [...lifted, ...order.referenceNumbers],
    requirements: order.requirements.join(', '),
    stops: order.stops.map((stop) => ({
      type: stop.type,
      location: locationChoiceOf(stop, locationsOnFile),
      date: stop.early?.local.slice(0, 10) ?? '',
      earlyTime: stop.early?.local.slice(11, 16) ?? '',
      lateTime: stop.late?.local.slice(11, 16) ?? '',
      appointmentTime: stop.appointment?.local.slice(11, 16) ?? '',
      contactFirstName: text(stop.contact?.firstName),
      contactLastName: text(stop.contact?.lastName),
      contactEmail: text(stop.contact?.emailAddress),
      contactPhone: text(stop.contact?.phoneNumberOffice),
    })),
    lineItems: order.lineItems.map((item) => ({
      id: item.id,
      pickupStop: item.pickupStop,
      deliveryStop: item.deliveryStop,
      description: item.description,
      freightClass: text(item.freightClass),
      packageType: item.packageType,
      packageCount: String(item.packageCount),
      weightPounds: String(item.weightPounds),
      lengthInches: numberText(item.lengthInches),
      widthInches: numberText(item.widthInches),
      heightInches: numberText(item.heightInches),
      hazmatGroup: text(item.hazmatGroup),
      hazmatClass: text(item.hazmatClass),
      unNumber: text(item.unNumber),
    })),
  };
}

function locationChoiceOf(
  stop: OrderDetail['stops'][number],
  locationsOnFile: ReadonlyMap<string, Location>,
): LocationChoice | null {
  const onFile = stop.locationNumber ? locationsOnFile.get(stop.locationNumber) : undefined;
  if (onFile) return { locationNumber: onFile.locationNumber, location: onFile };
  return {
    locationNumber: NEW_LOCATION_NUMBER,
    typedIn: {
      name: stop.location.name,
      addressLine1: text(stop.location.addressLine1),
      city: stop.location.city,
      province: stop.location.state,
      postalCode: stop.location.postalCode,
      country: stop.location.country === 'CA' ? 'CA' : 'US',
    },
  };
}

const optionalNumber = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The body the API receives for the form's values. */
export function orderPayload(values: OrderValues): OrderBody {
  const { referenceNumbers, ...lifted } = liftOrderReferenceLabels(
    dropEmptyReferenceNumbers(values.referenceNumbers),
  );
  const isReefer = values.equipmentMode === EquipmentCategory.Reefer;
  const body = {
    ...(values.version === null ? {} : { version: values.version }),
    shippingMode: values.shippingMode,
    equipmentMode: values.equipmentMode,
    equipmentTypes: values.equipmentTypes,
    isTeamRequired: values.isTeamRequired,
    specialInstructions: values.specialInstructions,
    reeferTemperature: isReefer ? optionalNumber(values.reeferTemperature) : undefined,
    reeferMode: isReefer ? (values.reeferMode as OrderBody['reeferMode']) : undefined,
    hazmatEmergencyContactInfo: values.hazmatEmergencyContactInfo,
    ...lifted,
    referenceNumbers,
    requirements: values.requirements
      .split(',')
      .map((requirement) => requirement.trim())
      .filter(Boolean),
    stops: values.stops.map((stop) => {
      const typedIn = stop.location?.typedIn;
      const postalCode = stopPostalCode(stop);
      return {
        type: stop.type,
        locationNumber: stop.location?.locationNumber ?? NEW_LOCATION_NUMBER,
        location: typedIn
          ? {
              name: typedIn.name,
              addressLine1: typedIn.addressLine1,
              city: typedIn.city,
              state: stateToCode(typedIn.province) ?? typedIn.province,
              postalCode: typedIn.postalCode.trim(),
              country: countryForPostalCode(typedIn.postalCode),
            }
          : undefined,
        locationContactToAdd: {
          firstName: stop.contactFirstName,
          lastName: stop.contactLastName,
          emailAddress: stop.contactEmail,
          phoneNumberOffice: stop.contactPhone,
        },
        earlyDateTime: buildStopDateTime(stop.date, stop.earlyTime, postalCode),
        lateDateTime: buildStopDateTime(stop.date, stop.lateTime, postalCode),
        appointmentDateTime: buildStopDateTime(stop.date, stop.appointmentTime, postalCode),
      };
    }),
    lineItems: values.lineItems.map((item) => ({
      id: lineItemIdForPayload(item.id),
      pickupStop: item.pickupStop,
      deliveryStop: item.deliveryStop,
      description: item.description,
      freightClass: item.freightClass,
      packageType: item.packageType,
      packageCount: Number(item.packageCount),
      weightPounds: Number(item.weightPounds),
      lengthInches: optionalNumber(item.lengthInches),
      widthInches: optionalNumber(item.widthInches),
      heightInches: optionalNumber(item.heightInches),
      hazmatGroup: item.hazmatGroup,
      hazmatClass: item.hazmatClass,
      unNumber: item.unNumber,
    })),
  };
  return emptyStringsToUndefined(body) as OrderBody;
}

// ---- Field rules (shown before saving; the server holds the same) ----

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What is missing or wrong in a stop's location, checked by the same rules as the server's. */
export function locationProblem(choice: LocationChoice | null): string | true {
  if (!choice) return 'Choose a location, or N/A to type in a new address';
  const typedIn = choice.typedIn;
  if (!typedIn) return true;
  if (!typedIn.name.trim()) return 'Enter the location name';
  if (!typedIn.addressLine1.trim()) return 'Enter the street address';
  if (!typedIn.city.trim()) return 'Enter the city';
  if (!typedIn.postalCode.trim()) return 'Enter a ZIP or postal code';
  if (!typedIn.province.trim()) return 'Enter a state or province';
  const checked = checkAddress({ province: typedIn.province, postalCode: typedIn.postalCode });
  return checked.ok || checked.message;
}

export const timeProblem = (value: string, required: boolean): string | true =>
  value === ''
    ? required
      ? 'Enter a time (HH:mm)'
      : true
    : TIME_PATTERN.test(value) || 'Use HH:mm';
