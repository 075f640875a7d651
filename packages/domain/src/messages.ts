import { NOT_AUTHORIZED_MESSAGE } from './access';

/** Texts of both specs' error catalogues, exactly as written there. */

export const AUTH_MESSAGES = {
  wrongCredentials: 'Wrong username or password',
  invalidEmailOrPassword: 'Email Address or Password is invalid',
  loginSuccessful: 'Login Successful',
  passwordResetSuccessful: 'Password Reset Successful',
  checkEmail: 'Please check your email',
} as const;

/** The portal's own sign-in texts, beyond the spec's (decision 013). */
export const SIGN_IN_MESSAGES = {
  signInHeading: 'Sign in',
  resetHeading: 'Reset your password',
  activateHeading: 'Choose your password',
  interactionExpired: 'This sign-in page has expired. Please start signing in again.',
  signInExpired: 'Your sign-in took too long. Please sign in again.',
  signInFailed: 'Sign-in could not be completed. Please try again.',
  signInCancelled: 'Sign-in was cancelled.',
  noAccount:
    "There is no portal account for this sign-in. Ask your company's administrator for access.",
  driverLinkInvalid: 'This driver link is not valid or has expired.',
  passwordsDiffer: 'The passwords do not match',
  signingIn: 'Signing you in…',
  signingOut: 'Signing you out…',
} as const;

export function doNotUseCarrierMessage(email: string): string {
  return `Carrier is "Do Not Use", if you have questions please email ${email}`;
}

export const GENERAL_MESSAGES = {
  unknownError: 'An Unknown Error Occurred',
  requestNotSuccessful: 'Request not successful',
  notAuthorized: NOT_AUTHORIZED_MESSAGE,
  routeNotFound: 'Route Not Found',
  routeError: 'An error has occurred',
  crashTitle: 'Whoops! Something Went Wrong',
  crashReported: 'Our provider has been notified of the problem.',
  returnToHomePage: 'Return to Home Page',
} as const;

/** The shared list layout (every list page). */
export const LIST_MESSAGES = {
  endOfList: 'No More Results',
} as const;

export const SHIPMENT_MESSAGES = {
  unableToAccess: 'Unable to access shipment...redirecting to last page',
  invalidShipmentId: 'Shipment ID is not valid',
  /** A ?tab= index that names no sub-page (decision 182). */
  unknownTab: (tab: string) => `Tab ${tab} does not exist: showing Details`,
} as const;

/** The access terms every portal user accepts before using the portal (decision 180). */
export const ACCESS_TERMS_MESSAGES = {
  mustAccept: 'Accept the access terms to use the portal',
  changed: (current: string) =>
    `The access terms changed: read version ${current} and accept that one`,
  noTerms: 'There are no access terms to accept',
  accepted: 'Access terms accepted',
  acceptFailed: 'Your acceptance could not be recorded. Please try again.',
} as const;

export const QUICK_SEARCH_MESSAGES = {
  drawerTitle: 'Search By Shipment #',
  noResults: 'No Matching Results',
  promptBroker: 'Enter Shipment or Reference Number to Start Search',
  prompt: 'Enter shipment number to start search',
} as const;

export const INVOICE_MESSAGES = {
  updated: 'Invoice updated successfully',
  invalidInvoiceNumber: 'Invoice number is not valid',
  noCharges: 'No Charges Linked to Invoice',
  endOfList: 'No More Results',
  noMatchingInvoices: 'No Matching Invoices Found',
} as const;

export const NOTE_MESSAGES = {
  createFailed: 'Failed to save comment',
  updated: 'Successfully updated comment',
  updateFailed: 'Failed to save changes',
  deleted: 'Successfully removed comment',
  deleteFailed: "Can't delete this comment",
  creating: 'Creating Note...',
  updating: 'Updating Note...',
  deleting: 'Deleting Note...',
  panelCrashed: 'Unable to retrieve notes',
  internalNote: 'Internal Note',
} as const;

export const DOCUMENT_MESSAGES = {
  uploaded: 'Document uploaded successfully',
  unknownError: 'An unknown error has occurred',
  deleted: 'Document deleted',
  deleteFailed: 'Failed to delete document',
  noneForInvoice: 'No documents found for invoice',
} as const;

export const CASE_MESSAGES = {
  created: 'Case created!',
  // Not in the spec: the list's empty text and the staff's success notices (decision 103).
  noMatchingCases: 'No Matching Accessorial Requests Found',
  updated: 'Accessorial request updated',
} as const;

export const PROFILE_MESSAGES = {
  updated: 'User Profile Successfully Updated',
  pictureSaved: 'Profile Picture Saved',
  pictureRemoved: 'Profile Picture Removed',
} as const;

// ---- Reading failure bodies ----

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** Flattens an errors array or map of strings, string arrays or {message} objects. */
export function collectErrorMessages(errors: unknown): string[] {
  const values = Array.isArray(errors) ? errors : isRecord(errors) ? Object.values(errors) : [];
  return values.flatMap((entry): string[] => {
    if (Array.isArray(entry)) return collectErrorMessages(entry);
    if (isRecord(entry)) {
      const message = nonEmptyString(entry.message) ?? nonEmptyString(entry.Message);
      return message ? [message] : [];
    }
    const message = nonEmptyString(entry);
    return message ? [message] : [];
  });
}

export interface FailureToast {
  readonly message: string;
  /** Shown as a bulleted list under the message. */
  readonly details: readonly string[];
}

/** Invoice-update and notes-load failures: title, detail or message, else the fallback. */
export function failureToast(body: unknown): FailureToast {
  const record = isRecord(body) ? body : {};
  const message =
    nonEmptyString(record.title) ??
    nonEmptyString(record.detail) ??
    nonEmptyString(record.message) ??
    GENERAL_MESSAGES.requestNotSuccessful;
  return { message, details: collectErrorMessages(record.errors) };
}

/**
 * The central handler's notifications for a failed call: the errors map, else the model
 * state, else the error's message. No status at all means the request never got an answer.
 */
export function centralErrorMessages(
  status: number | undefined,
  body: unknown,
  options: { readonly login?: boolean } = {},
): string[] {
  if (status === undefined) return [GENERAL_MESSAGES.unknownError];
  const record = isRecord(body) ? body : {};
  const fromErrors = collectErrorMessages(record.errors);
  if (fromErrors.length > 0) return fromErrors;
  const error = isRecord(record.error) ? record.error : {};
  const model = isRecord(error.Model) ? error.Model : {};
  const fromModelState = collectErrorMessages(model.modelState);
  if (fromModelState.length > 0) return fromModelState;
  if (options.login) return [AUTH_MESSAGES.invalidEmailOrPassword];
  const message =
    nonEmptyString(error.Message) ??
    // A problem answer's detail says what was wrong; its title only names the status.
    nonEmptyString(record.detail) ??
    nonEmptyString(record.title) ??
    nonEmptyString(record.message);
  return [message ?? GENERAL_MESSAGES.requestNotSuccessful];
}
