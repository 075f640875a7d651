import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  CASE_MESSAGES,
  DOCUMENT_MESSAGES,
  GENERAL_MESSAGES,
  INVOICE_MESSAGES,
  NOTE_MESSAGES,
  PROFILE_MESSAGES,
  QUICK_SEARCH_MESSAGES,
  SHIPMENT_MESSAGES,
  centralErrorMessages,
  collectErrorMessages,
  doNotUseCarrierMessage,
  failureToast,
} from './messages';

describe('catalogue wording', () => {
  it('matches the sign-in messages', () => {
    expect(AUTH_MESSAGES.wrongCredentials).toBe('Wrong username or password');
    expect(AUTH_MESSAGES.invalidEmailOrPassword).toBe('Email Address or Password is invalid');
    expect(AUTH_MESSAGES.loginSuccessful).toBe('Login Successful');
    expect(AUTH_MESSAGES.passwordResetSuccessful).toBe('Password Reset Successful');
    expect(AUTH_MESSAGES.checkEmail).toBe('Please check your email');
    expect(doNotUseCarrierMessage('carriers@example.com')).toBe(
      'Carrier is "Do Not Use", if you have questions please email carriers@example.com',
    );
  });

  it('matches the general and shipment messages', () => {
    expect(GENERAL_MESSAGES).toMatchObject({
      unknownError: 'An Unknown Error Occurred',
      requestNotSuccessful: 'Request not successful',
      notAuthorized: 'You are not Authorized for this content',
      routeNotFound: 'Route Not Found',
      routeError: 'An error has occurred',
      crashTitle: 'Whoops! Something Went Wrong',
      returnToHomePage: 'Return to Home Page',
    });
    expect(SHIPMENT_MESSAGES.unableToAccess).toBe(
      'Unable to access shipment...redirecting to last page',
    );
    expect(SHIPMENT_MESSAGES.invalidShipmentId).toBe('Shipment ID is not valid');
    expect(SHIPMENT_MESSAGES.unknownTab('7')).toBe('Tab 7 does not exist: showing Details');
    expect(QUICK_SEARCH_MESSAGES).toEqual({
      drawerTitle: 'Search By Shipment #',
      noResults: 'No Matching Results',
      promptBroker: 'Enter Shipment or Reference Number to Start Search',
      prompt: 'Enter shipment number to start search',
    });
  });

  it('matches the invoice, note, document, case and profile messages', () => {
    expect(INVOICE_MESSAGES).toEqual({
      updated: 'Invoice updated successfully',
      invalidInvoiceNumber: 'Invoice number is not valid',
      noCharges: 'No Charges Linked to Invoice',
      endOfList: 'No More Results',
      noMatchingInvoices: 'No Matching Invoices Found',
    });
    expect(NOTE_MESSAGES).toEqual({
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
    });
    expect(DOCUMENT_MESSAGES).toEqual({
      uploaded: 'Document uploaded successfully',
      unknownError: 'An unknown error has occurred',
      deleted: 'Document deleted',
      deleteFailed: 'Failed to delete document',
      noneForInvoice: 'No documents found for invoice',
    });
    expect(CASE_MESSAGES.created).toBe('Case created!');
    expect(PROFILE_MESSAGES).toEqual({
      updated: 'User Profile Successfully Updated',
      pictureSaved: 'Profile Picture Saved',
      pictureRemoved: 'Profile Picture Removed',
    });
  });
});

describe('collectErrorMessages', () => {
  it('flattens arrays, maps and {message} entries, skipping blanks', () => {
    expect(collectErrorMessages(['a', '', { message: 'b' }, 3])).toEqual(['a', 'b']);
    expect(
      collectErrorMessages({ name: ['Name is required', 'Too long'], code: 'Bad code' }),
    ).toEqual(['Name is required', 'Too long', 'Bad code']);
    expect(collectErrorMessages(undefined)).toEqual([]);
    expect(collectErrorMessages('just text')).toEqual([]);
  });
});

describe('failureToast', () => {
  it('prefers title, then detail, then message, then the fallback', () => {
    expect(
      failureToast({ title: 'Conflict', detail: 'Stale', errors: ['Version changed'] }),
    ).toEqual({
      message: 'Conflict',
      details: ['Version changed'],
    });
    expect(failureToast({ detail: 'Stale' })).toEqual({ message: 'Stale', details: [] });
    expect(failureToast({ message: 'Bad note' })).toEqual({ message: 'Bad note', details: [] });
    expect(failureToast(undefined)).toEqual({ message: 'Request not successful', details: [] });
    expect(failureToast('<html>')).toEqual({ message: 'Request not successful', details: [] });
  });
});

describe('centralErrorMessages', () => {
  it('shows "An Unknown Error Occurred" when there is no status', () => {
    expect(centralErrorMessages(undefined, { errors: ['ignored'] })).toEqual([
      'An Unknown Error Occurred',
    ]);
  });

  it("shows a problem answer's detail rather than its title", () => {
    expect(
      centralErrorMessages(409, {
        status: 409,
        title: 'Conflict',
        detail: 'The shipment was changed by someone else; reload it.',
      }),
    ).toEqual(['The shipment was changed by someone else; reload it.']);
    expect(centralErrorMessages(403, { status: 403, title: 'Forbidden' })).toEqual(['Forbidden']);
  });

  it('shows each message of the errors map first', () => {
    expect(
      centralErrorMessages(400, { errors: { city: ['City is required'], zip: ['Bad ZIP'] } }),
    ).toEqual(['City is required', 'Bad ZIP']);
  });

  it('then each model-state entry', () => {
    expect(
      centralErrorMessages(400, {
        error: { Model: { modelState: { a: ['First'], b: ['Second'] } } },
      }),
    ).toEqual(['First', 'Second']);
  });

  it('then the error message, or the login wording for sign-in', () => {
    expect(centralErrorMessages(500, { error: { Message: 'Server fell over' } })).toEqual([
      'Server fell over',
    ]);
    expect(centralErrorMessages(401, { error: { Message: 'Nope' } }, { login: true })).toEqual([
      'Email Address or Password is invalid',
    ]);
    expect(centralErrorMessages(500, {})).toEqual(['Request not successful']);
  });
});
