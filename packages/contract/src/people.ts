import Type, { type Static } from 'typebox';
import { CurrentUser } from './auth';
import { Id, PageOf, PagingQuery, StatusValue } from './common';

// Contacts, the profile, equipment (trailers and power units), the carrier scorecard, videos and
// application updates.

const NullableText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);

export const ContactEmailInput = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: 254 }),
    type: Type.Optional(Type.Union([Type.Literal('Work'), Type.Literal('Personal')])),
    isPrimary: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ContactEmailInput = Static<typeof ContactEmailInput>;

export const ContactPhoneInput = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: 40 }),
    extension: Type.Optional(Type.Union([Type.String({ maxLength: 10 }), Type.Null()])),
    type: Type.Optional(
      Type.Union([
        Type.Literal('Office'),
        Type.Literal('Mobile'),
        Type.Literal('Fax'),
        Type.Literal('Home'),
      ]),
    ),
    isPrimary: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ContactPhoneInput = Static<typeof ContactPhoneInput>;

const RoleNames = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 10 });
const PermissionNames = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
  maxItems: 10,
});

// ---- Profile ----

/** PUT me: the signed-in person's own contact. Role names lose spaces and hyphens (Bill-to is BillTo). */
export const UpdateProfileBody = Type.Object(
  {
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    functionTitle: Type.Optional(NullableText(100)),
    linkedInProfileUrl: Type.Optional(NullableText(300)),
    roles: Type.Optional(RoleNames),
    emailAddresses: Type.Array(ContactEmailInput, { maxItems: 5 }),
    phoneNumbers: Type.Array(ContactPhoneInput, { maxItems: 5 }),
  },
  { additionalProperties: false },
);
export type UpdateProfileBody = Static<typeof UpdateProfileBody>;

export const CurrentUserResponse = Type.Object({ data: CurrentUser });
export type CurrentUserResponse = Static<typeof CurrentUserResponse>;

/** The spec's profile picture payload: name, type ContactProfilepicture, data (base64). */
export const ProfilePictureBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    type: Type.Literal('ContactProfilepicture'),
    data: Type.String({ minLength: 1 }),
  },
  { additionalProperties: false },
);
export type ProfilePictureBody = Static<typeof ProfilePictureBody>;

export const ProfilePictureResponse = Type.Object({
  data: Type.Object({ fileId: Type.Union([Id, Type.Null()]) }),
});
export type ProfilePictureResponse = Static<typeof ProfilePictureResponse>;

export const NotificationPreferencesBody = Type.Object(
  {
    preferences: Type.Array(
      Type.Object(
        {
          notificationKind: Type.String({ minLength: 1, maxLength: 60 }),
          byEmail: Type.Boolean(),
          inApp: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
      { maxItems: 30 },
    ),
  },
  { additionalProperties: false },
);
export type NotificationPreferencesBody = Static<typeof NotificationPreferencesBody>;

// ---- Contacts ----

/** The spec's Contact entity (data-operations section 3), with its id. */
export const Contact = Type.Object({
  id: Id,
  firstName: Type.String(),
  lastName: Type.String(),
  functionTitle: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  accessLevels: Type.Array(Type.String()),
  emailAddresses: CurrentUser.properties.emailAddresses,
  phoneNumbers: CurrentUser.properties.phoneNumbers,
  linkedInProfileUrl: Type.Union([Type.String(), Type.Null()]),
  locations: CurrentUser.properties.locations,
  is3PL: Type.Boolean(),
  isCarrier: Type.Boolean(),
  fileId: Type.Union([Id, Type.Null()]),
  companyId: Id,
  companyNumber: Type.String(),
  companyName: Type.String(),
  isPortalEnabled: Type.Boolean(),
  /** The person has set a password through the activation link. */
  isActivated: Type.Boolean(),
  /** Sent back on an edit (version or If-Match): a stale one answers 409. */
  version: Type.Integer(),
});
export type Contact = Static<typeof Contact>;

export const ContactListQuery = Type.Object(
  {
    roles: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 10 }),
    ),
    fuzzyMatch: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery(50, 100),
  },
  { additionalProperties: false },
);
export type ContactListQuery = Static<typeof ContactListQuery>;

export const ContactPage = PageOf(Contact);
export type ContactPage = Static<typeof ContactPage>;

