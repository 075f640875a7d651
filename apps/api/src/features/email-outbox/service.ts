import type { OutboxPage, OutboxQuery } from '@portal/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';

export async function listOutbox(
  ctx: AppContext,
  caller: Caller,
  query: OutboxQuery,
): Promise<OutboxPage> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    let base = tx.selectFrom('emailOutbox');
    if (query.to)
      base = base.where(sql<string>`lower(to_address)`, '=', query.to.trim().toLowerCase());
    const [rows, total] = await Promise.all([
      base
        .select([
          'id',
          'toAddress',
          'subject',
          'textBody',
          'htmlBody',
          'createdAt',
          'sentAt',
          'attempts',
          'lastError',
        ])
        .orderBy('createdAt', 'desc')
        .orderBy('id')
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
      page: query.page,
      pageSize: query.pageSize,
      totalCount: Number(total.count),
    };
  });
}
