import Type, { type Static } from 'typebox';
import { Id } from './common';

const CompanyRef = Type.Object({ id: Id, name: Type.String() });

/** GET me/carrier: the caller's company as a carrier (the spec reads isBroker and isBookable). */
export const MyCarrier = Type.Object({
  data: Type.Object({
    id: Id,
    name: Type.String(),
    companyNumber: Type.String(),
    isCarrier: Type.Boolean(),
    isBroker: Type.Boolean(),
    isBookable: Type.Boolean(),
    isOnHold: Type.Boolean(),
    doNotUse: Type.Boolean(),
    mcNumber: Type.Union([Type.String(), Type.Null()]),
    dotNumber: Type.Union([Type.String(), Type.Null()]),
    scac: Type.Union([Type.String(), Type.Null()]),
    factoringCompany: Type.Union([CompanyRef, Type.Null()]),
  }),
});
export type MyCarrier = Static<typeof MyCarrier>;

/** GET me/company. */
export const MyCompany = Type.Object({
  data: Type.Object({
    id: Id,
    name: Type.String(),
    companyNumber: Type.String(),
    kind: Type.Union([
      Type.Literal('operator'),
      Type.Literal('customer'),
      Type.Literal('carrier'),
      Type.Literal('factoring'),
    ]),
    is3PL: Type.Boolean(),
    isCarrier: Type.Boolean(),
    isBroker: Type.Boolean(),
    has3PLNetwork: Type.Boolean(),
    isOnHold: Type.Boolean(),
    isBookable: Type.Boolean(),
    mcNumber: Type.Union([Type.String(), Type.Null()]),
    dotNumber: Type.Union([Type.String(), Type.Null()]),
    scac: Type.Union([Type.String(), Type.Null()]),
    logoDocumentId: Type.Union([Id, Type.Null()]),
    factoringCompany: Type.Union([CompanyRef, Type.Null()]),
  }),
});
export type MyCompany = Static<typeof MyCompany>;

export const NotificationPreference = Type.Object({
  notificationKind: Type.String(),
  byEmail: Type.Boolean(),
  inApp: Type.Boolean(),
});
export type NotificationPreference = Static<typeof NotificationPreference>;

/** GET me/notification_preferences. */
export const MyNotificationPreferences = Type.Object({
  data: Type.Array(NotificationPreference),
});
export type MyNotificationPreferences = Static<typeof MyNotificationPreferences>;
