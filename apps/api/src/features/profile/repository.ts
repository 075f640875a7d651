import type { Tx } from '../../db/database';

// The SQL behind the signed-in person's own profile.

export function findOwnRow(tx: Tx, userId: string) {
  return tx
    .selectFrom('users')
    .select(['id', 'companyId', 'roles', 'loginEmail', 'isPortalEnabled', 'profileDocumentId'])
    .where('id', '=', userId)
    .where('disabledAt', 'is', null)
    .executeTakeFirst();
}

export function updateOwnRow(
  tx: Tx,
  userId: string,
  values: {
    firstName: string;
    lastName: string;
    functionTitle?: string | null;
    linkedInProfileUrl?: string | null;
    roles: string[];
    loginEmail: string | null;
  },
) {
  return tx
    .updateTable('users')
    .set((eb) => ({ ...values, version: eb('version', '+', 1), updatedAt: new Date() }))
    .where('id', '=', userId)
    .execute();
}

export function setProfilePicture(tx: Tx, userId: string, documentId: string | null) {
  return tx
    .updateTable('users')
    .set({ profileDocumentId: documentId, updatedAt: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** A replaced or removed picture is kept as a deleted document, like every other document. */
export function retireDocument(tx: Tx, documentId: string) {
  return tx
    .updateTable('documents')
    .set({ deletedAt: new Date() })
    .where('id', '=', documentId)
    .where('deletedAt', 'is', null)
    .execute();
}

export async function replaceNotificationPreferences(
  tx: Tx,
  user: { id: string; companyId: string },
  preferences: readonly { notificationKind: string; byEmail: boolean; inApp: boolean }[],
) {
  if (preferences.length === 0) return;
  await tx
    .insertInto('notificationPreferences')
    .values(
      preferences.map((preference) => ({
        userId: user.id,
        companyId: user.companyId,
        ...preference,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['userId', 'notificationKind']).doUpdateSet((eb) => ({
        byEmail: eb.ref('excluded.byEmail'),
        inApp: eb.ref('excluded.inApp'),
      })),
    )
    .execute();
}

export function findTrackingIntegration(tx: Tx, companyId: string) {
  return tx
    .selectFrom('companies')
    .select([
      'trackingIntegrationProvider',
      'trackingIntegrationTokenHint',
      'trackingIntegrationTokenSealed',
      'trackingIntegrationExpiresAt',
    ])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

export function saveTrackingToken(
  tx: Tx,
  companyId: string,
  values: { sealed: string; hint: string; expiresAt: Date },
) {
  return tx
    .updateTable('companies')
    .set({
      trackingIntegrationTokenSealed: values.sealed,
      trackingIntegrationTokenHint: values.hint,
      trackingIntegrationExpiresAt: values.expiresAt,
    })
    .where('id', '=', companyId)
    .execute();
}
