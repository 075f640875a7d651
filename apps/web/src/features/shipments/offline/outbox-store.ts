// The driver's outbox lives in IndexedDB: it outlasts a reload, a closed tab and a phone restart, and
// holds photos as Blobs (localStorage holds neither).

const DATABASE = 'portal-driver-outbox';
const STORE = 'actions';

/** What the driver did, kept until the server has it. */
export type OutboxKind = 'arrival' | 'loaded' | 'departure' | 'photo' | 'location';

export interface OutboxPhoto {
  file: Blob;
  name: string;
  /** The document type (proof of delivery or shipment miscellaneous). */
  documentType: number;
  orderStopId?: string;
  shipmentId?: string;
  label: string;
}

export interface OutboxAction {
  /** Also the Idempotency-Key the action is sent with, every time it is sent. */
  key: string;
  /** Order of recording: actions are sent in the order the driver took them. */
  sequence: number;
  userId: string;
  shipmentNumber: string;
  kind: OutboxKind;
  /** What the driver did, in their words: "Arrived at stop 1". */
  label: string;
  stopId?: string;
  stopNumber?: number;
  /** When it happened on the road (ISO instant), which is what the server records. */
  occurredAt: string;
  /** The stop's zone, to show the time on the stop's clock. */
  timeZone?: string;
  body?: Record<string, unknown>;
  photo?: OutboxPhoto;
  /** waiting: not sent yet; failed: the server refused it (its reason in error). */
  state: 'waiting' | 'failed';
  error?: string;
}

let opening: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = undefined;
      reject(request.error ?? new Error('The outbox could not be opened'));
    };
  });
  return opening;
}

async function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = work(transaction.objectStore(STORE));
    // Resolved on commit, so a stored action is on disk before the screen says it is kept.
    transaction.oncomplete = () => resolve(request.result);
    transaction.onerror = () => reject(transaction.error ?? request.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('Outbox write aborted'));
  });
}

export const readActions = () =>
  run<OutboxAction[]>('readonly', (store) => store.getAll() as IDBRequest<OutboxAction[]>);

export const saveAction = (action: OutboxAction) =>
  run('readwrite', (store) => store.put(action)).then(() => undefined);

export const removeAction = (key: string) =>
  run('readwrite', (store) => store.delete(key)).then(() => undefined);
