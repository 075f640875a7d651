import Type, { type Static } from 'typebox';
import { DataOf, Id, PagingQuery } from './common';

export const NotificationListQuery = Type.Object(PagingQuery(20, 50), {
  additionalProperties: false,
});
export type NotificationListQuery = Static<typeof NotificationListQuery>;

/** An in-app notification (a mention, a tender received, an invoice paid...). */
export const PortalNotification = Type.Object({
  id: Id,
  kind: Type.String(),
  title: Type.String(),
  body: Type.String(),
  /** Where it leads inside the portal. */
  link: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String({ format: 'date-time' }),
  read: Type.Boolean(),
});
export type PortalNotification = Static<typeof PortalNotification>;

/** GET /api/v1/notifications: the signed-in user's notifications, newest first. */
export const NotificationPage = Type.Object({
  data: Type.Array(PortalNotification),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 0 }),
  totalCount: Type.Integer({ minimum: 0 }),
  unreadCount: Type.Integer({ minimum: 0 }),
});
export type NotificationPage = Static<typeof NotificationPage>;

export const NotificationsMarkedRead = DataOf(
  Type.Object({ updated: Type.Integer({ minimum: 0 }) }),
);
export type NotificationsMarkedRead = Static<typeof NotificationsMarkedRead>;
