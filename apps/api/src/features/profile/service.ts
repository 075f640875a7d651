import type {
  CurrentUser,
  NotificationPreference,
  NotificationPreferencesBody,
  ProfilePictureBody,
  RenewTrackingIntegrationBody,
  TrackingIntegration,
  UpdateProfileBody,
} from '@portal/contract';
import {
  DocumentType,
  EntityType,
  isNotificationKind,
  NOTIFICATION_KINDS,
  PEOPLE_MESSAGES,
} from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { findCurrentUser } from '../../shared/auth/current-user';
import { secretBox } from '../../shared/auth/secret-box';
import { savePicture } from '../../shared/documents/picture';
import { invalidField, notFound } from '../../shared/http/errors';
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

async function answer(ctx: AppContext, caller: Caller): Promise<CurrentUser> {
  const user = await ctx.db.tenant(caller.scope, (tx) => findCurrentUser(tx, caller.userId));
  if (!user) throw notFound('User');
  return user;
}

/**
 * The person edits their own contact. Role names are normalised (Bill-to is BillTo); only an
 * administrator gives themselves a role they do not hold, and the last administrator keeps Admin.
 * The primary e-mail address is the one they sign in with, so it must be free (decision 121).
 */
export async function updateProfile(
  ctx: AppContext,
  caller: Caller,
  body: UpdateProfileBody,
): Promise<CurrentUser> {
  const emails = checkEmails(body.emailAddresses);
  const phones = checkPhones(body.phoneNumbers);
  const linkedIn = checkLinkedInUrl(body.linkedInProfileUrl);
  const login = primaryEmail(emails);
  await assertEmailsFree(ctx.db, emails, caller.userId);
  await ctx.db.tenant(caller.scope, async (tx) => {
    const own = await repository.findOwnRow(tx, caller.userId);
    if (!own) throw notFound('User');
    if (own.isPortalEnabled && !login)
      throw invalidField('emailAddresses', PEOPLE_MESSAGES.portalNeedsEmail);
    const current = checkRoles(own.roles);
    const roles = body.roles === undefined ? current : checkRoles(body.roles);
    const wasAdmin = isAdminRoleList(current);
    if (!wasAdmin && roles.some((role) => !current.includes(role)))
      throw invalidField('roles', 'Only an administrator can give a role');
    if (wasAdmin && !isAdminRoleList(roles)) await assertAnotherAdmin(tx, own.companyId, own.id);
    await repository.updateOwnRow(tx, own.id, {
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      ...(body.functionTitle !== undefined
        ? { functionTitle: body.functionTitle?.trim() || null }
        : {}),
      ...(linkedIn !== undefined ? { linkedInProfileUrl: linkedIn } : {}),
      roles,
      loginEmail: own.isPortalEnabled ? login : own.loginEmail,
    });
    await replaceEmailsAndPhones(tx, own.id, emails, phones);
  });
  return answer(ctx, caller);
}

/** Saves a new profile picture (the old one is kept as a deleted document). */
export async function saveProfilePicture(
  ctx: AppContext,
  caller: Caller,
  body: ProfilePictureBody,
): Promise<{ fileId: string }> {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const own = await repository.findOwnRow(tx, caller.userId);
    if (!own) throw notFound('User');
    const document = await savePicture(tx, ctx.documents, {
      companyId: own.companyId,
      uploadedBy: own.id,
      name: body.name,
      data: body.data,
      fileType: DocumentType.CustomerProfilePicture,
      entityType: EntityType.CONTACT,
      entityId: own.id,
      entityDescription: `${caller.firstName} ${caller.lastName}`,
    });
    await repository.setProfilePicture(tx, own.id, document.id);
    if (own.profileDocumentId) await repository.retireDocument(tx, own.profileDocumentId);
    return { fileId: document.id };
  });
}

export async function removeProfilePicture(
  ctx: AppContext,
  caller: Caller,
): Promise<{ fileId: null }> {
  await ctx.db.tenant(caller.scope, async (tx) => {
    const own = await repository.findOwnRow(tx, caller.userId);
    if (!own) throw notFound('User');
    if (!own.profileDocumentId) return;
    await repository.setProfilePicture(tx, own.id, null);
    await repository.retireDocument(tx, own.profileDocumentId);
  });
  return { fileId: null };
}

/**
 * Sets how the person hears of each kind of event. Kinds not sent keep their setting; the answer
 * lists every kind, a kind never set being on in both places.
 */
export async function saveNotificationPreferences(
  ctx: AppContext,
  caller: Caller,
  body: NotificationPreferencesBody,
): Promise<NotificationPreference[]> {
  body.preferences.forEach((preference, index) => {
    if (!isNotificationKind(preference.notificationKind))
      throw invalidField(
        `preferences/${index}/notificationKind`,
        `"${preference.notificationKind}" is not a kind of notification`,
      );
  });
  return ctx.db.tenant(caller.scope, async (tx) => {
    await repository.replaceNotificationPreferences(
      tx,
      { id: caller.userId, companyId: caller.companyId },
      body.preferences,
    );
    const saved = await tx
      .selectFrom('notificationPreferences')
      .select(['notificationKind', 'byEmail', 'inApp'])
      .where('userId', '=', caller.userId)
      .execute();
    const byKind = new Map(saved.map((row) => [row.notificationKind, row]));
    return NOTIFICATION_KINDS.map(
      (kind) => byKind.get(kind) ?? { notificationKind: kind, byEmail: true, inApp: true },
    );
  });
}

// ---- Tracking integration ----

/** A renewed token is asked for again after a year (decision 122). */
const TRACKING_TOKEN_DAYS = 365;

export async function trackingIntegration(
  ctx: AppContext,
  caller: Caller,
): Promise<TrackingIntegration['data']> {
  const row = await ctx.db.tenant(caller.scope, (tx) =>
    repository.findTrackingIntegration(tx, caller.companyId),
  );
  if (!row) throw notFound('Company');
  const expiresAt = row.trackingIntegrationExpiresAt;
  return {
    provider: row.trackingIntegrationProvider,
    connected: expiresAt !== null,
    tokenHint: row.trackingIntegrationTokenHint,
    expiresAt: expiresAt?.toISOString() ?? null,
    isExpired: expiresAt !== null && expiresAt.getTime() < Date.now(),
  };
}

/** An administrator gives the company's tracking integration a new API token. */
export async function renewTrackingIntegration(
  ctx: AppContext,
  caller: Caller,
  body: RenewTrackingIntegrationBody,
): Promise<TrackingIntegration['data']> {
  const box = secretBox(ctx.config.APP_SECRET, 'tracking-integration-token');
  const expiresAt = new Date(Date.now() + TRACKING_TOKEN_DAYS * 24 * 3600 * 1000);
  await ctx.db.tenant(caller.scope, (tx) =>
    repository.saveTrackingToken(tx, caller.companyId, {
      sealed: box.seal(body.apiToken),
      hint: body.apiToken.slice(-4),
      expiresAt,
    }),
  );
  return trackingIntegration(ctx, caller);
}
