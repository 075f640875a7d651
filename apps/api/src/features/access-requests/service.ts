import type {
  AccessRequest,
  AccessRequestPage,
  AccessRequestQuery,
  ApproveAccessRequestBody,
  CreateAccessRequestBody,
} from '@portal/contract';
import { Permission, type Permission as PermissionName } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { findLoginAccount } from '../../shared/auth/credentials';
import { grantableAccess } from '../../shared/auth/grants';
import { issuePasswordLink } from '../../shared/auth/password-links';
import { conflict, notFound, tooManyRequests } from '../../shared/http/errors';
import {
  companyByNumber,
  countOpenAccessRequests,
  decideAccessRequest,
  findAccessRequest,
  insertAccessRequest,
  insertUser,
  listAccessRequests,
  type AccessRequestRow,
  type RequestScope,
} from './repository';

export const ACCESS_REQUEST_SENT = 'Your request was sent to the company’s administrators.';

// What a user of each kind of company may be given when the operator approves for them.
const PERMISSIONS_BY_KIND: Record<string, readonly PermissionName[]> = {
  carrier: [Permission.CarrierPortal, Permission.DriverPortal, Permission.CarrierBillingSettings],
  factoring: [Permission.FactoringCompanyPortal],
  operator: [Permission.Admin],
  customer: [],
};

function scopeOf(caller: Caller): RequestScope {
  return { companyId: caller.companyId, everyCompany: caller.scope.kind === 'operator' };
}

function toAccessRequest(row: AccessRequestRow): AccessRequest {
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    message: row.message,
    status: row.status as AccessRequest['status'],
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy:
      row.deciderId && row.deciderFirstName !== null && row.deciderLastName !== null
        ? { id: row.deciderId, firstName: row.deciderFirstName, lastName: row.deciderLastName }
        : null,
  };
}

/**
 * Someone asks a company (by its company number) for portal access. The answer is the same
 * whether the company exists; the company's administrators see the request.
 */
export async function submitAccessRequest(
  ctx: AppContext,
  body: CreateAccessRequestBody,
  clientAddress: string,
): Promise<void> {
  const throttle = ctx.identity.requestThrottle;
  const state = await throttle.check(body.emailAddress, clientAddress);
  if (state.locked) throw tooManyRequests('Too many requests. Try again later.');
  await throttle.recordFailure(body.emailAddress, clientAddress);
  // Before anyone is signed in: the system role finds the company and files the request.
  await ctx.db.system(async (tx) => {
    const company = await companyByNumber(tx, body.companyNumber.trim());
    if (!company) return;
    await insertAccessRequest(tx, {
      companyId: company.id,
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      email: body.emailAddress.trim(),
      message: body.message?.trim() || null,
    });
  });
}

export async function listRequests(
  ctx: AppContext,
  caller: Caller,
  query: AccessRequestQuery,
): Promise<AccessRequestPage> {
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    listAccessRequests(tx, scopeOf(caller), query),
  );
  return {
    data: rows.map(toAccessRequest),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
  };
}

export function openRequestCount(ctx: AppContext, caller: Caller): Promise<number> {
  return ctx.db.tenant(caller.scope, (tx) => countOpenAccessRequests(tx, scopeOf(caller)));
}

function assertOpen(row: AccessRequestRow) {
  if (row.status !== 'Open') throw conflict(`This request was already ${row.status.toLowerCase()}`);
}

/**
 * Approving makes the user in the request's company with the roles and permissions given (no
 * more than the approver holds; the operator gives what the company's kind allows) and e-mails
 * an activation link (/ActivateUser/{token}). All in one transaction.
 */
export async function approveRequest(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: ApproveAccessRequestBody,
): Promise<AccessRequest & { userId: string }> {
  const request = await ctx.db.tenant(caller.scope, (tx) =>
    findAccessRequest(tx, scopeOf(caller), id),
  );
  if (!request) throw notFound('Access request');
  assertOpen(request);
  const access = grantableAccess(
    caller,
    body,
    caller.scope.kind === 'operator'
      ? { permissions: PERMISSIONS_BY_KIND[request.companyKind] ?? [] }
      : {},
  );
  // The address may belong to a user of any company; only the system role can tell. (The unique
  // index on login_email settles a race with another approval.)
  if (await findLoginAccount(ctx.db, request.email)) throw emailTaken();
  let result;
  try {
    result = await ctx.db.tenant(caller.scope, async (tx) => {
      const row = await findAccessRequest(tx, scopeOf(caller), id, true);
      if (!row) throw notFound('Access request');
      assertOpen(row);
      const user = await insertUser(tx, {
        companyId: row.companyId,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        roles: access.roles,
        permissions: access.permissions,
      });
      await issuePasswordLink(
        tx,
        ctx.mailer,
        { ...user, loginEmail: row.email },
        'activation',
        `${ctx.config.PUBLIC_URL}/ActivateUser`,
      );
      await decideAccessRequest(tx, row.id, 'Approved', caller.userId);
      const decided = await findAccessRequest(tx, scopeOf(caller), id);
      return { request: toAccessRequest(decided!), userId: user.id };
    });
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw emailTaken();
    throw error;
  }
  ctx.mailer
    .deliver()
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'activation e-mail not sent yet'));
  return { ...result.request, userId: result.userId };
}

function emailTaken() {
  return conflict('A user with this e-mail address already exists', {
    email: ['A user with this e-mail address already exists'],
  });
}

export async function denyRequest(ctx: AppContext, caller: Caller, id: string) {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await findAccessRequest(tx, scopeOf(caller), id, true);
    if (!row) throw notFound('Access request');
    assertOpen(row);
    await decideAccessRequest(tx, row.id, 'Denied', caller.userId);
    return toAccessRequest((await findAccessRequest(tx, scopeOf(caller), id))!);
  });
}
