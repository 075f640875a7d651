import type { ShipmentStop } from '@portal/contract';
import type { OutboxAction } from './outbox-store';

/** A stop as the driver sees it: the server's record with what the phone still holds on top. */
export interface DriverStop {
  stop: ShipmentStop;
  /** When the truck arrived and left (ISO), from the server or from an action waiting to be sent. */
  arrivedAt: string | null;
  departedAt: string | null;
  /** Whether the packages loaded or unloaded here were counted (true when there is nothing to count). */
  counted: boolean;
  /** What of it is still on the phone only. */
  waiting: { arrival: boolean; counts: boolean; departure: boolean };
}

export type NextStep = 'arrival' | 'counts' | 'departure';

const waitingFor = (actions: readonly OutboxAction[], stopId: string, kind: OutboxAction['kind']) =>
  actions.find(
    (action) => action.state === 'waiting' && action.kind === kind && action.stopId === stopId,
  );

/**
 * The stops with what the phone holds on top: actions waiting to be sent, and actions the server
 * accepted whose answer the stop list has not been read again since (so the big button never steps
 * back while the list refreshes).
 */
export function driverStops(
  stops: readonly ShipmentStop[],
  actions: readonly OutboxAction[],
  sent: readonly OutboxAction[] = [],
): DriverStop[] {
  const accepted = sent.map((action) => ({ ...action, state: 'waiting' as const }));
  return stops.map((stop) => {
    const held = (kind: OutboxAction['kind']) =>
      waitingFor(actions, stop.shipmentStopId, kind) ??
      waitingFor(accepted, stop.shipmentStopId, kind);
    const arrival = held('arrival');
    const counts = held('loaded');
    const departure = held('departure');
    const isWaiting = (kind: OutboxAction['kind']) =>
      waitingFor(actions, stop.shipmentStopId, kind) !== undefined;
    const countedOnServer = stop.orderLineItems.every(
      (item) => item.confirmedPackageCount !== null,
    );
    return {
      stop,
      arrivedAt: stop.arrived?.at ?? arrival?.occurredAt ?? null,
      departedAt: stop.departed?.at ?? departure?.occurredAt ?? null,
      counted: countedOnServer || counts !== undefined,
      waiting: {
        arrival: !stop.arrived && isWaiting('arrival'),
        counts: !countedOnServer && isWaiting('loaded'),
        departure: !stop.departed && isWaiting('departure'),
      },
    };
  });
}

/** The stop the truck is headed to or standing at: the first one not left yet. */
export const nextStopIndex = (stops: readonly DriverStop[]) =>
  stops.findIndex((stop) => !stop.departedAt);

/** What the driver does next at a stop: arrive, count what was loaded or unloaded, leave. */
export function nextStep(stop: DriverStop): NextStep {
  if (!stop.arrivedAt) return 'arrival';
  if (!stop.counted) return 'counts';
  return 'departure';
}

/**
 * The package counts the driver confirms, prefilled: at a pickup what was ordered, at a delivery what
 * was loaded (counted at the pickup, on the server or still on the phone), else what was ordered.
 */
export function expectedCounts(
  stops: readonly ShipmentStop[],
  actions: readonly OutboxAction[],
  stop: ShipmentStop,
): Record<string, number> {
  const loaded = (itemId: string): number | undefined => {
    for (const other of stops) {
      const item = other.orderLineItems.find(
        (candidate) => candidate.id === itemId && candidate.role === 'pickup',
      );
      if (!item) continue;
      if (item.confirmedPackageCount !== null) return item.confirmedPackageCount;
      const waiting = waitingFor(actions, other.shipmentStopId, 'loaded')?.body as
        | { confirmedTrackingLineItems?: { id: string; confirmedPackageCount: number }[] }
        | undefined;
      return waiting?.confirmedTrackingLineItems?.find((entry) => entry.id === itemId)
        ?.confirmedPackageCount;
    }
    return undefined;
  };
  return Object.fromEntries(
    stop.orderLineItems.map((item) => [
      item.id,
      item.confirmedPackageCount ??
        (item.role === 'delivery' ? (loaded(item.id) ?? item.packageCount) : item.packageCount),
    ]),
  );
}
