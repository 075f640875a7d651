import Type, { type Static } from 'typebox';
import { Id, PageOf, PagingQuery } from './common';

// Company administration: API keys, access requests, and (operator) the e-mail outbox.

/** Role names are taken as people write them ("Bill-to" is BillTo); permissions by name. */
const RoleNames = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 10 });
const PermissionNames = Type.Array(Type.String({ minLength: 1, maxLength: 40 }), {
  minItems: 1,
  maxItems: 10,
});
const PersonRef = Type.Union([
  Type.Object({ id: Id, firstName: Type.String(), lastName: Type.String() }),
  Type.Null(),
]);

// ---- API keys ----

export const ApiKey = Type.Object({
  id: Id,
  name: Type.String(),
  /** The first characters of the key, to recognise it; the key itself is shown once. */
  keyPrefix: Type.String(),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  createdBy: PersonRef,
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type ApiKey = Static<typeof ApiKey>;

export const ApiKeyList = Type.Object({ data: Type.Array(ApiKey) });
export type ApiKeyList = Static<typeof ApiKeyList>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    permissions: PermissionNames,
    roles: Type.Optional(RoleNames),
  },
  { additionalProperties: false },
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

export const CreatedApiKey = Type.Object({
  data: Type.Intersect([
    ApiKey,
    Type.Object({
      key: Type.String({ description: 'Send as the api-key header; shown only now' }),
    }),
  ]),
});
export type CreatedApiKey = Static<typeof CreatedApiKey>;

export const ApiKeyResponse = Type.Object({ data: ApiKey });
export type ApiKeyResponse = Static<typeof ApiKeyResponse>;

// ---- Access requests ----

export const AccessRequestStatus = Type.Union([
  Type.Literal('Open'),
  Type.Literal('Approved'),
  Type.Literal('Denied'),
]);
export type AccessRequestStatus = Static<typeof AccessRequestStatus>;

export const AccessRequest = Type.Object({
  id: Id,
  companyId: Id,
  companyName: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  email: Type.String(),
  message: Type.Union([Type.String(), Type.Null()]),
  status: AccessRequestStatus,
  createdAt: Type.String({ format: 'date-time' }),
  decidedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  decidedBy: PersonRef,
});
export type AccessRequest = Static<typeof AccessRequest>;

/** Anyone may ask a company for access; the answer is the same whether the company exists. */
export const CreateAccessRequestBody = Type.Object(
  {
    companyNumber: Type.String({ minLength: 1, maxLength: 20 }),
    firstName: Type.String({ minLength: 1, maxLength: 100 }),
    lastName: Type.String({ minLength: 1, maxLength: 100 }),
    emailAddress: Type.String({ minLength: 3, maxLength: 254, format: 'email' }),
    message: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type CreateAccessRequestBody = Static<typeof CreateAccessRequestBody>;

export const AccessRequestQuery = Type.Object(
  {
    status: Type.Optional(AccessRequestStatus),
    ...PagingQuery(50, 100),
  },
  { additionalProperties: false },
);
export type AccessRequestQuery = Static<typeof AccessRequestQuery>;

export const AccessRequestPage = PageOf(AccessRequest);
export type AccessRequestPage = Static<typeof AccessRequestPage>;

export const AccessRequestResponse = Type.Object({ data: AccessRequest });
export type AccessRequestResponse = Static<typeof AccessRequestResponse>;

export const OpenAccessRequestCount = Type.Object({
  data: Type.Object({ count: Type.Integer({ minimum: 0 }) }),
});
export type OpenAccessRequestCount = Static<typeof OpenAccessRequestCount>;

/** Approving makes the user (roles and permissions as given) and e-mails an activation link. */
export const ApproveAccessRequestBody = Type.Object(
  {
    permissions: PermissionNames,
    roles: Type.Optional(RoleNames),
  },
  { additionalProperties: false },
);
export type ApproveAccessRequestBody = Static<typeof ApproveAccessRequestBody>;

export const ApprovedAccessRequest = Type.Object({
  data: Type.Intersect([AccessRequest, Type.Object({ userId: Id })]),
});
export type ApprovedAccessRequest = Static<typeof ApprovedAccessRequest>;

// ---- E-mail outbox ----

export const OutboxEmail = Type.Object({
  id: Id,
  toAddress: Type.String(),
  subject: Type.String(),
  textBody: Type.String(),
  htmlBody: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  attempts: Type.Integer(),
  lastError: Type.Union([Type.String(), Type.Null()]),
});
export type OutboxEmail = Static<typeof OutboxEmail>;

export const OutboxQuery = Type.Object(
  {
    to: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    ...PagingQuery(20, 100),
  },
  { additionalProperties: false },
);
export type OutboxQuery = Static<typeof OutboxQuery>;

export const OutboxPage = PageOf(OutboxEmail);
export type OutboxPage = Static<typeof OutboxPage>;

// ---- Driver links ----

export const DriverLink = Type.Object({
  id: Id,
  driverId: Id,
  createdAt: Type.String({ format: 'date-time' }),
  expiresAt: Type.String({ format: 'date-time' }),
  revokedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type DriverLink = Static<typeof DriverLink>;

export const DriverLinkList = Type.Object({ data: Type.Array(DriverLink) });
export type DriverLinkList = Static<typeof DriverLinkList>;

export const CreateDriverLinkBody = Type.Object(
  {
    expiresInHours: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 720, default: 168, description: 'Default 7 days' }),
    ),
  },
  { additionalProperties: false },
);
export type CreateDriverLinkBody = Static<typeof CreateDriverLinkBody>;

export const CreatedDriverLink = Type.Object({
  data: Type.Intersect([
    DriverLink,
    Type.Object({
      driverToken: Type.String({ description: 'Shown only now' }),
      url: Type.String({ description: 'The link to send the driver' }),
    }),
  ]),
});
export type CreatedDriverLink = Static<typeof CreatedDriverLink>;

export const DriverLinkResponse = Type.Object({ data: DriverLink });
export type DriverLinkResponse = Static<typeof DriverLinkResponse>;

export const DriverLinkParams = Type.Object({ driverId: Id, linkId: Id });
export const DriverParams = Type.Object({ driverId: Id });
export const IdParams = Type.Object({ id: Id });
