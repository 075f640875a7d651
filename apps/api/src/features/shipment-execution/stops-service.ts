import {
  isShipmentOnTime,
  localDateTimeInZone,
  ShipmentAction,
  ShipmentStatus,
  shipmentStatusDisplayName,
  ShipmentTask,
  TrackingActivityType,
  type ShipmentActor,
} from '@portal/domain';
import type {
  AppointmentBody,
  ArrivalDepartureBody,
  PreloadBody,
  QuickClosureAnswer,
  StopAnswer,
} from '@portal/contract';
import type { Updateable } from 'kysely';
import type { Tx } from '../../db/database';
import type { Shipments } from '../../db/schema.generated';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, invalidField, notFound } from '../../shared/http/errors';
import type { IdempotentRequest } from '../../shared/http/idempotency';
import {
  parseShipmentKey,
  sameShipmentKey,
  type ShipmentRow,
} from '../../shared/shipments/find-shipment';
import {
  assertTransition,
  recordShipmentHistory,
  transitionShipment,
  updateShipment,
} from '../../shared/shipments/history';
import { statusValue } from '../../shared/shipments/present';
import {
  assertNotInFuture,
  assertTask,
  parseReportedTime,
} from '../../shared/shipments/reported-time';
import {
  lineItemsAtStop,
  loadStopRecords,
  presentStop,
  type ShipmentStopRow,
  type StopRecords,
} from '../../shared/shipments/stops';
import { assertShipmentVersion } from '../../shared/shipments/version';
import { assertWithinDockHours } from '../../shared/locations/dock-hours';
import { laterDue, onShipment } from './on-shipment';
import { insertActivity } from './repository';

const statusName = (status: number) => shipmentStatusDisplayName(status as ShipmentStatus);

function findStop(records: StopRecords, stopId: string): ShipmentStopRow {
  const stop = records.stops.find((candidate) => candidate.id === stopId);
  if (!stop) throw notFound('Stop');
  return stop;
}

function local(instant: Date, stop: ShipmentStopRow): string {
  return `${localDateTimeInZone(instant, stop.ianaTimezone).replace('T', ' ')} (${stop.ianaTimezone})`;
}

async function stopAnswer(tx: Tx, shipment: ShipmentRow, stopId: string): Promise<StopAnswer> {
  const records = await loadStopRecords(tx, shipment);
  return {
    data: {
      stop: presentStop(records, findStop(records, stopId)),
      shipmentStatus: statusValue(shipment.status),
      version: shipment.version,
    },
  };
}

// ---- Appointments ----

/**
 * PATCH .../stops/{stopId}/appointments: the carrier books the dock appointment inside the stop's
 * window (the window itself is the operator's to move). Times are the stop's wall clock or instants.
 */
