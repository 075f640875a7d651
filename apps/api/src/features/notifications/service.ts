import type {
  NotificationListQuery,
  NotificationPage,
  NotificationsMarkedRead,
  PortalNotification,
} from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { forbidden } from '../../shared/http/errors';
import { markAllRead, userNotification, userNotifications } from './repository';

type Row = Awaited<ReturnType<typeof userNotification>> & object;

const toNotification = (row: Row): PortalNotification => ({
  id: row.id,
  kind: row.notificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: new Date(row.createdAt).toISOString(),
  read: row.readAt !== null,
});

/** Notifications belong to a person: an API key or a driver link has none. */
function userIdOf(caller: Caller): string {
  if (!caller.scope.userId) throw forbidden('Notifications belong to a signed-in user');
  return caller.scope.userId;
}

export async function listNotifications(
  ctx: AppContext,
  caller: Caller,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const userId = userIdOf(caller);
  const { page, pageSize } = query;
  const found = await ctx.db.tenant(caller.scope, (tx) =>
    userNotifications(tx, userId, (page - 1) * pageSize, pageSize),
  );
  return {
    data: found.rows.map(toNotification),
    page,
    pageSize,
    totalCount: found.totalCount,
    unreadCount: found.unreadCount,
  };
}

export async function readNotification(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<PortalNotification | null> {
  const userId = userIdOf(caller);
  const row = await ctx.db.tenant(caller.scope, (tx) => userNotification(tx, userId, id));
  return row ? toNotification(row) : null;
}

export async function markNotificationsRead(
  ctx: AppContext,
  caller: Caller,
): Promise<NotificationsMarkedRead> {
  const userId = userIdOf(caller);
  const updated = await ctx.db.tenant(caller.scope, (tx) => markAllRead(tx, userId));
  return { data: { updated } };
}

export { userIdOf };
