import type { OptionsObject, SnackbarKey, SnackbarMessage, SnackbarProviderProps } from 'notistack';
import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';

// The toasts' host (notistack, about 8 KB gzip) loads in idle time a few seconds after the start, or
// at the first toast if that comes sooner, so the first load does not carry it (decision 256). A
// toast asked for before it has arrived waits here, under the key it is given at once, and is shown
// as it arrives.

interface Host {
  enqueue: (message: SnackbarMessage, options: OptionsObject) => SnackbarKey;
  close: (key?: SnackbarKey) => void;
}

let host: Host | undefined;
let wanted = false;
let lastKey = 0;
const waiting: { message: SnackbarMessage; options: OptionsObject & { key: SnackbarKey } }[] = [];
const listeners = new Set<() => void>();

/** Whether the host should load (and stay): the toaster renders it while this holds. */
function setWanted(value: boolean) {
  if (wanted === value) return;
  wanted = value;
  listeners.forEach((listener) => listener());
}

const want = () => setWanted(true);

/** Shows a toast; its key closes it (closeToast), also while its host is still on its way. */
export function enqueueToast(message: SnackbarMessage, options: OptionsObject = {}): SnackbarKey {
  // A confirmation answers one action, so each one shows, also while an earlier one with the same
  // words is still on screen or leaving it: notistack's preventDuplicate compares keys where a toast
  // has one, and holds back only repeats of a keyless message (the same failure reported again).
  if (options.key === undefined && options.variant === 'success')
    options = { ...options, key: `toast-${++lastKey}` };
  if (host) return host.enqueue(message, options);
  const key = options.key ?? `toast-${++lastKey}`;
  waiting.push({ message, options: { ...options, key } });
  want();
  return key;
}

/** Closes one toast, or every toast without a key. */
export function closeToast(key?: SnackbarKey): void {
  if (host) return host.close(key);
  const kept = key === undefined ? [] : waiting.filter((toast) => toast.options.key !== key);
  waiting.splice(0, waiting.length, ...kept);
}

/** notistack's host, once mounted, takes the toasts that waited for it; undefined when it unmounts. */
export function attachToastHost(next: Host | undefined): void {
  host = next;
  if (next) for (const { message, options } of waiting.splice(0)) next.enqueue(message, options);
}

/** notistack's hook, as the screens call it, served by the toaster. */
const toasts = { enqueueSnackbar: enqueueToast, closeSnackbar: closeToast };
export const useSnackbar = () => toasts;

export type ToasterProps = Pick<
  SnackbarProviderProps,
  'maxSnack' | 'autoHideDuration' | 'preventDuplicate' | 'onClose'
>;

interface ToasterOptions extends ToasterProps {
  /** When the host loads in idle time without a toast (TOAST_HOST_IDLE_AFTER_MS by default). */
  hostLoadsAfterMs?: number;
}

/** How long after the app starts the toaster waits before loading its host in idle time. */
export const TOAST_HOST_IDLE_AFTER_MS = 3_000;

let hostModule: Promise<{ default: ComponentType<ToasterProps> }> | undefined;

/** The host's code, once; a failed load (offline) is tried again at the next toast. */
function loadHost() {
  hostModule ??= import('./toast-host').catch((error: unknown) => {
    hostModule = undefined;
    setWanted(false);
    throw error;
  });
  return hostModule;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where toasts show: the app mounts one, beside its screens. */
export function Toaster({ hostLoadsAfterMs = TOAST_HOST_IDLE_AFTER_MS, ...props }: ToasterOptions) {
  const isWanted = useSyncExternalStore(subscribe, () => wanted);
  const [Host, setHost] = useState<ComponentType<ToasterProps> | null>(null);
  useEffect(() => {
    // Loaded while idle a moment after the start, so it stays out of the first screen's loading.
    let idle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') return want();
      idle = requestIdleCallback(want, { timeout: 5_000 });
    }, hostLoadsAfterMs);
    return () => {
      clearTimeout(timer);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [hostLoadsAfterMs]);
  useEffect(() => {
    if (!isWanted || Host) return;
    let live = true;
    loadHost().then(
      (module) => {
        if (live) setHost(() => module.default);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [isWanted, Host]);
  return Host ? <Host {...props} /> : null;
}