export function setAppointment(
  ctx: AppContext,
  caller: Caller,
  id: string,
  stopId: string,
  body: AppointmentBody,
  version: number | undefined,
  request: IdempotentRequest,
) {
  const bodyKey = parseShipmentKey(body.shipmentId, 'shipmentId');
  if (body.stopId !== stopId)
    throw invalidField('stopId', 'stopId does not match the stop in the path');
  return onShipment<StopAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.SetAppointments,
    request,
    async (tx, shipment, actor) => {
      if (!sameShipmentKey(bodyKey, shipment)) {
        throw invalidField('shipmentId', 'shipmentId does not match the shipment in the path');
      }
      const { times } = body;
      if (
        times.appointment === undefined &&
        times.early === undefined &&
        times.late === undefined
      ) {
        throw invalidField('times', 'times needs an appointment, early or late time');
      }
      if (times.early !== undefined || times.late !== undefined) {
        assertTask(ShipmentTask.ChangeStopWindow, actor);
      }
      const status = shipment.status as ShipmentStatus;
      if (status === ShipmentStatus.Voided || status >= ShipmentStatus.Delivered) {
        throw conflict(`Appointments cannot change on a shipment that is ${statusName(status)}.`);
      }
      const records = await loadStopRecords(tx, shipment, { forUpdate: true });
      const stop = findStop(records, stopId);
      if (stop.arrivedAt) {
        throw conflict(
          `The truck already arrived at stop ${stop.stopNumber}; its appointment can no longer change.`,
        );
      }
      assertShipmentVersion(shipment, version);
      const now = new Date();
      const zone = stop.ianaTimezone;
      const early =
        times.early !== undefined
          ? parseReportedTime(times.early, zone, 'times.early')
          : stop.earlyAt;
      const late =
        times.late !== undefined ? parseReportedTime(times.late, zone, 'times.late') : stop.lateAt;
      const appointment =
        times.appointment === undefined
          ? stop.appointmentAt
          : times.appointment === null
            ? null
            : parseReportedTime(times.appointment, zone, 'times.appointment');
      if (early && late && new Date(early) > new Date(late)) {
        throw invalidField(
          'times.late',
          `The window of stop ${stop.stopNumber} must end after it starts`,
        );
      }
      if (times.appointment) {
        const at = appointment!;
        if (at.getTime() < now.getTime()) {
          throw invalidField(
            'times.appointment',
            `The appointment (${local(at, stop)}) is in the past`,
          );
        }
        if ((early && at < new Date(early)) || (late && at > new Date(late))) {
          throw invalidField(
            'times.appointment',
            `The appointment (${local(at, stop)}) must fall within the window of stop ${stop.stopNumber}: ${early ? local(new Date(early), stop) : 'any time'} to ${late ? local(new Date(late), stop) : 'any time'}`,
          );
        }
        await assertWithinDockHours(tx, stop, at, 'times.appointment');
      }
      await tx
        .updateTable('shipmentStops')
        .set({ earlyAt: early, lateAt: late, appointmentAt: appointment })
        .where('id', '=', stop.id)
        .execute();
      const first = records.stops[0]!;
      const last = records.stops[records.stops.length - 1]!;
      const scheduled = appointment ?? early;
      const updated = await updateShipment(
        tx,
        shipment,
        {
          ...(stop.id === first.id ? { pickupAt: scheduled } : {}),
          ...(stop.id === last.id ? { deliveryAt: scheduled } : {}),
        },
        now,
      );
      await recordShipmentHistory(tx, {
        shipmentId: shipment.id,
        userId: caller.userId,
        action: 'AppointmentChanged',
        detail: {
          stopNumber: stop.stopNumber,
          appointment: appointment ? localDateTimeInZone(new Date(appointment), zone) : null,
          ...(times.early !== undefined
            ? { early: localDateTimeInZone(new Date(early!), zone) }
            : {}),
          ...(times.late !== undefined ? { late: localDateTimeInZone(new Date(late!), zone) } : {}),
          timeZone: zone,
        },
        occurredAt: now,
      });
      return { status: 200, body: await stopAnswer(tx, updated, stop.id) };
    },
  );
}

// ---- Arrivals and departures ----

/** The status the recorded stop events put a dispatched shipment in. */
function statusFromStops(stops: readonly ShipmentStopRow[]): ShipmentStatus {
  const last = stops[stops.length - 1]!;
  if (last.departedAt) return ShipmentStatus.Delivered;
  if (stops.some((stop) => stop.arrivedAt && !stop.departedAt)) return ShipmentStatus.AtStop;
  if (stops.some((stop) => stop.departedAt)) return ShipmentStatus.InTransit;
  return ShipmentStatus.Dispatched;
}

