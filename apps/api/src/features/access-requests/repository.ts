import { sql } from 'kysely';
import type { Tx } from '../../db/database';

export interface RequestScope {
  companyId: string;
  /** The operator's administrators see every company's requests. */
  everyCompany: boolean;
}

const columns = [
  'r.id',
  'r.companyId',
  'c.name as companyName',
  'c.kind as companyKind',
  'r.firstName',
  'r.lastName',
  'r.email',
  'r.message',
  'r.status',
  'r.createdAt',
  'r.decidedAt',
  'd.id as deciderId',
  'd.firstName as deciderFirstName',
  'd.lastName as deciderLastName',
] as const;

function base(tx: Tx, scope: RequestScope) {
  let query = tx
    .selectFrom('accessRequests as r')
    .innerJoin('companies as c', 'c.id', 'r.companyId')
    .leftJoin('users as d', 'd.id', 'r.decidedBy');
  if (!scope.everyCompany) query = query.where('r.companyId', '=', scope.companyId);
  return query;
}

export type AccessRequestRow = NonNullable<Awaited<ReturnType<typeof findAccessRequest>>>;

export async function listAccessRequests(
  tx: Tx,
  scope: RequestScope,
  filter: { status?: string | undefined; page: number; pageSize: number },
) {
  let query = base(tx, scope);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  const [rows, total] = await Promise.all([
    query
      .select(columns)
      .orderBy('r.createdAt', 'desc')
      .orderBy('r.id')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, totalCount: Number(total.count) };
}

export async function countOpenAccessRequests(tx: Tx, scope: RequestScope): Promise<number> {
  const row = await base(tx, scope)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('r.status', '=', 'Open')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findAccessRequest(tx: Tx, scope: RequestScope, id: string, lock = false) {
  const query = base(tx, scope).select(columns).where('r.id', '=', id);
  return (lock ? query.forUpdate('r') : query).executeTakeFirst();
}

export function decideAccessRequest(
  tx: Tx,
  id: string,
  status: 'Approved' | 'Denied',
  deciderId: string,
) {
  return tx
    .updateTable('accessRequests')
    .set({ status, decidedBy: deciderId, decidedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'Open')
    .execute();
}

export function companyByNumber(tx: Tx, companyNumber: string) {
  return tx
    .selectFrom('companies')
    .select(['id', 'kind'])
    .where('companyNumber', '=', companyNumber)
    .executeTakeFirst();
}

export function insertAccessRequest(
  tx: Tx,
  values: {
    companyId: string;
    firstName: string;
    lastName: string;
    email: string;
    message: string | null;
  },
) {
  return tx.insertInto('accessRequests').values(values).execute();
}

export async function insertUser(
  tx: Tx,
  values: {
    companyId: string;
    firstName: string;
    lastName: string;
    email: string;
    roles: string[];
    permissions: string[];
  },
) {
  const user = await tx
    .insertInto('users')
    .values({
      companyId: values.companyId,
      firstName: values.firstName,
      lastName: values.lastName,
      userName: values.email,
      loginEmail: values.email,
      roles: values.roles,
      permissions: values.permissions,
      isPortalEnabled: true,
    })
    .returning(['id', 'companyId', 'firstName', 'loginEmail'])
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('userEmails')
    .values({ userId: user.id, value: values.email, emailType: 'Work', isPrimary: true })
    .execute();
  return user;
}
