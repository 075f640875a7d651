import {
  canadianFsa,
  isCanadianPostalCode,
  isShipmentActive,
  ShipmentStatus,
  shipmentStatusDisplayName,
  ShipmentTask,
  TrackingActivityType,
  usZip5,
} from '@portal/domain';
import type {
  EmptyLocation,
  EmptyLocationBody,
  ProblemBody,
  ProNumberAnswer,
  ProNumberBody,
  TrackingActivityAnswer,
  TrackingActivityBody,
  TrackingActivityList,
  TrackingProblemAnswer,
  TrackingProblemList,
} from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, invalidField, notFound } from '../../shared/http/errors';
import type { IdempotentRequest } from '../../shared/http/idempotency';
import { activityQuery, presentActivity } from '../../shared/shipments/activities';
import { withVisibleShipment, type ShipmentRow } from '../../shared/shipments/find-shipment';
import { recordShipmentHistory, updateShipment } from '../../shared/shipments/history';
import { iso, personName } from '../../shared/shipments/present';
import { assertNotInFuture, parseReportedTime } from '../../shared/shipments/reported-time';
import { assertShipmentVersion } from '../../shared/shipments/version';
import { laterDue, onShipment } from './on-shipment';
import * as repository from './repository';

const statusName = (status: number) => shipmentStatusDisplayName(status as ShipmentStatus);

/** From booking until delivery is confirmed, and never on a voided shipment. */
function assertCarrierStage(shipment: ShipmentRow, what: string) {
  if (shipment.status < ShipmentStatus.Booked) {
    throw conflict(`${what} once the shipment is booked; it is ${statusName(shipment.status)}.`);
  }
}

async function lookupPostalCode(tx: Tx, postalCode: string, field: string) {
  const code =
    isCanadianPostalCode(postalCode) || /^[A-Z]\d[A-Z]$/i.test(postalCode.trim())
      ? canadianFsa(postalCode)
      : usZip5(postalCode);
  const place = code ? await repository.postalPlace(tx, code) : undefined;
  if (!place)
    throw invalidField(field, `${field} is not a known US ZIP code or Canadian postal code`);
  return place;
}

// ---- PRO number ----

export function setProNumber(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: ProNumberBody,
  version: number | undefined,
  request: IdempotentRequest,
) {
  return onShipment<ProNumberAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.SetProNumber,
    request,
    async (tx, shipment) => {
      assertCarrierStage(shipment, 'A PRO number is set');
      assertShipmentVersion(shipment, version);
      const value = body.value?.trim() || null;
      const now = new Date();
      let updated = shipment;
      if (value !== shipment.shippingProNumber) {
        updated = await updateShipment(tx, shipment, { shippingProNumber: value }, now);
        await recordShipmentHistory(tx, {
          shipmentId: shipment.id,
          userId: caller.userId,
          action: 'ProNumberChanged',
          detail: { from: shipment.shippingProNumber, to: value },
          occurredAt: now,
        });
      }
      return {
        status: 200,
        body: { data: { shippingProNumber: updated.shippingProNumber, version: updated.version } },
      };
    },
  );
}

// ---- Empty location ----

function presentEmpty(shipment: ShipmentRow): EmptyLocation {
  return {
    data: {
      city: shipment.emptyLocationCity,
      state: shipment.emptyLocationState,
      postalCode: shipment.emptyLocationPostalCode,
      emptyAt: iso(shipment.emptyAt),
      version: shipment.version,
    },
  };
}

export function emptyLocation(ctx: AppContext, caller: Caller, id: string) {
  return withVisibleShipment(ctx, caller, id, async (_tx, shipment) => presentEmpty(shipment));
}