/** Stops in order, each departure after its arrival and before the next arrival, none skipped. */
function assertStopSequence(stops: readonly ShipmentStopRow[], changed: ShipmentStopRow) {
  stops.forEach((stop, index) => {
    const previous = stops[index - 1];
    if (stop.departedAt && !stop.arrivedAt) {
      throw conflict(`Record the arrival at stop ${stop.stopNumber} before its departure.`);
    }
    if (stop.arrivedAt && stop.departedAt && new Date(stop.departedAt) < new Date(stop.arrivedAt)) {
      throw invalidField(
        'departedAt',
        `The departure from stop ${stop.stopNumber} (${local(new Date(stop.departedAt), stop)}) is before its arrival (${local(new Date(stop.arrivedAt), stop)})`,
      );
    }
    if (stop.arrivedAt && previous) {
      if (!previous.departedAt) {
        throw conflict(
          `Stop ${previous.stopNumber} has no departure yet: record it before arriving at stop ${stop.stopNumber}.`,
        );
      }
      if (new Date(stop.arrivedAt) < new Date(previous.departedAt)) {
        const field = stop.id === changed.id ? 'arrivedAt' : 'departedAt';
        throw invalidField(
          field,
          `The arrival at stop ${stop.stopNumber} (${local(new Date(stop.arrivedAt), stop)}) is before the departure from stop ${previous.stopNumber} (${local(new Date(previous.departedAt), previous)})`,
        );
      }
    }
  });
}

const RECORDABLE: readonly ShipmentStatus[] = [
  ShipmentStatus.Dispatched,
  ShipmentStatus.InTransit,
  ShipmentStatus.AtStop,
  ShipmentStatus.Delivered,
];

/**
 * PATCH .../stops/{stopId}/arrival_and_departure: records (or corrects) a stop's arrival and
 * departure and the package counts loaded or unloaded there, and moves the shipment along: an arrival
 * makes it At Stop, a departure In Transit, the last departure Delivered.
 */
