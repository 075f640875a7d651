import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sql } from 'kysely';
import type { Database } from '../../db/database';

// Read as text: the query builder's camel-casing would otherwise rename the payload's own keys.
const PAYLOAD_TEXT = sql<string>`payload::text`.as('payloadText');

/**
 * The built-in provider's storage in the database (table oidc_payloads), so every API node sees
 * the same sessions, interactions, grants, codes and tokens. All of it is the provider's own
 * business, read and written by the system role only.
 */
export function databaseAdapter(db: Database) {
  return (kind: string): Adapter => {
    const live = (id: string) =>
      db.system((tx) =>
        tx
          .selectFrom('oidcPayloads')
          .select([PAYLOAD_TEXT, 'consumedAt'])
          .where('kind', '=', kind)
          .where('id', '=', id)
          .where((eb) =>
            eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]),
          )
          .executeTakeFirst(),
      );
    const asPayload = (row: { payloadText: string; consumedAt: Date | null } | undefined) =>
      row
        ? ({
            ...(JSON.parse(row.payloadText) as AdapterPayload),
            ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}),
          } as AdapterPayload)
        : undefined;

    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          kind,
          id,
          payload: JSON.stringify(payload),
          grantId: payload.grantId ?? null,
          userCode: payload.userCode ?? null,
          uid: payload.uid ?? null,
          accountId: payload.accountId ?? null,
          expiresAt: expiresIn ? sql<Date>`now() + make_interval(secs => ${expiresIn})` : null,
        };
        await db.system((tx) =>
          tx
            .insertInto('oidcPayloads')
            .values(values)
            .onConflict((oc) =>
              oc.columns(['kind', 'id']).doUpdateSet({
                payload: values.payload,
                grantId: values.grantId,
                userCode: values.userCode,
                uid: values.uid,
                accountId: values.accountId,
                expiresAt: values.expiresAt,
              }),
            )
            .execute(),
        );
      },
      async find(id) {
        return asPayload(await live(id));
      },
      async findByUid(uid) {
        const row = await db.system((tx) =>
          tx
            .selectFrom('oidcPayloads')
            .select([PAYLOAD_TEXT, 'consumedAt'])
            .where('kind', '=', kind)
            .where('uid', '=', uid)
            .where((eb) =>
              eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]),
            )
            .executeTakeFirst(),
        );
        return asPayload(row);
      },
      async findByUserCode(userCode) {
        const row = await db.system((tx) =>
          tx
            .selectFrom('oidcPayloads')
            .select([PAYLOAD_TEXT, 'consumedAt'])
            .where('kind', '=', kind)
            .where('userCode', '=', userCode)
            .where((eb) =>
              eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', sql<Date>`now()`)]),
            )
            .executeTakeFirst(),
        );
        return asPayload(row);
      },
      async consume(id) {
        await db.system((tx) =>
          tx
            .updateTable('oidcPayloads')
            .set({ consumedAt: sql<Date>`now()` })
            .where('kind', '=', kind)
            .where('id', '=', id)
            .execute(),
        );
      },
      async destroy(id) {
        await db.system((tx) =>
          tx.deleteFrom('oidcPayloads').where('kind', '=', kind).where('id', '=', id).execute(),
        );
      },
      async revokeByGrantId(grantId) {
        await db.system((tx) =>
          tx
            .deleteFrom('oidcPayloads')
            .where('kind', '=', kind)
            .where('grantId', '=', grantId)
            .execute(),
        );
      },
    };
  };
}