export const ContactResponse = Type.Object({ data: Contact });
export type ContactResponse = Static<typeof ContactResponse>;

export const ContactIdParams = Type.Object({ contactId: Id }, { additionalProperties: false });

const contactFields = {
  firstName: Type.String({ minLength: 1, maxLength: 100 }),
  lastName: Type.String({ minLength: 1, maxLength: 100 }),
  functionTitle: Type.Optional(NullableText(100)),
  linkedInProfileUrl: Type.Optional(NullableText(300)),
  roles: RoleNames,
  permissions: Type.Optional(PermissionNames),
  isPortalEnabled: Type.Optional(Type.Boolean()),
  emailAddresses: Type.Array(ContactEmailInput, { maxItems: 5 }),
  phoneNumbers: Type.Array(ContactPhoneInput, { maxItems: 5 }),
  // Location ids; named as the entity names them (the tenant matrix fills in *Id fields).
  locations: Type.Optional(Type.Array(Id, { maxItems: 20 })),
};

export const CreateContactBody = Type.Object(contactFields, { additionalProperties: false });
export type CreateContactBody = Static<typeof CreateContactBody>;

/** The spec's update: id, functionTitle, linkedInProfileUrl, companyId, roles, and the rest of the contact. */
export const UpdateContactBody = Type.Object(
  {
    id: Type.Optional(Id),
    companyId: Type.Optional(Id),
    /** The version read; required here or as If-Match. */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
    ...contactFields,
  },
  { additionalProperties: false },
);
export type UpdateContactBody = Static<typeof UpdateContactBody>;

// ---- Equipment ----

export const FleetTrailer = Type.Object({
  id: Id,
  trailerNumber: Type.String(),
  equipmentType: StatusValue,
  lengthFeet: Type.Union([Type.Integer(), Type.Null()]),
  licensePlate: Type.Union([Type.String(), Type.Null()]),
  licenseState: Type.Union([Type.String(), Type.Null()]),
  vin: Type.Union([Type.String(), Type.Null()]),
  modelYear: Type.Union([Type.Integer(), Type.Null()]),
  make: Type.Union([Type.String(), Type.Null()]),
  photoFileId: Type.Union([Id, Type.Null()]),
  isActive: Type.Boolean(),
  retiredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Sent back on an edit (version or If-Match): a stale one answers 409. */
  version: Type.Integer(),
});
export type FleetTrailer = Static<typeof FleetTrailer>;

export const FleetPowerUnit = Type.Object({
  id: Id,
  unitNumber: Type.String(),
  licensePlate: Type.Union([Type.String(), Type.Null()]),
  licenseState: Type.Union([Type.String(), Type.Null()]),
  vin: Type.Union([Type.String(), Type.Null()]),
  modelYear: Type.Union([Type.Integer(), Type.Null()]),
  make: Type.Union([Type.String(), Type.Null()]),
  isActive: Type.Boolean(),
  retiredAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type FleetPowerUnit = Static<typeof FleetPowerUnit>;

export const FleetListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 50 })),
    /** In service (the default) or retired. */
    status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('retired')])),
    make: Type.Optional(Type.String({ maxLength: 40 })),
    ...PagingQuery(50, 100),
  },
  { additionalProperties: false },
);
export type FleetListQuery = Static<typeof FleetListQuery>;

export const TrailerListQuery = Type.Object(
  {
    ...FleetListQuery.properties,
    /** Trailers of any of these equipment type bits. */
    equipmentTypes: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type TrailerListQuery = Static<typeof TrailerListQuery>;

export const FleetTrailerPage = PageOf(FleetTrailer);
export type FleetTrailerPage = Static<typeof FleetTrailerPage>;
export const FleetPowerUnitPage = PageOf(FleetPowerUnit);
export type FleetPowerUnitPage = Static<typeof FleetPowerUnitPage>;
export const FleetTrailerResponse = Type.Object({ data: FleetTrailer });
export type FleetTrailerResponse = Static<typeof FleetTrailerResponse>;
export const FleetPowerUnitResponse = Type.Object({ data: FleetPowerUnit });
export type FleetPowerUnitResponse = Static<typeof FleetPowerUnitResponse>;

const vehicleFields = {
  licensePlate: Type.Optional(NullableText(15)),
  licenseState: Type.Optional(Type.Union([Type.String({ pattern: '^[A-Za-z]{2}$' }), Type.Null()])),
  vin: Type.Optional(NullableText(17)),
  modelYear: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1950, maximum: 2100 }), Type.Null()]),
  ),
  make: Type.Optional(NullableText(40)),
};

