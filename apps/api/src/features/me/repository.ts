import type { Tx } from '../../db/database';

/** The caller's own company, with its factoring company (named on remittances). */
export function findCompany(tx: Tx, companyId: string) {
  return tx
    .selectFrom('companies as c')
    .leftJoin('companies as f', 'f.id', 'c.factoringCompanyId')
    .select([
      'c.id',
      'c.name',
      'c.companyNumber',
      'c.kind',
      'c.is3pl',
      'c.isBroker',
      'c.has3plNetwork',
      'c.isOnHold',
      'c.isBookable',
      'c.doNotUse',
      'c.mcNumber',
      'c.dotNumber',
      'c.scac',
      'c.logoDocumentId',
      'f.id as factoringId',
      'f.name as factoringName',
    ])
    .where('c.id', '=', companyId)
    .executeTakeFirst();
}

export function listNotificationPreferences(tx: Tx, userId: string) {
  return tx
    .selectFrom('notificationPreferences')
    .select(['notificationKind', 'byEmail', 'inApp'])
    .where('userId', '=', userId)
    .orderBy('notificationKind')
    .execute();
}
