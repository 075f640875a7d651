import type {
  FleetListQuery,
  FleetPowerUnit,
  FleetPowerUnitBody,
  FleetPowerUnitPage,
  FleetTrailer,
  FleetTrailerBody,
  FleetTrailerPage,
  TrailerListQuery,
  TrailerPhotoBody,
} from '@portal/contract';
import {
  DocumentType,
  EntityType,
  EQUIPMENT_MESSAGES,
  EQUIPMENT_TYPE_DISPLAY_NAMES,
  isEquipmentType,
  isValidVin,
  type EquipmentType,
} from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { savePicture } from '../../shared/documents/picture';
import { conflict, invalidField, notFound } from '../../shared/http/errors';
import { requiredVersion, staleVersion } from '../../shared/http/versions';
import * as repository from './repository';
import type { PowerUnitRow, TrailerRow } from './repository';

// A carrier's own trailers and power units (decision 120): listed by tab, created, edited and
// retired. A retired unit keeps its row, since shipments still name it, and leaves the dispatch
// searches.

function presentTrailer(row: TrailerRow): FleetTrailer {
  return {
    id: row.id,
    trailerNumber: row.trailerNumber,
    equipmentType: {
      value: row.equipmentType,
      displayName: EQUIPMENT_TYPE_DISPLAY_NAMES[row.equipmentType as EquipmentType] ?? 'Unknown',
    },
    lengthFeet: row.lengthFeet,
    licensePlate: row.licensePlate,
    licenseState: row.licenseState,
    vin: row.vin,
    modelYear: row.modelYear,
    make: row.make,
    photoFileId: row.photoDocumentId,
    isActive: row.isActive,
    retiredAt: row.retiredAt?.toISOString() ?? null,
    version: row.version,
  };
}

function presentPowerUnit(row: PowerUnitRow): FleetPowerUnit {
  return {
    id: row.id,
    unitNumber: row.unitNumber,
    licensePlate: row.licensePlate,
    licenseState: row.licenseState,
    vin: row.vin,
    modelYear: row.modelYear,
    make: row.make,
    isActive: row.isActive,
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

/** The vehicle fields both kinds share, checked: a VIN of 17 characters, a year not in the future. */
function vehicleValues(body: FleetPowerUnitBody | FleetTrailerBody) {
  const vin = blankToNull(body.vin)?.toUpperCase() ?? null;
  if (vin !== null && !isValidVin(vin))
    throw invalidField('vin', 'A VIN is 17 letters and digits (never I, O or Q)');
  const nextYear = new Date().getUTCFullYear() + 1;
  if (body.modelYear != null && body.modelYear > nextYear)
    throw invalidField('modelYear', `The model year cannot be later than ${nextYear}`);
  return {
    licensePlate: blankToNull(body.licensePlate)?.toUpperCase() ?? null,
    licenseState: blankToNull(body.licenseState)?.toUpperCase() ?? null,
    vin,
    modelYear: body.modelYear ?? null,
    make: blankToNull(body.make),
  };
}

function trailerValues(body: FleetTrailerBody): repository.TrailerValues {
  if (!isEquipmentType(body.equipmentType))
    throw invalidField('equipmentType', 'equipmentType must be one equipment type bit value');
  const trailerNumber = body.trailerNumber.trim();
  if (trailerNumber === '') throw invalidField('trailerNumber', 'Enter the trailer number');
  return {
    trailerNumber,
    equipmentType: body.equipmentType,
    lengthFeet: body.lengthFeet ?? null,
    ...vehicleValues(body),
  };
}

function powerUnitValues(body: FleetPowerUnitBody): repository.PowerUnitValues {
  const unitNumber = body.unitNumber.trim();
  if (unitNumber === '') throw invalidField('unitNumber', 'Enter the unit number');
  return { unitNumber, ...vehicleValues(body) };
}

const paging = (query: FleetListQuery) => ({
  q: query.q,
  make: query.make,
  active: query.status !== 'retired',
  offset: (query.page - 1) * query.pageSize,
  limit: query.pageSize,
});

export async function listTrailers(
  ctx: AppContext,
  caller: Caller,
  query: TrailerListQuery,
): Promise<FleetTrailerPage> {
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    repository.listTrailers(tx, {
      companyId: caller.companyId,
      equipmentTypes: query.equipmentTypes,
      ...paging(query),
    }),
  );
  return { data: rows.map(presentTrailer), page: query.page, pageSize: query.pageSize, totalCount };
}

export async function listPowerUnits(
  ctx: AppContext,
  caller: Caller,
  query: FleetListQuery,
): Promise<FleetPowerUnitPage> {
  const { rows, totalCount } = await ctx.db.tenant(caller.scope, (tx) =>
    repository.listPowerUnits(tx, { companyId: caller.companyId, ...paging(query) }),
  );
  return {
    data: rows.map(presentPowerUnit),
    page: query.page,
    pageSize: query.pageSize,
    totalCount,
  };
}

export async function getTrailer(ctx: AppContext, caller: Caller, id: string) {
  const row = await ctx.db.tenant(caller.scope, (tx) =>
    repository.findTrailer(tx, caller.companyId, id),
  );
  if (!row) throw notFound('Trailer');
  return presentTrailer(row);
}

export async function getPowerUnit(ctx: AppContext, caller: Caller, id: string) {
  const row = await ctx.db.tenant(caller.scope, (tx) =>
    repository.findPowerUnit(tx, caller.companyId, id),
  );
  if (!row) throw notFound('Power unit');
  return presentPowerUnit(row);
}

const duplicateTrailer = () =>
  conflict(EQUIPMENT_MESSAGES.duplicateTrailer, {
    trailerNumber: [EQUIPMENT_MESSAGES.duplicateTrailer],
  });
const duplicatePowerUnit = () =>
  conflict(EQUIPMENT_MESSAGES.duplicatePowerUnit, {
    unitNumber: [EQUIPMENT_MESSAGES.duplicatePowerUnit],
  });

export function createTrailer(ctx: AppContext, caller: Caller, body: FleetTrailerBody) {
  const values = trailerValues(body);
  return ctx.db.tenant(caller.scope, async (tx) => {
    if (await repository.trailerNumberTaken(tx, caller.companyId, values.trailerNumber))
      throw duplicateTrailer();
    return presentTrailer(await repository.insertTrailer(tx, caller.companyId, values));
  });
}

export function updateTrailer(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: FleetTrailerBody,
  ifMatch?: string | string[],
) {
  const values = trailerValues(body);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findTrailer(tx, caller.companyId, id, true);
    if (!row) throw notFound('Trailer');
    const version = requiredVersion(ifMatch, body.version, 'trailer');
    if (row.version !== version) throw staleVersion(EQUIPMENT_MESSAGES.staleTrailer);
    if (await repository.trailerNumberTaken(tx, caller.companyId, values.trailerNumber, id))
      throw duplicateTrailer();
    return presentTrailer((await repository.updateTrailer(tx, id, values, version))!);
  });
}

