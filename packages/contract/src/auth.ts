import Type, { type Static } from 'typebox';
import { Id } from './common';

export const AuthorizeBody = Type.Object(
  {
    emailAddress: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);
export type AuthorizeBody = Static<typeof AuthorizeBody>;

const EmailAddress = Type.Object({
  value: Type.String(),
  type: Type.String(),
  isPrimary: Type.Boolean(),
});
const PhoneNumber = Type.Object({
  value: Type.String(),
  extension: Type.Union([Type.String(), Type.Null()]),
  type: Type.String(),
  isPrimary: Type.Boolean(),
});

/** The spec's Current user entity. */
export const CurrentUser = Type.Object({
  id: Id,
  contactId: Id,
  companyId: Id,
  companyName: Type.String(),
  companyNumber: Type.String(),
  companyKind: Type.Union([
    Type.Literal('operator'),
    Type.Literal('customer'),
    Type.Literal('carrier'),
    Type.Literal('factoring'),
  ]),
  firstName: Type.String(),
  lastName: Type.String(),
  userName: Type.Union([Type.String(), Type.Null()]),
  title: Type.Union([Type.String(), Type.Null()]),
  functionTitle: Type.Union([Type.String(), Type.Null()]),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  accessLevels: Type.Array(Type.String()),
  emailAddresses: Type.Array(EmailAddress),
  phoneNumbers: Type.Array(PhoneNumber),
  isPortalEnabled: Type.Boolean(),
  linkedInProfileUrl: Type.Union([Type.String(), Type.Null()]),
  locations: Type.Array(
    Type.Object({ id: Id, name: Type.String(), city: Type.String(), state: Type.String() }),
  ),
  is3PL: Type.Boolean(),
  isCarrier: Type.Boolean(),
  isBroker: Type.Boolean(),
  isOnHold: Type.Boolean(),
  isBookable: Type.Boolean(),
  has3PLNetwork: Type.Boolean(),
  fileId: Type.Union([Id, Type.Null()]),
  hasAcceptedAccessTermsAndConditions: Type.Boolean(),
  trackingIntegration: Type.Object({ samsaraIsExpired: Type.Boolean() }),
});
export type CurrentUser = Static<typeof CurrentUser>;

export const AuthorizeResponse = Type.Object({
  data: Type.Object({
    accessToken: Type.String(),
    expiresIn: Type.Integer({ description: 'Seconds until the token expires' }),
    user: CurrentUser,
  }),
});
export type AuthorizeResponse = Static<typeof AuthorizeResponse>;

// ---- Passwords ----

/** Passwords: at least 8 characters (decision 013), at most 128. */
export const NewPassword = Type.String({ minLength: 8, maxLength: 128 });

/** The spec's request password reset: body url (the page the link opens) and emailAddress. */
export const RequestPasswordResetBody = Type.Object(
  {
    emailAddress: Type.String({ minLength: 3, maxLength: 254 }),
    url: Type.Optional(
      Type.String({
        maxLength: 500,
        description: 'The portal page the e-mailed link opens; the token is appended to it',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RequestPasswordResetBody = Static<typeof RequestPasswordResetBody>;

export const MessageResponse = Type.Object({
  data: Type.Object({ message: Type.String() }),
});
export type MessageResponse = Static<typeof MessageResponse>;

/** The spec's password reset: body resetToken and newPassword; answers token and user. */
export const PasswordResetBody = Type.Object(
  {
    resetToken: Type.String({ minLength: 1, maxLength: 200 }),
    newPassword: NewPassword,
  },
  { additionalProperties: false },
);
export type PasswordResetBody = Static<typeof PasswordResetBody>;

export const PasswordResetResponse = Type.Object({
  data: Type.Object({
    token: Type.String({ description: 'A bearer token for scripts; the web app does not keep it' }),
    expiresIn: Type.Integer(),
    user: CurrentUser,
  }),
});
export type PasswordResetResponse = Static<typeof PasswordResetResponse>;

// ---- Drivers ----

/** The spec's mobile authorize: a driver link's token for a driver-scoped bearer token. */
export const MobileAuthorizeBody = Type.Object(
  { driverToken: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type MobileAuthorizeBody = Static<typeof MobileAuthorizeBody>;
