import {
  DISPATCHABLE_STATUSES,
  MAX_DRIVERS_PER_SHIPMENT,
  ShipmentStatus,
  shipmentStatusDisplayName,
  ShipmentTask,
} from '@portal/domain';
import type {
  AssignDriverBody,
  AssignedDriverList,
  DriverAssignmentAnswer,
  DriverPage,
  DriverSearchQuery,
} from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, invalidField, notFound } from '../../shared/http/errors';
import type { IdempotentRequest } from '../../shared/http/idempotency';
import { withVisibleShipment, type ShipmentRow } from '../../shared/shipments/find-shipment';
import { recordShipmentHistory } from '../../shared/shipments/history';
import { iso, personName, statusValue } from '../../shared/shipments/present';
import { onShipment, settleDispatch } from './on-shipment';
import * as repository from './repository';
import { NotificationKind, notifyPeople } from '../../shared/notifications/notify';

const pictureUrl = (documentId: string | null) =>
  documentId ? `/api/v1/documents/${documentId}` : null;

function presentDriver(row: {
  id: string;
  firstName: string;
  lastName: string;
  loginEmail: string | null;
  profileDocumentId: string | null;
  primaryEmail: string | null;
  mobilePhoneNumber: string | null;
}) {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    name: personName(row),
    primaryEmail: row.primaryEmail ?? row.loginEmail,
    mobilePhoneNumber: row.mobilePhoneNumber,
    profilePictureURL: pictureUrl(row.profileDocumentId),
  };
}

async function driversOf(tx: Tx, shipmentId: string) {
  return (await repository.assignedDrivers(tx, shipmentId)).map((row) => ({
    ...presentDriver(row),
    isPrimary: row.isPrimary,
    assignedAt: iso(row.assignedAt)!,
  }));
}

export function listShipmentDrivers(
  ctx: AppContext,
  caller: Caller,
  id: string,
): Promise<AssignedDriverList> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => ({
    data: await driversOf(tx, shipment.id),
  }));
}

function assertDriversChangeable(shipment: ShipmentRow) {
  if (!DISPATCHABLE_STATUSES.includes(shipment.status as ShipmentStatus)) {
    throw conflict(
      `Drivers can change from booking until delivery; shipment ${shipment.shipmentNumber} is ${shipmentStatusDisplayName(shipment.status as ShipmentStatus)}.`,
    );
  }
}

