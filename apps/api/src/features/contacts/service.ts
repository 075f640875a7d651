import type {
  Contact,
  ContactListQuery,
  ContactPage,
  CreateContactBody,
  UpdateContactBody,
} from '@portal/contract';
import { Permission, PEOPLE_MESSAGES, type Permission as PermissionName } from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { grantableAccess } from '../../shared/auth/grants';
import { issuePasswordLink } from '../../shared/auth/password-links';
import type { Tx } from '../../db/database';
import { conflict, invalidField, notFound } from '../../shared/http/errors';
import { requiredVersion, staleVersion } from '../../shared/http/versions';
import { checkLinkedInUrl } from '../../shared/people/linked-in';
import {
  assertAnotherAdmin,
  assertEmailsFree,
  checkEmails,
  checkPhones,
  checkRoles,
  isAdminRoleList,
  primaryEmail,
  replaceEmailsAndPhones,
} from '../../shared/people/contact-details';
import * as repository from './repository';
import type { ContactRow } from './repository';

// A company's contacts (its people, drivers included), decision 121: everyone with the contacts
// screen reads them; the company's administrators create, edit and delete them. A contact with
// portal access gets an activation e-mail through the outbox.

/** What an administrator of each kind of company may hand out. */
const PERMISSIONS_BY_KIND: Record<string, readonly PermissionName[]> = {
  carrier: [Permission.CarrierPortal, Permission.DriverPortal, Permission.CarrierBillingSettings],
  factoring: [Permission.FactoringCompanyPortal],
  operator: [Permission.Admin],
  customer: [],
};

async function present(tx: Tx, rows: readonly ContactRow[]): Promise<Contact[]> {
  const { emails, phones, locations } = await repository.emailsAndPhones(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    functionTitle: row.functionTitle,
    roles: row.roles,
    permissions: row.permissions,
    accessLevels: row.accessLevels,
    emailAddresses: emails
      .filter((email) => email.userId === row.id)
      .map((email) => ({ value: email.value, type: email.emailType, isPrimary: email.isPrimary })),
    phoneNumbers: phones
      .filter((phone) => phone.userId === row.id)
      .map((phone) => ({
        value: phone.phoneNumber,
        extension: phone.extension,
        type: phone.phoneType,
        isPrimary: phone.isPrimary,
      })),
    linkedInProfileUrl: row.linkedInProfileUrl,
    locations: locations
      .filter((location) => location.userId === row.id)
      .map((location) => ({
        id: location.id,
        name: location.name,
        city: location.city,
        state: location.province,
      })),
    is3PL: row.is3pl,
    isCarrier: row.companyKind === 'carrier',
    fileId: row.profileDocumentId,
    companyId: row.companyId,
    companyNumber: row.companyNumber,
    companyName: row.companyName,
    isPortalEnabled: row.isPortalEnabled,
    isActivated: row.passwordHash !== null,
    version: row.version,
  }));
}

export async function listContacts(
  ctx: AppContext,
  caller: Caller,
  query: ContactListQuery,
): Promise<ContactPage> {
  const roles = checkRoles(query.roles ?? []);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const { rows, totalCount } = await repository.listContacts(tx, {
      companyId: caller.companyId,
      roles,
      fuzzyMatch: query.fuzzyMatch,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
    return {
      data: await present(tx, rows),
      page: query.page,
      pageSize: query.pageSize,
      totalCount,
    };
  });
}

export function getContact(ctx: AppContext, caller: Caller, id: string): Promise<Contact> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findContact(tx, caller.companyId, id);
    if (!row) throw notFound('Contact');
    return (await present(tx, [row]))[0]!;
  });
}

/** The fields of a create or an update, checked; every failure names its field. */
function checkBody(caller: Caller, body: CreateContactBody) {
  const emails = checkEmails(body.emailAddresses);
  const phones = checkPhones(body.phoneNumbers);
  const roles = checkRoles(body.roles);
  const { permissions } = grantableAccess(
    caller,
    { permissions: body.permissions ?? [] },
    { permissions: PERMISSIONS_BY_KIND[caller.companyKind] ?? [] },
  );
  const isPortalEnabled = body.isPortalEnabled === true;
  const login = primaryEmail(emails);
  if (isPortalEnabled && !login)
    throw invalidField('emailAddresses', PEOPLE_MESSAGES.portalNeedsEmail);
  if (isPortalEnabled && permissions.length === 0)
    throw invalidField('permissions', 'A contact with portal access needs a permission');
  const firstName = body.firstName.trim();
  const lastName = body.lastName.trim();
  if (!firstName) throw invalidField('firstName', 'Enter a first name');
  if (!lastName) throw invalidField('lastName', 'Enter a last name');
  return {
    emails,
    phones,
    locationIds: [...new Set(body.locations ?? [])],
    values: {
      firstName,
      lastName,
      functionTitle: body.functionTitle?.trim() || null,
      linkedInProfileUrl: checkLinkedInUrl(body.linkedInProfileUrl ?? null) ?? null,
      roles,
      permissions,
      isPortalEnabled,
      loginEmail: isPortalEnabled ? login : null,
      userName: isPortalEnabled ? login : null,
    },
  };
}

async function assertCompanyLocations(tx: Tx, companyId: string, ids: readonly string[]) {
  const found = await repository.companyLocations(tx, companyId, ids);
  if (found.length !== ids.length)
    throw invalidField('locations', 'locations: every location must be one of the company’s');
}