export function recordStopEvents(
  ctx: AppContext,
  caller: Caller,
  id: string,
  stopId: string,
  body: ArrivalDepartureBody,
  request: IdempotentRequest,
) {
  if (
    body.arrivedAt === undefined &&
    body.departedAt === undefined &&
    body.confirmedTrackingLineItems === undefined
  ) {
    throw invalidField('arrivedAt', 'Send arrivedAt, departedAt or confirmedTrackingLineItems');
  }
  return onShipment<StopAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.RecordStopEvents,
    request,
    async (tx, shipment, actor) => {
      const status = shipment.status as ShipmentStatus;
      if (status === ShipmentStatus.Booked) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is not dispatched yet: assign its driver and equipment before recording arrivals.`,
        );
      }
      if (!RECORDABLE.includes(status)) {
        throw conflict(
          `Arrivals and departures cannot be recorded on a shipment that is ${statusName(status)}.`,
        );
      }
      const records = await loadStopRecords(tx, shipment, { forUpdate: true });
      const original = findStop(records, stopId);
      const zone = original.ianaTimezone;
      const now = new Date();
      const arrivedAt =
        body.arrivedAt !== undefined
          ? parseReportedTime(body.arrivedAt, zone, 'arrivedAt')
          : undefined;
      const departedAt =
        body.departedAt !== undefined
          ? parseReportedTime(body.departedAt, zone, 'departedAt')
          : undefined;
      if (arrivedAt) assertNotInFuture(arrivedAt, 'arrivedAt', now);
      if (departedAt) assertNotInFuture(departedAt, 'departedAt', now);
      if (
        status === ShipmentStatus.Delivered &&
        ((arrivedAt && !original.arrivedAt) || (departedAt && !original.departedAt))
      ) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is delivered; only recorded times can be corrected.`,
        );
      }

      const changed: ShipmentStopRow = {
        ...original,
        ...(arrivedAt ? { arrivedAt } : {}),
        ...(departedAt ? { departedAt } : {}),
      };
      const stops = records.stops.map((stop) => (stop.id === original.id ? changed : stop));
      assertStopSequence(stops, changed);

      // Package counts: only for items loaded or unloaded here, never more than were ordered (pickup)
      // or loaded (delivery), and only once the truck is there.
      const confirmations = body.confirmedTrackingLineItems ?? [];
      if (confirmations.length > 0 && !changed.arrivedAt) {
        throw conflict(
          `Record the arrival at stop ${changed.stopNumber} before confirming its package counts.`,
        );
      }
      const here = lineItemsAtStop(records, changed);
      confirmations.forEach((confirmation, index) => {
        const field = `confirmedTrackingLineItems[${index}]`;
        const entry = here.find(({ item }) => item.id === confirmation.id);
        if (!entry) {
          throw invalidField(
            `${field}.id`,
            `${field}.id is not loaded or unloaded at stop ${changed.stopNumber}`,
          );
        }
        const { item, role } = entry;
        if (role === 'pickup') {
          if (confirmation.confirmedPackageCount > item.packageCount) {
            throw invalidField(
              `${field}.confirmedPackageCount`,
              `${confirmation.confirmedPackageCount} packages of ${item.description} is more than the ${item.packageCount} ordered`,
            );
          }
          const delivered = records.confirmations.find(
            (row) =>
              row.orderLineItemId === item.id &&
              records.stops.find((stop) => stop.id === row.shipmentStopId)?.orderStopId ===
                item.deliveryStopId,
          );
          if (delivered && delivered.confirmedPackageCount > confirmation.confirmedPackageCount) {
            throw invalidField(
              `${field}.confirmedPackageCount`,
              `${delivered.confirmedPackageCount} packages of ${item.description} were already delivered; fewer cannot have been loaded`,
            );
          }
        } else {
          const pickupStop = records.stops.find((stop) => stop.orderStopId === item.pickupStopId);
          const loaded =
            records.confirmations.find(
              (row) => row.orderLineItemId === item.id && row.shipmentStopId === pickupStop?.id,
            )?.confirmedPackageCount ?? item.packageCount;
          if (confirmation.confirmedPackageCount > loaded) {
            throw invalidField(
              `${field}.confirmedPackageCount`,
              `${confirmation.confirmedPackageCount} packages of ${item.description} is more than the ${loaded} loaded at stop ${pickupStop?.stopNumber ?? '?'}`,
            );
          }
        }
      });

      // Everything checked: write the stop, the counts, the tracking and the status.
      await tx
        .updateTable('shipmentStops')
        .set({ arrivedAt: changed.arrivedAt, departedAt: changed.departedAt })
        .where('id', '=', original.id)
        .execute();
      for (const confirmation of confirmations) {
        await tx
          .insertInto('stopLineItemConfirmations')
          .values({
            shipmentStopId: original.id,
            orderLineItemId: confirmation.id,
            shipmentId: shipment.id,
            confirmedPackageCount: confirmation.confirmedPackageCount,
            confirmedAt: now,
          })
          .onConflict((oc) =>
            oc.columns(['shipmentStopId', 'orderLineItemId']).doUpdateSet({
              confirmedPackageCount: confirmation.confirmedPackageCount,
              confirmedAt: now,
            }),
          )
          .execute();
      }

      const source = actor === 'driver' ? 'Driver App' : 'Portal';
      const isLast = original.id === records.stops[records.stops.length - 1]!.id;
      const piecesMoved = () => {
        const counted = here.map(
          ({ item }) =>
            confirmations.find((row) => row.id === item.id)?.confirmedPackageCount ??
            records.confirmations.find(
              (row) => row.orderLineItemId === item.id && row.shipmentStopId === original.id,
            )?.confirmedPackageCount ??
            item.packageCount,
        );
        return counted.reduce((sum, count) => sum + count, 0);
      };
      let current = shipment;
      const afterArrival = records.stops.map((stop) =>
        stop.id === original.id ? { ...original, arrivedAt: changed.arrivedAt } : stop,
      );
      if (arrivedAt) {
        await insertActivity(tx, {
          shipmentId: shipment.id,
          shipmentStopId: original.id,
          activityType: TrackingActivityType.Arrived,
          occurredAt: arrivedAt,
          city: original.city,
          state: original.state,
          latitude: original.latitude,
          longitude: original.longitude,
          note: `Arrived at ${original.locationName}${original.arrivedAt ? ' (corrected)' : ''}`,
          source,
          createdBy: caller.userId,
        });
        await recordShipmentHistory(tx, {
          shipmentId: shipment.id,
          userId: caller.userId,
          action: 'ArrivalRecorded',
          detail: {
            stopNumber: original.stopNumber,
            arrivedAt: localDateTimeInZone(arrivedAt, zone),
            timeZone: zone,
            ...(original.arrivedAt ? { corrected: true } : {}),
          },
          occurredAt: now,
        });
        current = await moveTo(
          tx,
          current,
          statusFromStops(afterArrival),
          ShipmentAction.Arrive,
          actor,
          caller,
          now,
        );
      }
      if (departedAt) {
        await insertActivity(tx, {
          shipmentId: shipment.id,
          shipmentStopId: original.id,
          activityType: isLast ? TrackingActivityType.Delivered : TrackingActivityType.Departed,
          occurredAt: departedAt,
          city: original.city,
          state: original.state,
          latitude: original.latitude,
          longitude: original.longitude,
          note: `${original.stopType === 'Pickup' ? 'Loaded' : 'Unloaded'} ${piecesMoved()} pieces${original.departedAt ? ' (corrected)' : ''}`,
          source,
          createdBy: caller.userId,
        });
        await recordShipmentHistory(tx, {
          shipmentId: shipment.id,
          userId: caller.userId,
          action: 'DepartureRecorded',
          detail: {
            stopNumber: original.stopNumber,
            departedAt: localDateTimeInZone(departedAt, zone),
            timeZone: zone,
            ...(original.departedAt ? { corrected: true } : {}),
          },
          occurredAt: now,
        });
        current = await moveTo(
          tx,
          current,
          statusFromStops(stops),
          ShipmentAction.Depart,
          actor,
          caller,
          now,
          {
            ...(isLast ? { deliveredAt: departedAt } : {}),
          },
        );
      }
      const latestEvent = [departedAt, arrivedAt].filter((value): value is Date => !!value)[0];
      current = await updateShipment(
        tx,
        current,
        {
          isOnTime: isShipmentOnTime(
            stops.map((stop) => ({
              arrivedAt: stop.arrivedAt ? new Date(stop.arrivedAt) : null,
              lateAt: stop.lateAt ? new Date(stop.lateAt) : null,
            })),
          ),
          ...(latestEvent &&
          current.status >= ShipmentStatus.Dispatched &&
          current.status <= ShipmentStatus.AtStop
            ? { nextUpdateDueAt: laterDue(current, latestEvent) }
            : {}),
        },
        now,
      );
      return { status: 200, body: await stopAnswer(tx, current, original.id) };
    },
  );
}