/** Assigns a driver of the shipment's carrier; a Booked shipment that now has its driver and equipment is dispatched. */
export function assignDriver(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: AssignDriverBody,
  request: IdempotentRequest,
) {
  return onShipment<DriverAssignmentAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.AssignDrivers,
    request,
    async (tx, shipment, actor) => {
      assertDriversChangeable(shipment);
      const carrierId = shipment.carrierCompanyId!;
      const driver = await repository.findCarrierDriver(tx, carrierId, body.driverId);
      if (!driver) {
        throw invalidField(
          'driverId',
          'driverId is not a driver of the carrier hauling this shipment',
        );
      }
      const current = await repository.assignedDrivers(tx, shipment.id);
      const already = current.find((row) => row.id === driver.id);
      const makePrimary = body.isPrimary ?? (current.length === 0 || already?.isPrimary === true);
      if (!already && current.length >= MAX_DRIVERS_PER_SHIPMENT) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} already has ${MAX_DRIVERS_PER_SHIPMENT} drivers; remove one first.`,
        );
      }
      const now = new Date();
      if (makePrimary) {
        await tx
          .updateTable('shipmentDrivers')
          .set({ isPrimary: false })
          .where('shipmentId', '=', shipment.id)
          .where('driverId', '<>', driver.id)
          .execute();
      }
      if (already) {
        await tx
          .updateTable('shipmentDrivers')
          .set({ isPrimary: makePrimary })
          .where('shipmentId', '=', shipment.id)
          .where('driverId', '=', driver.id)
          .execute();
      } else {
        await tx
          .insertInto('shipmentDrivers')
          .values({
            shipmentId: shipment.id,
            driverId: driver.id,
            carrierCompanyId: carrierId,
            isPrimary: makePrimary,
            assignedAt: now,
            assignedBy: caller.userId,
          })
          .execute();
        await recordShipmentHistory(tx, {
          shipmentId: shipment.id,
          userId: caller.userId,
          action: 'DriverAssigned',
          detail: { driver: personName(driver), isPrimary: makePrimary },
          occurredAt: now,
        });
        if (driver.id !== caller.userId) {
          const lane = [shipment.originCity, shipment.destinationCity].every(Boolean)
            ? ` (${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState})`
            : '';
          await notifyPeople(tx, [{ id: driver.id, companyId: carrierId }], {
            kind: NotificationKind.ShipmentAssigned,
            title: `Assigned to shipment ${shipment.shipmentNumber}`,
            body: `${caller.firstName} ${caller.lastName} assigned you to shipment ${shipment.shipmentNumber}${lane}.`,
            link: `/all-shipments/${shipment.shipmentNumber}/preview/details`,
          });
        }
      }
      // A second primary among the others may not remain.
      const remaining = await repository.assignedDrivers(tx, shipment.id);
      if (!remaining.some((row) => row.isPrimary)) {
        await tx
          .updateTable('shipmentDrivers')
          .set({ isPrimary: true })
          .where('shipmentId', '=', shipment.id)
          .where('driverId', '=', remaining[0]!.id)
          .execute();
      }
      const updated = await settleDispatch(tx, shipment, actor, caller, now);
      return {
        status: 200,
        body: {
          data: await driversOf(tx, shipment.id),
          shipmentStatus: statusValue(updated.status),
          version: updated.version,
        },
      };
    },
  );
}

/** DELETE .../drivers/{driverId}: a dispatched shipment without drivers goes back to Booked. */
export function removeDriver(
  ctx: AppContext,
  caller: Caller,
  id: string,
  driverId: string,
  request: IdempotentRequest,
) {
  return onShipment<DriverAssignmentAnswer>(
    ctx,
    caller,
    id,
    ShipmentTask.AssignDrivers,
    request,
    async (tx, shipment, actor) => {
      const current = await repository.assignedDrivers(tx, shipment.id);
      const leaving = current.find((row) => row.id === driverId);
      if (!leaving) throw notFound('Driver');
      assertDriversChangeable(shipment);
      const onTheRoad =
        shipment.status === ShipmentStatus.InTransit || shipment.status === ShipmentStatus.AtStop;
      if (onTheRoad && current.length === 1) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is on the road and needs a driver: assign the replacement before removing ${personName(leaving)}.`,
        );
      }
      const now = new Date();
      await tx
        .deleteFrom('shipmentDrivers')
        .where('shipmentId', '=', shipment.id)
        .where('driverId', '=', driverId)
        .execute();
      const rest = current.filter((row) => row.id !== driverId);
      if (leaving.isPrimary && rest.length > 0) {
        await tx
          .updateTable('shipmentDrivers')
          .set({ isPrimary: true })
          .where('shipmentId', '=', shipment.id)
          .where('driverId', '=', rest[0]!.id)
          .execute();
      }
      await recordShipmentHistory(tx, {
        shipmentId: shipment.id,
        userId: caller.userId,
        action: 'DriverRemoved',
        detail: { driver: personName(leaving) },
        occurredAt: now,
      });
      const updated = await settleDispatch(tx, shipment, actor, caller, now);
      return {
        status: 200,
        body: {
          data: await driversOf(tx, shipment.id),
          shipmentStatus: statusValue(updated.status),
          version: updated.version,
        },
      };
    },
  );
}

/**
 * Driver search (companyId, q, page, pageSize 100): the drivers of the caller's company, or for the
 * operator of any carrier. Another company's id answers 404 like a missing one.
 */
export async function searchDrivers(
  ctx: AppContext,
  caller: Caller,
  query: DriverSearchQuery,
): Promise<DriverPage> {
  const companyId = query.companyId ?? caller.companyId;
  if (companyId !== caller.companyId && caller.scope.kind !== 'operator') throw notFound('Company');
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, async (tx) => {
    if (caller.scope.kind === 'operator') {
      const company = await tx
        .selectFrom('companies')
        .select('id')
        .where('id', '=', companyId)
        .executeTakeFirst();
      if (!company) throw notFound('Company');
    }
    return repository.searchDrivers(tx, companyId, {
      q: query.q,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    });
  });
  return {
    data: rows.map(presentDriver),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
  };
}