export const FleetTrailerBody = Type.Object(
  {
    trailerNumber: Type.String({ minLength: 1, maxLength: 30 }),
    equipmentType: Type.Integer({ minimum: 1, description: 'One equipment type bit value' }),
    lengthFeet: Type.Optional(Type.Union([Type.Integer({ minimum: 8, maximum: 65 }), Type.Null()])),
    ...vehicleFields,
    /** On an edit, the version read (here or as If-Match); ignored on a create. */
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type FleetTrailerBody = Static<typeof FleetTrailerBody>;

export const FleetPowerUnitBody = Type.Object(
  { unitNumber: Type.String({ minLength: 1, maxLength: 30 }), ...vehicleFields },
  { additionalProperties: false },
);
export type FleetPowerUnitBody = Static<typeof FleetPowerUnitBody>;

/** A trailer's photo (document type Trailer Picture 98): name and data in base64. */
export const TrailerPhotoBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), data: Type.String({ minLength: 1 }) },
  { additionalProperties: false },
);
export type TrailerPhotoBody = Static<typeof TrailerPhotoBody>;

// ---- Carrier scorecard ----

const Ratio = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  /** Whole percent; null when there is nothing to measure. */
  percent: Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]),
});

export const CarrierScorecard = Type.Object({
  data: Type.Object({
    carrierId: Id,
    carrierName: Type.String(),
    periodDays: Type.Integer(),
    shipmentCount: Type.Integer({ minimum: 0 }),
    onTimePickup: Ratio,
    onTimeDelivery: Ratio,
    tenderAcceptance: Ratio,
    claims: Type.Object({
      count: Type.Integer({ minimum: 0 }),
      open: Type.Integer({ minimum: 0 }),
      /** Claims per 100 shipments. */
      perHundredShipments: Type.Union([Type.Number(), Type.Null()]),
    }),
  }),
});
export type CarrierScorecard = Static<typeof CarrierScorecard>;

export const CarrierIdParams = Type.Object({ carrierId: Id }, { additionalProperties: false });

// ---- Videos and application updates ----

export const TrainingVideo = Type.Object({
  slug: Type.String(),
  title: Type.String(),
  description: Type.String(),
  durationSeconds: Type.Number(),
  contentType: Type.String(),
  url: Type.String(),
});
export type TrainingVideo = Static<typeof TrainingVideo>;

export const TrainingVideoList = Type.Object({ data: Type.Array(TrainingVideo) });
export type TrainingVideoList = Static<typeof TrainingVideoList>;

export const VideoSlugParams = Type.Object(
  { slug: Type.String({ pattern: '^[a-z0-9-]{1,60}$' }) },
  { additionalProperties: false },
);

export const ApplicationUpdate = Type.Object({
  date: Type.String({ format: 'date' }),
  title: Type.String(),
  details: Type.String(),
});
export type ApplicationUpdate = Static<typeof ApplicationUpdate>;

export const ApplicationUpdateList = Type.Object({ data: Type.Array(ApplicationUpdate) });
export type ApplicationUpdateList = Static<typeof ApplicationUpdateList>;

// ---- Tracking integration (profile, Integrations tab) ----

export const TrackingIntegration = Type.Object({
  data: Type.Object({
    provider: Type.String(),
    connected: Type.Boolean(),
    /** The token's last characters, to recognise it; the token itself is never shown again. */
    tokenHint: Type.Union([Type.String(), Type.Null()]),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    isExpired: Type.Boolean(),
  }),
});
export type TrackingIntegration = Static<typeof TrackingIntegration>;

export const RenewTrackingIntegrationBody = Type.Object(
  { apiToken: Type.String({ minLength: 20, maxLength: 200, pattern: '^\\S+$' }) },
  { additionalProperties: false },
);
export type RenewTrackingIntegrationBody = Static<typeof RenewTrackingIntegrationBody>;

/** The company's locations a contact can be placed at (the contact form's choices). */
export const ContactLocationChoices = Type.Object({
  data: Type.Array(
    Type.Object({ id: Id, name: Type.String(), city: Type.String(), state: Type.String() }),
  ),
});
export type ContactLocationChoices = Static<typeof ContactLocationChoices>;