async function moveTo(
  tx: Tx,
  shipment: ShipmentRow,
  target: ShipmentStatus,
  action: ShipmentAction,
  actor: ShipmentActor,
  caller: Caller,
  now: Date,
  set: Updateable<Shipments> = {},
): Promise<ShipmentRow> {
  if (shipment.status === target) return shipment;
  return transitionShipment(tx, shipment, {
    action,
    actor,
    to: target,
    userId: caller.userId,
    now,
    set,
  });
}

// ---- Preload ----

export function setStopPreload(
  ctx: AppContext,
  caller: Caller,
  id: string,
  stopId: string,
  body: PreloadBody,
  request: IdempotentRequest,
) {
  return onShipment<StopAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.SetStopPreload,
    request,
    async (tx, shipment) => {
      const status = shipment.status as ShipmentStatus;
      if (status < ShipmentStatus.Booked || status > ShipmentStatus.AtStop) {
        throw conflict(
          `A stop can be marked preloaded from booking until delivery; this shipment is ${statusName(status)}.`,
        );
      }
      const records = await loadStopRecords(tx, shipment, { forUpdate: true });
      const stop = findStop(records, stopId);
      if (stop.stopType !== 'Pickup') {
        throw invalidField(
          'isPreloaded',
          `Stop ${stop.stopNumber} is a delivery; only a pickup can be preloaded`,
        );
      }
      if (stop.arrivedAt) {
        throw conflict(
          `The truck already arrived at stop ${stop.stopNumber}; preloading no longer applies.`,
        );
      }
      const now = new Date();
      let updated = shipment;
      if (stop.isPreloaded !== body.isPreloaded) {
        await tx
          .updateTable('shipmentStops')
          .set({ isPreloaded: body.isPreloaded })
          .where('id', '=', stop.id)
          .execute();
        await recordShipmentHistory(tx, {
          shipmentId: shipment.id,
          userId: caller.userId,
          action: 'StopPreloadChanged',
          detail: { stopNumber: stop.stopNumber, isPreloaded: body.isPreloaded },
          occurredAt: now,
        });
        updated = await updateShipment(tx, shipment, {}, now);
      }
      return { status: 200, body: await stopAnswer(tx, updated, stop.id) };
    },
  );
}

