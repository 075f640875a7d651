import {
  DISPATCHABLE_STATUSES,
  EQUIPMENT_LENGTHS_FEET,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  equipmentDisplayNamesFromMask,
  equipmentTypesFromMask,
  isEquipmentType,
  ShipmentStatus,
  shipmentStatusDisplayName,
  ShipmentTask,
  type EquipmentType,
} from '@portal/domain';
import type {
  EquipmentSearchQuery,
  LengthList,
  LengthSearchQuery,
  PowerUnitPage,
  SaveEquipmentBody,
  ShipmentEquipment,
  TrailerPage,
  TrailerSearchQuery,
} from '@portal/contract';
import type { Selectable } from 'kysely';
import type { Tx } from '../../db/database';
import type { PowerUnits, Trailers } from '../../db/schema.generated';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, invalidField } from '../../shared/http/errors';
import type { IdempotentRequest } from '../../shared/http/idempotency';
import { withVisibleShipment, type ShipmentRow } from '../../shared/shipments/find-shipment';
import { recordShipmentHistory } from '../../shared/shipments/history';
import { statusValue } from '../../shared/shipments/present';
import { assertShipmentVersion } from '../../shared/shipments/version';
import { needsTrailer, onShipment, settleDispatch } from './on-shipment';
import * as repository from './repository';

function presentTrailer(trailer: Selectable<Trailers>) {
  return {
    id: trailer.id,
    trailerNumber: trailer.trailerNumber,
    equipmentType: {
      value: trailer.equipmentType,
      displayName:
        EQUIPMENT_TYPE_DISPLAY_NAMES[trailer.equipmentType as EquipmentType] ?? 'Unknown',
    },
    lengthFeet: trailer.lengthFeet,
    licensePlate: trailer.licensePlate,
    licenseState: trailer.licenseState,
  };
}

function presentPowerUnit(unit: Selectable<PowerUnits>) {
  return {
    id: unit.id,
    unitNumber: unit.unitNumber,
    make: unit.make,
    modelYear: unit.modelYear,
    licensePlate: unit.licensePlate,
    licenseState: unit.licenseState,
  };
}

async function presentEquipment(tx: Tx, shipment: ShipmentRow): Promise<ShipmentEquipment> {
  const [trailer, powerUnit] = await Promise.all([
    shipment.trailerId
      ? tx
          .selectFrom('trailers')
          .selectAll()
          .where('id', '=', shipment.trailerId)
          .executeTakeFirst()
      : undefined,
    shipment.powerUnitId
      ? tx
          .selectFrom('powerUnits')
          .selectAll()
          .where('id', '=', shipment.powerUnitId)
          .executeTakeFirst()
      : undefined,
  ]);
  return {
    data: {
      version: shipment.version,
      shipmentStatus: statusValue(shipment.status),
      requiredEquipmentTypes: equipmentTypesFromMask(shipment.equipmentTypes).map((type) => ({
        value: type,
        displayName: EQUIPMENT_TYPE_DISPLAY_NAMES[type],
      })),
      requiredLengthFeet: shipment.equipmentLengthFeet,
      needsTrailer: needsTrailer(shipment),
      trailer: trailer ? presentTrailer(trailer) : null,
      powerUnit: powerUnit ? presentPowerUnit(powerUnit) : null,
    },
  };
}

export function shipmentEquipment(ctx: AppContext, caller: Caller, id: string) {
  return withVisibleShipment(ctx, caller, id, (tx, shipment) => presentEquipment(tx, shipment));
}

