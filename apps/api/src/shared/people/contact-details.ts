import type { ContactEmailInput, ContactPhoneInput } from '@portal/contract';
import {
  formatPhoneNumber,
  isValidEmailAddress,
  isValidPhoneNumber,
  parseRole,
  PEOPLE_MESSAGES,
  Role,
} from '@portal/domain';
import type { Database, Tx } from '../../db/database';
import { conflict, invalidField } from '../http/errors';

// What the profile and the contacts screens share when they write a person: e-mail addresses and
// phone numbers checked and kept in one shape, an address used by nobody else, and a company that
// always keeps an administrator.

export interface CheckedEmail {
  value: string;
  emailType: string;
  isPrimary: boolean;
}

export interface CheckedPhone {
  phoneNumber: string;
  extension: string | null;
  phoneType: string;
  isPrimary: boolean;
}

/** Trimmed, lower-cased, checked, without repeats; the first is primary unless one says so. */
export function checkEmails(inputs: readonly ContactEmailInput[]): CheckedEmail[] {
  const seen = new Set<string>();
  const emails: CheckedEmail[] = [];
  inputs.forEach((input, index) => {
    const value = input.value.trim().toLowerCase();
    if (!isValidEmailAddress(value))
      throw invalidField(`emailAddresses/${index}/value`, PEOPLE_MESSAGES.invalidEmail);
    if (seen.has(value)) return;
    seen.add(value);
    emails.push({ value, emailType: input.type ?? 'Work', isPrimary: input.isPrimary === true });
  });
  markOnePrimary(emails);
  return emails;
}

export function checkPhones(inputs: readonly ContactPhoneInput[]): CheckedPhone[] {
  const phones = inputs.map((input, index) => {
    if (!isValidPhoneNumber(input.value))
      throw invalidField(`phoneNumbers/${index}/value`, PEOPLE_MESSAGES.invalidPhone);
    const extension = input.extension?.trim() || null;
    if (extension !== null && !/^\d{1,10}$/.test(extension))
      throw invalidField(`phoneNumbers/${index}/extension`, 'An extension is digits only');
    return {
      phoneNumber: formatPhoneNumber(input.value),
      extension,
      phoneType: input.type ?? 'Office',
      isPrimary: input.isPrimary === true,
    };
  });
  markOnePrimary(phones);
  return phones;
}

function markOnePrimary(rows: { isPrimary: boolean }[]) {
  const primary = rows.findIndex((row) => row.isPrimary);
  rows.forEach((row, index) => (row.isPrimary = index === (primary === -1 ? 0 : primary)));
}

export function primaryEmail(emails: readonly CheckedEmail[]): string | null {
  return emails.find((email) => email.isPrimary)?.value ?? null;
}

/** Roles as people write them ("Bill-to" is BillTo); an unknown one names the field. */
export function checkRoles(names: readonly string[], field = 'roles'): Role[] {
  const roles = names.map((name) => {
    const role = parseRole(name);
    if (!role) throw invalidField(field, `roles: "${name}" is not a role`);
    return role;
  });
  return [...new Set(roles)];
}

/**
 * An address may name one person only, in any company: it is how they sign in and how the portal
 * writes to them. People of other companies are out of the caller's scope, so the system role
 * looks (it answers only whether the address is taken).
 */
export async function assertEmailsFree(
  db: Database,
  emails: readonly CheckedEmail[],
  exceptUserId: string | null,
): Promise<void> {
  if (emails.length === 0) return;
  const values = emails.map((email) => email.value);
  const taken = await db.system((tx) =>
    tx
      .selectFrom('users as u')
      .leftJoin('userEmails as e', 'e.userId', 'u.id')
      .select(['u.loginEmail', 'e.value'])
      .where('u.disabledAt', 'is', null)
      .where((eb) => eb.or([eb('u.loginEmail', 'in', values), eb('e.value', 'in', values)]))
      .where((eb) => (exceptUserId ? eb('u.id', '<>', exceptUserId) : eb.lit(true)))
      .executeTakeFirst(),
  );
  if (taken) {
    const value = String(
      taken.value && values.includes(String(taken.value)) ? taken.value : taken.loginEmail,
    );
    const index = Math.max(0, values.indexOf(value));
    throw conflict(PEOPLE_MESSAGES.duplicateEmail, {
      [`emailAddresses/${index}/value`]: [PEOPLE_MESSAGES.duplicateEmail],
    });
  }
}

/** Replaces a person's addresses and numbers, in the caller's transaction. */
export async function replaceEmailsAndPhones(
  tx: Tx,
  userId: string,
  emails: readonly CheckedEmail[],
  phones: readonly CheckedPhone[],
): Promise<void> {
  await tx.deleteFrom('userEmails').where('userId', '=', userId).execute();
  await tx.deleteFrom('userPhones').where('userId', '=', userId).execute();
  if (emails.length > 0)
    await tx
      .insertInto('userEmails')
      .values(emails.map((email) => ({ userId, ...email })))
      .execute();
  if (phones.length > 0)
    await tx
      .insertInto('userPhones')
      .values(phones.map((phone) => ({ userId, ...phone })))
      .execute();
}

/**
 * A company must keep one active administrator: the one who would lose the role (or be deleted)
 * must not be the last. Locks the company's people so two admins cannot demote each other at once.
 */
export async function assertAnotherAdmin(tx: Tx, companyId: string, userId: string): Promise<void> {
  const people = await tx
    .selectFrom('users')
    .select(['id', 'roles'])
    .where('companyId', '=', companyId)
    .where('disabledAt', 'is', null)
    .forUpdate()
    .execute();
  const otherAdmins = people.filter(
    (person) => person.id !== userId && person.roles.some((name) => parseRole(name) === Role.Admin),
  );
  if (otherAdmins.length === 0)
    throw conflict(PEOPLE_MESSAGES.lastAdmin, { roles: [PEOPLE_MESSAGES.lastAdmin] });
}

export function isAdminRoleList(roles: readonly string[]): boolean {
  return roles.some((name) => parseRole(name) === Role.Admin);
}