/** Where and when the truck is (or will be) empty after this load: what reloads are searched from. */
export function setEmptyLocation(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: EmptyLocationBody,
  version: number | undefined,
  request: IdempotentRequest,
) {
  return onShipment<EmptyLocation>(
    ctx,
    caller,
    id,
    ShipmentTask.SetEmptyLocation,
    request,
    async (tx, shipment) => {
      if (shipment.status < ShipmentStatus.Dispatched) {
        throw conflict(
          `The empty location is set once the shipment is dispatched; it is ${statusName(shipment.status)}.`,
        );
      }
      assertShipmentVersion(shipment, version);
      const place = await lookupPostalCode(tx, body.postalCode, 'postalCode');
      const emptyAt = parseReportedTime(
        body.emptyAt,
        place.ianaTimezone ?? 'America/Chicago',
        'emptyAt',
      );
      if (shipment.pickupAt && emptyAt < new Date(shipment.pickupAt)) {
        throw invalidField('emptyAt', 'emptyAt is before the pickup of this shipment');
      }
      const now = new Date();
      const updated = await updateShipment(
        tx,
        shipment,
        {
          emptyLocationCity: place.city,
          emptyLocationState: place.state,
          emptyLocationPostalCode: body.postalCode.trim().toUpperCase(),
          emptyAt,
        },
        now,
      );
      await recordShipmentHistory(tx, {
        shipmentId: shipment.id,
        userId: caller.userId,
        action: 'EmptyLocationChanged',
        detail: { city: place.city, state: place.state, emptyAt: emptyAt.toISOString() },
        occurredAt: now,
      });
      return { status: 200, body: presentEmpty(updated) };
    },
  );
}

// ---- Tracking activities ----

export function listActivities(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<TrackingActivityList> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    const rows = await activityQuery(tx, shipment.id).execute();
    return { data: rows.map(presentActivity) };
  });
}

/**
 * A location update (where the truck is: a postal code or coordinates) or a note. Location updates
 * are for active shipments and push the next update due four hours past the report.
 */
export function reportActivity(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: TrackingActivityBody,
  request: IdempotentRequest,
) {
  return onShipment<TrackingActivityAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.ReportTracking,
    request,
    async (tx, shipment) => {
      const now = new Date();
      const isLocation = body.activityType === TrackingActivityType.LocationUpdate;
      if (isLocation && !isShipmentActive(shipment.status as ShipmentStatus)) {
        throw conflict(
          `Location updates are for shipments on the way (Dispatched, In Transit, At Stop); this one is ${statusName(shipment.status)}.`,
        );
      }
      if (!isLocation) assertCarrierStage(shipment, 'Tracking notes are added');
      if (!isLocation && !body.note) throw invalidField('note', 'note is required for a note');
      let place: {
        city: string | null;
        state: string | null;
        latitude: number | null;
        longitude: number | null;
        zone: string;
      } = {
        city: null,
        state: null,
        latitude: null,
        longitude: null,
        zone: 'America/Chicago',
      };
      if (body.postalCode) {
        const code = await lookupPostalCode(tx, body.postalCode, 'postalCode');
        place = {
          city: code.city,
          state: code.state,
          latitude: code.latitude,
          longitude: code.longitude,
          zone: code.ianaTimezone ?? 'America/Chicago',
        };
      } else if (body.latitude !== undefined || body.longitude !== undefined) {
        if (body.latitude === undefined || body.longitude === undefined) {
          throw invalidField(
            body.latitude === undefined ? 'latitude' : 'longitude',
            'Send latitude and longitude together',
          );
        }
        const near = await repository.nearestPlace(tx, body.latitude, body.longitude);
        place = {
          city: near?.city ?? null,
          state: near?.state ?? null,
          latitude: body.latitude,
          longitude: body.longitude,
          zone: near?.ianaTimezone ?? 'America/Chicago',
        };
      } else if (isLocation) {
        throw invalidField(
          'postalCode',
          'A location update needs postalCode, or latitude and longitude',
        );
      }
      const occurredAt = body.occurredAt
        ? parseReportedTime(body.occurredAt, place.zone, 'occurredAt')
        : now;
      assertNotInFuture(occurredAt, 'occurredAt', now);
      const { id: activityId } = await repository.insertActivity(tx, {
        shipmentId: shipment.id,
        activityType: body.activityType,
        occurredAt,
        city: place.city,
        state: place.state,
        latitude: place.latitude,
        longitude: place.longitude,
        note: body.note ?? null,
        source: caller.driverId ? 'Driver App' : 'Portal',
        createdBy: caller.userId,
      });
      if (isLocation) {
        await tx
          .updateTable('shipments')
          .set({ nextUpdateDueAt: laterDue(shipment, occurredAt) })
          .where('id', '=', shipment.id)
          .execute();
      }
      const row = await activityQuery(tx, shipment.id)
        .where('activity.id', '=', activityId)
        .executeTakeFirstOrThrow();
      return { status: 201, body: { data: presentActivity(row) } };
    },
  );
}

