import type { StopAnswer, TrackingActivityAnswer } from '@portal/contract';
import { ApiError, apiRequest } from '../../../shared/api/client';
import { uploadDocumentRequest } from '../../../shared/documents';
import { problemText } from '../api/shipment-execution';
import { shipmentPath } from '../../../shared/shipments/shipment-keys';
import { readActions, removeAction, saveAction, type OutboxAction } from './outbox-store';

// A phone in a cab loses signal. Everything the driver records goes through this outbox: it is
// written to IndexedDB first, then sent in the order it was taken, each action with its own
// Idempotency-Key (kept with it), so a send cut off halfway and tried again is answered once by the
// server. The time sent is when it happened, not when the signal came back.

export type NewAction = Omit<OutboxAction, 'key' | 'sequence' | 'state' | 'error'>;

interface Snapshot {
  /** Everything kept on this phone, in the order it was recorded. */
  actions: readonly OutboxAction[];
  /** Sent during this visit, newest first: what the screen confirms as sent. */
  sent: readonly OutboxAction[];
  /** Whether the stored actions have been read from IndexedDB yet. */
  loaded: boolean;
}

type Listener = () => void;
type SentListener = (action: OutboxAction) => void;

let snapshot: Snapshot = { actions: [], sent: [], loaded: false };
const listeners = new Set<Listener>();
const sentListeners = new Set<SentListener>();
let loading: Promise<void> | undefined;
let flushing: Promise<void> | undefined;
let flushAgain = false;
let activeUserId: string | undefined;
let lastSequence = 0;

function publish(next: Partial<Snapshot>) {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

const ordered = (actions: readonly OutboxAction[]) =>
  [...actions].sort((a, b) => a.sequence - b.sequence);

function load(): Promise<void> {
  loading ??= readActions().then((stored) => {
    lastSequence = Math.max(lastSequence, ...stored.map((action) => action.sequence));
    publish({ actions: ordered(stored), loaded: true });
  });
  return loading;
}

function send(action: OutboxAction): Promise<unknown> {
  const headers = { 'idempotency-key': action.key };
  switch (action.kind) {
    case 'arrival':
    case 'loaded':
    case 'departure':
      return apiRequest<StopAnswer>(
        shipmentPath(action.shipmentNumber, `stops/${action.stopId!}/arrival_and_departure`),
        { method: 'PATCH', body: action.body, headers },
      );
    case 'location':
      return apiRequest<TrackingActivityAnswer>(
        shipmentPath(action.shipmentNumber, 'tracking_activities'),
        { method: 'POST', body: action.body, headers },
      );
    case 'photo': {
      const photo = action.photo!;
      return uploadDocumentRequest(
        {
          file: new File([photo.file], photo.name, { type: photo.file.type }),
          type: photo.documentType,
          orderStopId: photo.orderStopId,
          shipmentId: photo.shipmentId,
          idempotencyKey: action.key,
        },
        () => undefined,
      );
    }
  }
}

/** A refusal the driver must see (bad time, wrong order); anything else is tried again later. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401 &&
  error.status !== 408 &&
  error.status !== 429;

async function sendWaiting(userId: string) {
  for (const action of snapshot.actions) {
    if (action.userId !== userId || action.state !== 'waiting') continue;
    // Offline, a request only fails (and logs a network error): wait for the online event.
    if (!navigator.onLine) return;
    try {
      await send(action);
    } catch (error) {
      if (!isRefusal(error)) return;
      const failed: OutboxAction = { ...action, state: 'failed', error: problemText(error) };
      await saveAction(failed);
      publish({
        actions: snapshot.actions.map((item) => (item.key === action.key ? failed : item)),
      });
      continue;
    }
    await removeAction(action.key);
    publish({
      actions: snapshot.actions.filter((item) => item.key !== action.key),
      sent: [action, ...snapshot.sent],
    });
    for (const listener of sentListeners) listener(action);
  }
}

/** Sends what waits, in order; one pass at a time, another right after when asked meanwhile. */
export function flushOutbox(): Promise<void> {
  const userId = activeUserId;
  if (!userId) return Promise.resolve();
  if (flushing) {
    flushAgain = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      await load();
      do {
        flushAgain = false;
        await sendWaiting(userId);
      } while (flushAgain && navigator.onLine);
    } finally {
      flushing = undefined;
    }
  })();
  return flushing;
}

/** Keeps an action on the phone, then tries to send it. Resolves once it is stored. */
export async function recordAction(action: NewAction): Promise<OutboxAction> {
  await load();
  lastSequence = Math.max(lastSequence + 1, Date.now());
  const stored: OutboxAction = {
    ...action,
    key: crypto.randomUUID(),
    sequence: lastSequence,
    state: 'waiting',
  };
  await saveAction(stored);
  publish({ actions: [...snapshot.actions, stored] });
  void flushOutbox();
  return stored;
}

/** The driver gives up an action the server refused. */
export async function discardAction(key: string) {
  await removeAction(key);
  publish({ actions: snapshot.actions.filter((item) => item.key !== key) });
}

let listening = false;

/**
 * Starts sending the signed-in driver's actions (only theirs: a phone handed to another driver
 * keeps the first driver's actions for when they sign in again). It keeps listening for the signal
 * after the driver leaves the load's screen, until the page is closed or reloaded (signing out does).
 */
export function startOutbox(userId: string): void {
  activeUserId = userId;
  if (!listening) {
    listening = true;
    window.addEventListener('online', () => void flushOutbox());
  }
  void flushOutbox();
}

export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  void load();
  return () => listeners.delete(listener);
}

export function onActionSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export const outboxSnapshot = () => snapshot;
