import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToastHost, type ToasterProps } from './toaster';

/** notistack's provider, loaded by the toaster; its global functions reach it once it is mounted. */
export default function ToastHost(props: ToasterProps) {
  useEffect(() => {
    attachToastHost({ enqueue: enqueueSnackbar, close: closeSnackbar });
    return () => attachToastHost(undefined);
  }, []);
  return <SnackbarProvider {...props} />;
}
