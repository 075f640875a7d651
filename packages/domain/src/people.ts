import { EQUIPMENT_TYPES } from './freight';

// Contacts, profile, equipment and the admin screens: the rules both the API and the web read.

/** Kinds of event a person may hear about, in the portal and by e-mail (notification preferences). */
export const NOTIFICATION_KINDS = [
  'TenderReceived',
  'RateRequestReceived',
  'ShipmentAssigned',
  'ShipmentNeedsUpdate',
  'CaseUpdated',
  'NoteMention',
  'InvoiceStatusChanged',
  'PaymentSent',
] as const;
export type NotificationKindName = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKindName, string>> = {
  TenderReceived: 'A tender is sent to us',
  RateRequestReceived: 'A rate request is sent to us',
  ShipmentAssigned: 'A shipment is assigned to me',
  ShipmentNeedsUpdate: 'A shipment needs an update',
  CaseUpdated: 'An accessorial request changes',
  NoteMention: 'Someone mentions me in a comment',
  InvoiceStatusChanged: 'An invoice changes status',
  PaymentSent: 'A payment is sent',
};

export function isNotificationKind(value: string): value is NotificationKindName {
  return (NOTIFICATION_KINDS as readonly string[]).includes(value);
}

// ---- E-mail addresses and phone numbers (decision 121) ----

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isValidEmailAddress(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && EMAIL_PATTERN.test(email);
}

/** The digits of a phone number as people type it: (701) 555-0101, 701.555.0101, +1 701 555 0101. */
export function phoneDigits(value: string): string {
  return value.replace(/[\s().\-+]/g, '');
}

/**
 * A North American number (10 digits, optionally led by 1; area code and exchange not starting
 * with 0 or 1) or an international one written with + and 8 to 15 digits.
 */
export function isValidPhoneNumber(value: string): boolean {
  const text = value.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return false;
  const digits = phoneDigits(text);
  if (text.startsWith('+') && !text.startsWith('+1'))
    return digits.length >= 8 && digits.length <= 15;
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(national);
}

/** Phone numbers are kept as (701) 555-0101 when North American, otherwise as typed. */
export function formatPhoneNumber(value: string): string {
  const text = value.trim();
  const digits = phoneDigits(text);
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if ((!text.startsWith('+') || text.startsWith('+1')) && national.length === 10)
    return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
  return text;
}

export const PHONE_TYPES = ['Office', 'Mobile', 'Fax', 'Home'] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];

export const EMAIL_TYPES = ['Work', 'Personal'] as const;

export const PEOPLE_MESSAGES = {
  invalidEmail: 'Enter a valid e-mail address',
  invalidPhone: 'Enter a valid phone number, such as (701) 555-0101',
  duplicateEmail: 'A user with this e-mail address already exists',
  lastAdmin: 'The company must keep at least one administrator',
  portalNeedsEmail: 'A contact with portal access needs an e-mail address',
  contactCreated: 'Contact created',
  contactUpdated: 'Contact updated',
  contactDeleted: 'Contact deleted',
  activationSent: 'Activation e-mail sent',
  noContacts: 'No Matching Contacts Found',
  pictureTooLarge: 'The picture is larger than 2 MB',
  pictureNotImage: 'The picture must be a PNG or JPEG image',
  staleContact:
    'This contact was changed by someone else since you opened it. Reload it to see the latest version, then save again.',
} as const;

/** Profile pictures and trailer photos: a picture, not a document, so smaller (decision 121). */
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;

// ---- Equipment ----

export const EQUIPMENT_MESSAGES = {
  trailerSaved: 'Trailer saved',
  trailerRetired: 'Trailer retired',
  powerUnitSaved: 'Power unit saved',
  powerUnitRetired: 'Power unit retired',
  photoSaved: 'Trailer photo saved',
  duplicateTrailer: 'The company already has a trailer with this number',
  duplicatePowerUnit: 'The company already has a power unit with this number',
  noTrailers: 'No Trailers Found',
  noPowerUnits: 'No Power Units Found',
  staleTrailer:
    'This trailer was changed by someone else since you opened it. Reload it to see the latest version, then save again.',
} as const;

/** A VIN: 17 letters and digits, never I, O or Q. */
export function isValidVin(value: string): boolean {
  return /^[A-HJ-NPR-Z0-9]{17}$/i.test(value.trim());
}

export const EQUIPMENT_YEAR_MIN = 1950;

/** The tab labels of /equipment: "Trailers (count)" and "Power Units (count)". */
export function equipmentTabLabel(kind: 'trailers' | 'powerUnits', count: number | undefined) {
  const name = kind === 'trailers' ? 'Trailers' : 'Power Units';
  return `${name} (${count ?? 0})`;
}

/** Trailers are one type each: one of the spec's bit values. */
export const TRAILER_EQUIPMENT_TYPES = EQUIPMENT_TYPES;

// ---- Contacts list ----

/** Roles a contacts list may filter by (Driver included: drivers are contacts with that role). */
export const CONTACT_ROLE_FILTERS = [
  'Admin',
  'Driver',
  'BillTo',
  'BillingInquiry',
  'AP',
  'AR',
] as const;

/** 2026-11-24 (or an ISO instant) as MM/DD/YYYY, the portal's date format. */
export function formatIsoDay(iso: string): string {
  const [year, month, day] = iso.slice(0, 10).split('-');
  return `${month}/${day}/${year}`;
}

// ---- Administration ----

/**
 * The API documentation (the page and /api/docs with its JSON): administrators, and integrations
 * calling with an API key (decision 123). The user menu shows it to administrators on wide screens.
 */
export const API_DOCUMENTATION_ACCESS = { roles: ['Admin'] } as const satisfies {
  roles: readonly 'Admin'[];
};

// ---- Carrier scorecard (decision 124) ----

export const SCORECARD_WINDOW_DAYS = 90;

/** The carrier (its portal users), the factoring company that factors it, the operator. */
export const SCORECARD_ACCESS = {
  permissions: ['CarrierPortal', 'FactoringCompanyPortal', 'Admin'],
} as const satisfies {
  permissions: readonly ('CarrierPortal' | 'FactoringCompanyPortal' | 'Admin')[];
};
