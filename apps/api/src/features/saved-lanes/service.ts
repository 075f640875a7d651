import {
  equipmentDisplayNamesFromMask,
  isValidEquipmentMask,
  loadBoardSearchString,
  stateToCode,
} from '@portal/domain';
import type { SavedLane, SavedLaneAnswer, SavedLaneBody, SavedLaneList } from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { forbidden, invalidField, notFound } from '../../shared/http/errors';
import {
  countLoadBoard,
  findPostalCode,
  type LoadBoardFilters,
  type PostalPoint,
} from '../../shared/load-board/search';
import * as repository from './repository';

function assertCarrier(caller: Caller) {
  if (caller.scope.kind !== 'carrier' || caller.driverId) {
    throw forbidden('Saved lanes belong to a carrier');
  }
}

/** The load board filters a lane stands for (the same search its link opens). */
async function laneFilters(
  tx: Tx,
  lane: repository.SavedLaneRow,
): Promise<LoadBoardFilters | null> {
  const origin = lane.originPostalCode
    ? await findPostalCode(tx, lane.originPostalCode)
    : undefined;
  if (!origin) return null;
  const destination = lane.destinationPostalCode
    ? await findPostalCode(tx, lane.destinationPostalCode)
    : undefined;
  return {
    includePartials: false,
    withoutLiquor: false,
    origin: { points: [origin], radiusMiles: lane.originRadiusMiles },
    ...(destination
      ? { destination: { points: [destination], radiusMiles: lane.destinationRadiusMiles } }
      : lane.destinationState
        ? {
            destination: {
              points: [],
              radiusMiles: lane.destinationRadiusMiles,
              state: lane.destinationState,
            },
          }
        : {}),
    equipmentTypes: lane.equipmentTypes,
    ...(lane.minRateCents !== null ? { totalPriceMinCents: Number(lane.minRateCents) } : {}),
  };
}

async function presentLane(tx: Tx, lane: repository.SavedLaneRow): Promise<SavedLane> {
  const filters = await laneFilters(tx, lane);
  const originLabel = lane.originCity
    ? `${lane.originCity}, ${lane.originState}`
    : lane.originState;
  const destinationLabel = lane.destinationCity
    ? `${lane.destinationCity}, ${lane.destinationState}`
    : lane.destinationState;
  return {
    id: lane.id,
    origin: { city: lane.originCity, state: lane.originState, postalCode: lane.originPostalCode },
    originRadius: lane.originRadiusMiles,
    destination: lane.destinationState
      ? {
          city: lane.destinationCity,
          state: lane.destinationState,
          postalCode: lane.destinationPostalCode,
        }
      : null,
    destinationRadius: lane.destinationRadiusMiles,
    equipmentTypes: lane.equipmentTypes,
    equipmentNames: equipmentDisplayNamesFromMask(lane.equipmentTypes),
    minRate: lane.minRateCents === null ? null : Number(lane.minRateCents) / 100,
    matchCount: filters ? await countLoadBoard(tx, filters) : 0,
    loadBoardSearch: loadBoardSearchString({
      originPostalCode: lane.originPostalCode,
      originLabel,
      originRadius: lane.originRadiusMiles,
      destinationPostalCode: lane.destinationPostalCode,
      destinationState: lane.destinationState,
      destinationLabel,
      destinationRadius: lane.destinationRadiusMiles,
      equipmentTypes: lane.equipmentTypes,
      totalPriceMin: lane.minRateCents === null ? null : Number(lane.minRateCents) / 100,
    }),
    createdAt: new Date(lane.createdAt).toISOString(),
  };
}

/** Checks a lane's places and equipment, answering the columns to write; 400 names the field. */
async function laneColumns(tx: Tx, body: SavedLaneBody) {
  if (!isValidEquipmentMask(body.equipmentTypes)) {
    throw invalidField(
      'equipmentTypes',
      `${body.equipmentTypes} holds bits that are not equipment types`,
    );
  }
  const origin = await findPostalCode(tx, body.originPostalCode);
  if (!origin) {
    throw invalidField(
      'originPostalCode',
      `${body.originPostalCode} is not a known ZIP or postal code`,
    );
  }
  let destination: PostalPoint | undefined;
  if (body.destinationPostalCode) {
    destination = await findPostalCode(tx, body.destinationPostalCode);
    if (!destination) {
      throw invalidField(
        'destinationPostalCode',
        `${body.destinationPostalCode} is not a known ZIP or postal code`,
      );
    }
  }
  const destinationState = destination
    ? destination.state
    : body.destinationState
      ? stateToCode(body.destinationState)
      : null;
  if (body.destinationState && !destinationState) {
    throw invalidField(
      'destinationState',
      `${body.destinationState} is not a US state or Canadian province`,
    );
  }
  return {
    originCity: origin.city,
    originState: origin.state,
    originPostalCode: origin.postalCode,
    originRadiusMiles: body.originRadius,
    destinationCity: destination?.city ?? null,
    destinationState: destinationState ?? null,
    destinationPostalCode: destination?.postalCode ?? null,
    destinationRadiusMiles: body.destinationRadius,
    equipmentTypes: body.equipmentTypes,
    minRateCents:
      body.minRate === null || body.minRate === undefined ? null : Math.round(body.minRate * 100),
  };
}

export function listLanes(ctx: AppContext, caller: Caller): Promise<SavedLaneList> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const lanes = await repository.listLanes(tx, caller.companyId);
    const data: SavedLane[] = [];
    for (const lane of lanes) data.push(await presentLane(tx, lane));
    return { data };
  });
}

export function createLane(
  ctx: AppContext,
  caller: Caller,
  body: SavedLaneBody,
): Promise<SavedLaneAnswer> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const columns = await laneColumns(tx, body);
    const lane = await repository.insertLane(tx, {
      ...columns,
      companyId: caller.companyId,
      userId: caller.userId,
    });
    return { data: await presentLane(tx, lane) };
  });
}

export function updateLane(
  ctx: AppContext,
  caller: Caller,
  laneId: string,
  body: SavedLaneBody,
): Promise<SavedLaneAnswer> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const existing = await repository.findLane(tx, caller.companyId, laneId);
    if (!existing) throw notFound('Saved lane');
    const lane = await repository.updateLane(tx, existing.id, await laneColumns(tx, body));
    return { data: await presentLane(tx, lane) };
  });
}

export function deleteLane(ctx: AppContext, caller: Caller, laneId: string): Promise<void> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const existing = await repository.findLane(tx, caller.companyId, laneId);
    if (!existing) throw notFound('Saved lane');
    await repository.deleteLane(tx, existing.id);
  });
}
