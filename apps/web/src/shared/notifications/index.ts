export { handleApiError, reportApiError } from './central-error-handler';
export { logClientError } from './client-error-log';
export { toast } from './toast';
export { Toaster, closeToast, enqueueToast, useSnackbar, type ToasterProps } from './toaster';
