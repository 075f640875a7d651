import {
  DO_NOT_USE_NOTIFICATION_DURATION_MS,
  doNotUseCarrierMessage,
  LOGIN_NOTIFICATION_DURATION_MS,
  NOTIFICATION_DURATION_MS,
} from '@portal/domain';
import type { OptionsObject, SnackbarMessage } from 'notistack';
import { enqueueToast } from './toaster';

type Variant = 'success' | 'error' | 'info' | 'warning';

function show(variant: Variant, message: SnackbarMessage, options: OptionsObject = {}) {
  return enqueueToast(message, {
    variant,
    autoHideDuration: NOTIFICATION_DURATION_MS,
    ...options,
  });
}

/**
 * The app's one toast service (spec section 9): 5000 ms by default, 4000 ms for sign-in notices,
 * 8000 ms for the Do Not Use notice. Shown by the app's Toaster.
 */
export const toast = {
  success: (message: SnackbarMessage, options?: OptionsObject) => show('success', message, options),
  error: (message: SnackbarMessage, options?: OptionsObject) => show('error', message, options),
  info: (message: SnackbarMessage, options?: OptionsObject) => show('info', message, options),
  warning: (message: SnackbarMessage, options?: OptionsObject) => show('warning', message, options),
  /** "Login Successful", "Password Reset Successful"... */
  login: (message: string, variant: Variant = 'success') =>
    show(variant, message, { autoHideDuration: LOGIN_NOTIFICATION_DURATION_MS }),
  doNotUse: (email: string) =>
    show('error', doNotUseCarrierMessage(email), {
      autoHideDuration: DO_NOT_USE_NOTIFICATION_DURATION_MS,
    }),
};