export function retireTrailer(ctx: AppContext, caller: Caller, id: string) {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findTrailer(tx, caller.companyId, id, true);
    if (!row) throw notFound('Trailer');
    if (!row.isActive) return presentTrailer(row);
    return presentTrailer(
      (await repository.updateTrailer(tx, id, { isActive: false, retiredAt: new Date() }))!,
    );
  });
}

/** The trailer's photo: document type Trailer Picture (98), a PNG or JPEG of at most 2 MB. */
export function saveTrailerPhoto(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: TrailerPhotoBody,
) {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findTrailer(tx, caller.companyId, id, true);
    if (!row) throw notFound('Trailer');
    const document = await savePicture(tx, ctx.documents, {
      companyId: caller.companyId,
      uploadedBy: caller.userId,
      name: body.name,
      data: body.data,
      fileType: DocumentType.TrailerPicture,
      entityType: EntityType.CARRIER,
      entityId: caller.companyId,
      entityDescription: `Trailer ${row.trailerNumber}`,
    });
    if (row.photoDocumentId) await repository.retireDocument(tx, row.photoDocumentId);
    return presentTrailer(
      (await repository.updateTrailer(tx, id, { photoDocumentId: document.id }))!,
    );
  });
}

export function createPowerUnit(ctx: AppContext, caller: Caller, body: FleetPowerUnitBody) {
  const values = powerUnitValues(body);
  return ctx.db.tenant(caller.scope, async (tx) => {
    if (await repository.unitNumberTaken(tx, caller.companyId, values.unitNumber))
      throw duplicatePowerUnit();
    return presentPowerUnit(await repository.insertPowerUnit(tx, caller.companyId, values));
  });
}

export function updatePowerUnit(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: FleetPowerUnitBody,
) {
  const values = powerUnitValues(body);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findPowerUnit(tx, caller.companyId, id, true);
    if (!row) throw notFound('Power unit');
    if (await repository.unitNumberTaken(tx, caller.companyId, values.unitNumber, id))
      throw duplicatePowerUnit();
    return presentPowerUnit(await repository.updatePowerUnit(tx, id, values));
  });
}

export function retirePowerUnit(ctx: AppContext, caller: Caller, id: string) {
  return ctx.db.tenant(caller.scope, async (tx) => {
    const row = await repository.findPowerUnit(tx, caller.companyId, id, true);
    if (!row) throw notFound('Power unit');
    if (!row.isActive) return presentPowerUnit(row);
    return presentPowerUnit(
      await repository.updatePowerUnit(tx, id, { isActive: false, retiredAt: new Date() }),
    );
  });
}
