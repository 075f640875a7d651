import { hasAccess, type AccessRequirement } from '@portal/domain';
import type { Tx } from '../../db/database';

/** Kinds of notification written as things happen (the demo world writes others as history). */
export const NotificationKind = {
  ShipmentAssigned: 'ShipmentAssigned',
  InvoiceStatusChanged: 'InvoiceStatusChanged',
} as const;

/** What a user is told in the notification widget (pushed live by the notifications feature). */
export interface NotificationDraft {
  /** The kind a user can switch off in their notification preferences. */
  kind: string;
  title: string;
  body: string;
  /** The portal path the notification opens. */
  link: string;
}

/**
 * Writes one in-app notification for each person, in the caller's transaction (so it is written
 * with the change it tells of, or not at all), except for those who turned the kind off.
 */
export async function notifyPeople(
  tx: Tx,
  people: readonly { id: string; companyId: string }[],
  draft: NotificationDraft,
): Promise<void> {
  if (people.length === 0) return;
  const muted = await tx
    .selectFrom('notificationPreferences')
    .select('userId')
    .where(
      'userId',
      'in',
      people.map((person) => person.id),
    )
    .where('notificationKind', '=', draft.kind)
    .where('inApp', '=', false)
    .execute();
  const off = new Set(muted.map((row) => row.userId));
  const rows = people
    .filter((person) => !off.has(person.id))
    .map((person) => ({
      userId: person.id,
      companyId: person.companyId,
      notificationKind: draft.kind,
      title: draft.title,
      body: draft.body,
      link: draft.link,
    }));
  if (rows.length > 0) await tx.insertInto('notifications').values(rows).execute();
}

/** The active users of some companies who hold an access (a screen's permissions and roles). */
export async function usersWithAccess(
  tx: Tx,
  companyIds: readonly string[],
  need: AccessRequirement,
): Promise<{ id: string; companyId: string }[]> {
  if (companyIds.length === 0) return [];
  const users = await tx
    .selectFrom('users')
    .select(['id', 'companyId', 'roles', 'permissions'])
    .where('companyId', 'in', [...companyIds])
    .where('disabledAt', 'is', null)
    .execute();
  return users
    .filter((user) => hasAccess(user, need))
    .map((user) => ({ id: user.id, companyId: user.companyId }));
}
