import type { Tx } from '../../db/database';

/** The access terms in force: the newest version published by now. */
export function findCurrentAccessTerms(tx: Tx) {
  return tx
    .selectFrom('accessTerms')
    .select(['version', 'title', 'body', 'publishedAt'])
    .where('publishedAt', '<=', new Date())
    .orderBy('publishedAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** When the user accepted one version (undefined: not yet). */
export function findAcceptance(tx: Tx, userId: string, version: string) {
  return tx
    .selectFrom('accessTermsAcceptances')
    .select(['version', 'acceptedAt'])
    .where('userId', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
}

/** Records the acceptance once: accepting again keeps the first time. */
export async function recordAcceptance(tx: Tx, userId: string, version: string) {
  await tx
    .insertInto('accessTermsAcceptances')
    .values({ userId, version })
    .onConflict((conflict) => conflict.columns(['userId', 'version']).doNothing())
    .execute();
  return (await findAcceptance(tx, userId, version))!;
}