/** Sent after the transaction that wrote the link: the outbox holds it if delivery fails now. */
function deliverMail(ctx: AppContext) {
  ctx.mailer
    .deliver()
    .catch((error: unknown) => ctx.logger.warn({ err: error }, 'activation e-mail not sent yet'));
}

function emailTaken(error: unknown) {
  if ((error as { code?: string }).code === '23505')
    return conflict(PEOPLE_MESSAGES.duplicateEmail, {
      emailAddresses: [PEOPLE_MESSAGES.duplicateEmail],
    });
  return error;
}

export async function createContact(
  ctx: AppContext,
  caller: Caller,
  body: CreateContactBody,
): Promise<Contact> {
  const checked = checkBody(caller, body);
  await assertEmailsFree(ctx.db, checked.emails, null);
  let contact: Contact;
  try {
    contact = await ctx.db.tenant(caller.scope, async (tx) => {
      await assertCompanyLocations(tx, caller.companyId, checked.locationIds);
      const user = await repository.insertContact(tx, caller.companyId, checked.values);
      await replaceEmailsAndPhones(tx, user.id, checked.emails, checked.phones);
      await repository.replaceLocations(tx, user.id, checked.locationIds);
      if (user.loginEmail)
        await issuePasswordLink(
          tx,
          ctx.mailer,
          { ...user, loginEmail: user.loginEmail },
          'activation',
          `${ctx.config.PUBLIC_URL}/ActivateUser`,
        );
      return (
        await present(tx, [(await repository.findContact(tx, caller.companyId, user.id))!])
      )[0]!;
    });
  } catch (error) {
    throw emailTaken(error);
  }
  if (contact.isPortalEnabled) deliverMail(ctx);
  return contact;
}

export async function updateContact(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: UpdateContactBody,
  ifMatch?: string | string[],
): Promise<Contact> {
  const { id: bodyId, companyId, version: bodyVersion, ...fields } = body;
  const checked = checkBody(caller, fields);
  await assertEmailsFree(ctx.db, checked.emails, id);
  let activationSent = false;
  let contact: Contact;
  try {
    contact = await ctx.db.tenant(caller.scope, async (tx) => {
      const row = await repository.findContact(tx, caller.companyId, id);
      if (!row) throw notFound('Contact');
      const version = requiredVersion(ifMatch, bodyVersion, 'contact');
      if (bodyId !== undefined && bodyId !== id)
        throw invalidField('id', 'id must be the contact of the address');
      if (companyId !== undefined && companyId !== row.companyId)
        throw invalidField('companyId', 'A contact cannot move to another company');
      if (isAdminRoleList(row.roles) && !isAdminRoleList(checked.values.roles))
        await assertAnotherAdmin(tx, row.companyId, row.id);
      await assertCompanyLocations(tx, caller.companyId, checked.locationIds);
      const user = await repository.updateContact(tx, id, version, checked.values);
      if (!user) throw staleVersion(PEOPLE_MESSAGES.staleContact);
      await replaceEmailsAndPhones(tx, id, checked.emails, checked.phones);
      await repository.replaceLocations(tx, id, checked.locationIds);
      // Portal access given to someone who never set a password: they get their activation link.
      if (user.loginEmail && row.passwordHash === null && !row.isPortalEnabled) {
        await issuePasswordLink(
          tx,
          ctx.mailer,
          { ...user, loginEmail: user.loginEmail },
          'activation',
          `${ctx.config.PUBLIC_URL}/ActivateUser`,
        );
        activationSent = true;
      }
      return (await present(tx, [(await repository.findContact(tx, caller.companyId, id))!]))[0]!;
    });
  } catch (error) {
    throw emailTaken(error);
  }
  if (activationSent) deliverMail(ctx);
  return contact;
}

/** Sends a new activation link to a contact with portal access who has not set a password yet. */
export async function resendActivation(ctx: AppContext, caller: Caller, id: string) {
  await ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findContact(tx, caller.companyId, id);
    if (!row) throw notFound('Contact');
    if (!row.isPortalEnabled || !row.loginEmail)
      throw conflict('This contact has no portal access');
    if (row.passwordHash !== null)
      throw conflict('This contact has already activated their account');
    await issuePasswordLink(
      tx,
      ctx.mailer,
      {
        id: row.id,
        companyId: row.companyId,
        firstName: row.firstName,
        loginEmail: row.loginEmail,
      },
      'activation',
      `${ctx.config.PUBLIC_URL}/ActivateUser`,
    );
  });
  deliverMail(ctx);
  return { message: PEOPLE_MESSAGES.activationSent };
}

export async function deleteContact(ctx: AppContext, caller: Caller, id: string) {
  await ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findContact(tx, caller.companyId, id);
    if (!row) throw notFound('Contact');
    if (row.id === caller.userId) throw conflict('You cannot delete yourself');
    if (isAdminRoleList(row.roles)) await assertAnotherAdmin(tx, row.companyId, row.id);
    await repository.disableContact(tx, id);
  });
  return { resultId: id };
}

export function locationChoices(ctx: AppContext, caller: Caller) {
  return ctx.db.tenant(caller.scope, (tx) => repository.locationChoices(tx, caller.companyId));
}
