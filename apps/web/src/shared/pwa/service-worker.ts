import { useEffect } from 'react';

/**
 * Registers the service worker (public/sw.js) that keeps the app's files on the phone and answers a
 * page opened without signal with its "No signal" page. Only the built app has one to register.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    // The app works without it, only not offline: a warning for whoever debugs, nothing to the driver.
    console.warn('The service worker could not be registered', error);
  });
}

/** Screens made for a phone install the app's worker when they open. */
export function useServiceWorker(): void {
  useEffect(() => registerServiceWorker(), []);
}