async function resolveTrailer(
  tx: Tx,
  shipment: ShipmentRow,
  body: SaveEquipmentBody,
): Promise<Selectable<Trailers> | null | undefined> {
  const carrierId = shipment.carrierCompanyId!;
  if (body.trailerId === null) return null;
  let trailer: Selectable<Trailers> | undefined;
  if (body.trailerId) {
    trailer = await repository.findTrailer(tx, carrierId, { id: body.trailerId });
    if (!trailer) {
      throw invalidField(
        'trailerId',
        'trailerId is not a trailer of the carrier hauling this shipment',
      );
    }
  } else if (body.trailerNumber) {
    const number = body.trailerNumber.trim();
    trailer = await repository.findTrailer(tx, carrierId, { number });
    if (!trailer) {
      // A trailer number not on file yet is added to the carrier's trailers.
      const type = body.trailerEquipmentType ?? equipmentTypesFromMask(shipment.equipmentTypes)[0];
      if (type === undefined || !isEquipmentType(type)) {
        throw invalidField(
          'trailerEquipmentType',
          'trailerEquipmentType must be one equipment type bit value',
        );
      }
      trailer = await tx
        .insertInto('trailers')
        .values({
          carrierCompanyId: carrierId,
          trailerNumber: number,
          equipmentType: type,
          lengthFeet: body.trailerLengthFeet ?? shipment.equipmentLengthFeet,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }
  } else {
    return undefined;
  }
  if (body.trailerLengthFeet !== undefined && body.trailerLengthFeet !== trailer.lengthFeet) {
    trailer = await tx
      .updateTable('trailers')
      .set({ lengthFeet: body.trailerLengthFeet })
      .where('id', '=', trailer.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  const field = body.trailerId ? 'trailerId' : 'trailerNumber';
  if ((trailer.equipmentType & shipment.equipmentTypes) === 0) {
    const has =
      EQUIPMENT_TYPE_DISPLAY_NAMES[trailer.equipmentType as EquipmentType] ?? 'other equipment';
    const wants = equipmentDisplayNamesFromMask(shipment.equipmentTypes).join(' or ');
    throw invalidField(
      field,
      `Trailer ${trailer.trailerNumber} is a ${has}; this load needs ${wants}`,
    );
  }
  if (
    shipment.equipmentLengthFeet !== null &&
    trailer.lengthFeet !== null &&
    trailer.lengthFeet < shipment.equipmentLengthFeet
  ) {
    throw invalidField(
      field,
      `Trailer ${trailer.trailerNumber} is ${trailer.lengthFeet} ft; this load needs ${shipment.equipmentLengthFeet} ft`,
    );
  }
  return trailer;
}

async function resolvePowerUnit(
  tx: Tx,
  shipment: ShipmentRow,
  body: SaveEquipmentBody,
): Promise<Selectable<PowerUnits> | null | undefined> {
  const carrierId = shipment.carrierCompanyId!;
  if (body.powerUnitId === null) return null;
  if (body.powerUnitId) {
    const unit = await repository.findPowerUnit(tx, carrierId, { id: body.powerUnitId });
    if (!unit) {
      throw invalidField(
        'powerUnitId',
        'powerUnitId is not a power unit of the carrier hauling this shipment',
      );
    }
    return unit;
  }
  if (body.powerUnitNumber) {
    const number = body.powerUnitNumber.trim();
    return (
      (await repository.findPowerUnit(tx, carrierId, { number })) ??
      (await tx
        .insertInto('powerUnits')
        .values({ carrierCompanyId: carrierId, unitNumber: number })
        .returningAll()
        .executeTakeFirstOrThrow())
    );
  }
  return undefined;
}

/**
 * Saves the trailer and power unit (by id from the searches, or by number, adding a number not on
 * file). The trailer must be of a type the load accepts and long enough. Completing the equipment of
 * a Booked shipment with a driver dispatches it.
 */
export function saveEquipment(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: SaveEquipmentBody,
  version: number | undefined,
  request: IdempotentRequest,
) {
  return onShipment<ShipmentEquipment>(
    ctx,
    caller,
    id,
    ShipmentTask.SaveEquipment,
    request,
    async (tx, shipment, actor) => {
      if (body.trailerId !== undefined && body.trailerNumber !== undefined) {
        throw invalidField('trailerNumber', 'Send trailerId or trailerNumber, not both');
      }
      if (body.powerUnitId !== undefined && body.powerUnitNumber !== undefined) {
        throw invalidField('powerUnitNumber', 'Send powerUnitId or powerUnitNumber, not both');
      }
      if (!DISPATCHABLE_STATUSES.includes(shipment.status as ShipmentStatus)) {
        throw conflict(
          `Equipment can change from booking until delivery; shipment ${shipment.shipmentNumber} is ${shipmentStatusDisplayName(shipment.status as ShipmentStatus)}.`,
        );
      }
      assertShipmentVersion(shipment, version);
      const [trailer, powerUnit] = [
        await resolveTrailer(tx, shipment, body),
        await resolvePowerUnit(tx, shipment, body),
      ];
      const onTheRoad =
        shipment.status === ShipmentStatus.InTransit || shipment.status === ShipmentStatus.AtStop;
      if (onTheRoad && (powerUnit === null || (trailer === null && needsTrailer(shipment)))) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is on the road: swap its ${powerUnit === null ? 'power unit' : 'trailer'} for another instead of removing it.`,
        );
      }
      const next: ShipmentRow = {
        ...shipment,
        ...(trailer !== undefined ? { trailerId: trailer?.id ?? null } : {}),
        ...(powerUnit !== undefined ? { powerUnitId: powerUnit?.id ?? null } : {}),
      };
      const now = new Date();
      if (next.trailerId !== shipment.trailerId || next.powerUnitId !== shipment.powerUnitId) {
        await tx
          .updateTable('shipments')
          .set({ trailerId: next.trailerId, powerUnitId: next.powerUnitId })
          .where('id', '=', shipment.id)
          .execute();
        await recordShipmentHistory(tx, {
          shipmentId: shipment.id,
          userId: caller.userId,
          action: 'EquipmentChanged',
          detail: {
            trailer: trailer === undefined ? 'unchanged' : (trailer?.trailerNumber ?? null),
            powerUnit: powerUnit === undefined ? 'unchanged' : (powerUnit?.unitNumber ?? null),
          },
          occurredAt: now,
        });
      }
      const updated = await settleDispatch(tx, next, actor, caller, now);
      return { status: 200, body: await presentEquipment(tx, updated) };
    },
  );
}

// ---- Searches for the dispatch screens ----

function carrierScope(caller: Caller): string[] {
  return caller.scope.kind === 'carrier' ? [caller.companyId] : [...caller.scope.carrierIds];
}

export async function searchTrailers(
  ctx: AppContext,
  caller: Caller,
  query: TrailerSearchQuery,
): Promise<TrailerPage> {
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    repository.searchTrailers(tx, carrierScope(caller), {
      q: query.q,
      equipmentTypes: query.equipmentTypes,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  );
  return { data: rows.map(presentTrailer), page: query.page, pageSize: query.pageSize, totalCount };
}

export async function searchPowerUnits(
  ctx: AppContext,
  caller: Caller,
  query: EquipmentSearchQuery,
): Promise<PowerUnitPage> {
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    repository.searchPowerUnits(tx, carrierScope(caller), {
      q: query.q,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
  );
  return {
    data: rows.map(presentPowerUnit),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
  };
}

/** Trailer lengths, matched on the digits typed ("4" gives 40, 45 and 48). */
export function searchLengths(query: LengthSearchQuery): LengthList {
  const typed = query.q?.trim() ?? '';
  return {
    data: EQUIPMENT_LENGTHS_FEET.filter((length) => String(length).startsWith(typed)).map(
      (lengthFeet) => ({ lengthFeet, displayName: `${lengthFeet} ft` }),
    ),
  };
}