// ---- Quick closure ----

/**
 * PATCH .../quick_closure: closes every stop still open at its scheduled time (appointment, else the
 * window's start; never before the stop before it) and delivers the shipment. Only once the last stop
 * is due; the shipment is flagged quick-closed, and its on-time verdict rests on reported arrivals only.
 */
export function quickClose(
  ctx: AppContext,
  caller: Caller,
  id: string,
  request: IdempotentRequest,
) {
  return onShipment<QuickClosureAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.RecordStopEvents,
    request,
    async (tx, shipment, actor) => {
      assertTransition(shipment, {
        action: ShipmentAction.QuickClose,
        actor,
        to: ShipmentStatus.Delivered,
      });
      const records = await loadStopRecords(tx, shipment, { forUpdate: true });
      const now = new Date();
      const last = records.stops[records.stops.length - 1]!;
      const lastDue = last.appointmentAt ?? last.earlyAt ?? last.lateAt;
      if (!lastDue || new Date(lastDue) > now) {
        throw conflict(
          `Stop ${last.stopNumber} is not due until ${lastDue ? local(new Date(lastDue), last) : 'it is scheduled'}: record its arrival and departure as they happen.`,
        );
      }
      const onTime = isShipmentOnTime(
        records.stops.map((stop) => ({
          arrivedAt: stop.arrivedAt ? new Date(stop.arrivedAt) : null,
          lateAt: stop.lateAt ? new Date(stop.lateAt) : null,
        })),
      );
      const closed: number[] = [];
      let previousDeparture: Date | null = null;
      for (const stop of records.stops) {
        const scheduled = new Date(stop.appointmentAt ?? stop.earlyAt ?? stop.lateAt ?? now);
        const arrived: Date = stop.arrivedAt
          ? new Date(stop.arrivedAt)
          : previousDeparture && previousDeparture > scheduled
            ? previousDeparture
            : scheduled;
        const departed: Date = stop.departedAt ? new Date(stop.departedAt) : arrived;
        if (!stop.arrivedAt || !stop.departedAt) {
          closed.push(stop.stopNumber);
          await tx
            .updateTable('shipmentStops')
            .set({ arrivedAt: arrived, departedAt: departed })
            .where('id', '=', stop.id)
            .execute();
          for (const [type, at, done] of [
            [TrackingActivityType.Arrived, arrived, stop.arrivedAt],
            [
              stop.id === last.id ? TrackingActivityType.Delivered : TrackingActivityType.Departed,
              departed,
              stop.departedAt,
            ],
          ] as const) {
            if (done) continue;
            await insertActivity(tx, {
              shipmentId: shipment.id,
              shipmentStopId: stop.id,
              activityType: type,
              occurredAt: at,
              city: stop.city,
              state: stop.state,
              latitude: stop.latitude,
              longitude: stop.longitude,
              note: 'Closed by quick closure at the scheduled time',
              source: 'Quick Closure',
              createdBy: caller.userId,
            });
          }
        }
        previousDeparture = departed;
      }
      const updated = await transitionShipment(tx, shipment, {
        action: ShipmentAction.QuickClose,
        actor,
        to: ShipmentStatus.Delivered,
        userId: caller.userId,
        detail: { closedStops: closed },
        set: { isQuickClosed: true, isOnTime: onTime, deliveredAt: previousDeparture ?? now },
        now,
      });
      return {
        status: 200,
        body: {
          data: {
            status: statusValue(updated.status),
            version: updated.version,
            closedStops: closed,
          },
        },
      };
    },
  );
}
