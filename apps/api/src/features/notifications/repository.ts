import { sql } from 'kysely';
import type { Tx } from '../../db/database';

const columns = [
  'notifications.id',
  'notifications.notificationKind',
  'notifications.title',
  'notifications.body',
  'notifications.link',
  'notifications.createdAt',
  'notifications.readAt',
] as const;

/** A user's own notifications, newest first (nobody reads another person's). */
export async function userNotifications(tx: Tx, userId: string, offset: number, limit: number) {
  const mine = tx.selectFrom('notifications').where('notifications.userId', '=', userId);
  const [rows, counts] = await Promise.all([
    mine
      .select(columns)
      .orderBy('notifications.createdAt', 'desc')
      .orderBy('notifications.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    mine
      .select([
        sql<string>`count(*)`.as('total'),
        sql<string>`count(*) filter (where read_at is null)`.as('unread'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(counts.total), unreadCount: Number(counts.unread) };
}

export function userNotification(tx: Tx, userId: string, id: string) {
  return tx
    .selectFrom('notifications')
    .select(columns)
    .where('notifications.userId', '=', userId)
    .where('notifications.id', '=', id)
    .executeTakeFirst();
}

export async function markAllRead(tx: Tx, userId: string) {
  const result = await tx
    .updateTable('notifications')
    .set({ readAt: sql`now()` })
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