// ---- Problems ----

type ProblemRow = Awaited<ReturnType<ReturnType<typeof repository.problemRows>['execute']>>[number];

function presentProblem(row: ProblemRow) {
  return {
    id: row.id,
    problemType: row.problemType,
    description: row.description,
    reportedAt: iso(row.reportedAt)!,
    reportedBy: row.reporterId
      ? {
          id: row.reporterId,
          name: personName({
            firstName: row.reporterFirstName ?? '',
            lastName: row.reporterLastName ?? '',
          }),
        }
      : null,
    resolvedAt: iso(row.resolvedAt),
  };
}

export function listProblems(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<TrackingProblemList> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => ({
    data: (await repository.problemRows(tx, shipment.id).execute()).map(presentProblem),
  }));
}

/** POST .../problems: a breakdown, weather, a shipper delay... reported from booking until delivery. */
export function reportProblem(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: ProblemBody,
  request: IdempotentRequest,
) {
  return onShipment<TrackingProblemAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.ReportProblems,
    request,
    async (tx, shipment) => {
      assertCarrierStage(shipment, 'Problems are reported');
      if (shipment.status === ShipmentStatus.DeliveryConfirmed) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is Delivery Confirmed; open an accessorial request instead.`,
        );
      }
      const now = new Date();
      const problem = await tx
        .insertInto('trackingProblems')
        .values({
          shipmentId: shipment.id,
          problemType: body.problemType,
          description: body.description.trim(),
          reportedBy: caller.userId,
          reportedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordShipmentHistory(tx, {
        shipmentId: shipment.id,
        userId: caller.userId,
        action: 'ProblemReported',
        detail: { problemType: body.problemType },
        occurredAt: now,
      });
      const row = await repository
        .problemRows(tx, shipment.id)
        .where('problem.id', '=', problem.id)
        .executeTakeFirstOrThrow();
      return { status: 201, body: { data: presentProblem(row) } };
    },
  );
}

export function resolveProblem(
  ctx: AppContext,
  caller: Caller,
  id: string,
  problemId: string,
  request: IdempotentRequest,
) {
  return onShipment<TrackingProblemAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.ResolveProblems,
    request,
    async (tx, shipment) => {
      const existing = await repository
        .problemRows(tx, shipment.id)
        .where('problem.id', '=', problemId)
        .executeTakeFirst();
      if (!existing) throw notFound('Problem');
      if (existing.resolvedAt) throw conflict('This problem is already resolved.');
      const now = new Date();
      await tx
        .updateTable('trackingProblems')
        .set({ resolvedAt: now })
        .where('id', '=', problemId)
        .execute();
      await recordShipmentHistory(tx, {
        shipmentId: shipment.id,
        userId: caller.userId,
        action: 'ProblemResolved',
        detail: { problemType: existing.problemType },
        occurredAt: now,
      });
      return { status: 200, body: { data: presentProblem({ ...existing, resolvedAt: now }) } };
    },
  );
}
