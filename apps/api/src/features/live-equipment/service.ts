import {
  equipmentDisplayNamesFromMask,
  isValidEquipmentMask,
  LOAD_BOARD_DEFAULT_RADIUS_MILES,
  loadBoardSearchString,
  stateToCode,
} from '@portal/domain';
import type {
  EquipmentPosting,
  EquipmentPostingAnswer,
  EquipmentPostingBody,
  EquipmentPostingList,
  LoadBoardPage,
} from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { forbidden, invalidField, notFound } from '../../shared/http/errors';
import { presentLoad } from '../../shared/load-board/present';
import {
  countLoadBoard,
  findPostalCode,
  searchLoadBoard,
  type LoadBoardFilters,
} from '../../shared/load-board/search';
import { iso } from '../../shared/shipments/present';
import * as repository from './repository';

/** A post without an end expires a day after the truck is available (decision 134). */
const DEFAULT_POSTING_HOURS = 24;

function assertCarrier(caller: Caller) {
  if (caller.scope.kind !== 'carrier' || caller.driverId) {
    throw forbidden('Live equipment belongs to a carrier');
  }
}

/** Loads a posted truck could take: near where it is empty, from when it is empty, its equipment. */
function postingFilters(posting: repository.PostingRow): LoadBoardFilters | null {
  if (posting.latitude === null || posting.longitude === null) return null;
  const point = { latitude: posting.latitude, longitude: posting.longitude };
  return {
    includePartials: false,
    withoutLiquor: false,
    origin: { points: [point], radiusMiles: LOAD_BOARD_DEFAULT_RADIUS_MILES },
    deadheadFrom: point,
    // A load picking up a little before the truck is empty is no use to it.
    pickupAfter: new Date(posting.availableFrom),
    equipmentTypes: posting.equipmentTypes,
    ...(posting.destinationLatitude !== null && posting.destinationLongitude !== null
      ? {
          destination: {
            points: [
              { latitude: posting.destinationLatitude, longitude: posting.destinationLongitude },
            ],
            radiusMiles: LOAD_BOARD_DEFAULT_RADIUS_MILES,
          },
        }
      : posting.destinationState
        ? {
            destination: {
              points: [],
              radiusMiles: LOAD_BOARD_DEFAULT_RADIUS_MILES,
              state: posting.destinationState,
            },
          }
        : {}),
  };
}

async function presentPosting(tx: Tx, posting: repository.PostingRow): Promise<EquipmentPosting> {
  const filters = postingFilters(posting);
  return {
    id: posting.id,
    equipmentTypes: posting.equipmentTypes,
    equipmentNames: equipmentDisplayNamesFromMask(posting.equipmentTypes),
    location: { city: posting.city, state: posting.state, postalCode: posting.postalCode },
    availableFrom: iso(posting.availableFrom)!,
    availableTo: iso(posting.availableTo),
    destination: posting.destinationState
      ? {
          city: posting.destinationCity,
          state: posting.destinationState,
          postalCode: posting.destinationPostalCode,
        }
      : null,
    note: posting.note,
    matchCount: filters ? await countLoadBoard(tx, filters) : 0,
    loadBoardSearch: loadBoardSearchString({
      originPostalCode: posting.postalCode,
      originLabel: `${posting.city}, ${posting.state}`,
      destinationPostalCode: posting.destinationPostalCode,
      destinationState: posting.destinationState,
      destinationLabel: posting.destinationCity
        ? `${posting.destinationCity}, ${posting.destinationState}`
        : posting.destinationState,
      equipmentTypes: posting.equipmentTypes,
      pickupFrom: iso(posting.availableFrom)!.slice(0, 10),
    }),
  };
}

export function listPostings(ctx: AppContext, caller: Caller): Promise<EquipmentPostingList> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const postings = await repository.activePostings(tx, caller.companyId, new Date());
    const data: EquipmentPosting[] = [];
    for (const posting of postings) data.push(await presentPosting(tx, posting));
    return { data };
  });
}

export function createPosting(
  ctx: AppContext,
  caller: Caller,
  body: EquipmentPostingBody,
): Promise<EquipmentPostingAnswer> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    if (!isValidEquipmentMask(body.equipmentTypes)) {
      throw invalidField(
        'equipmentTypes',
        `${body.equipmentTypes} holds bits that are not equipment types`,
      );
    }
    const where = await findPostalCode(tx, body.postalCode);
    if (!where)
      throw invalidField('postalCode', `${body.postalCode} is not a known ZIP or postal code`);
    const availableFrom = new Date(body.availableFrom);
    const availableTo = body.availableTo
      ? new Date(body.availableTo)
      : new Date(availableFrom.getTime() + DEFAULT_POSTING_HOURS * 3600 * 1000);
    if (availableTo <= availableFrom) {
      throw invalidField(
        'availableTo',
        'The truck must be available until after it is available from',
      );
    }
    if (availableTo <= new Date()) {
      throw invalidField('availableTo', 'This post would already have expired');
    }
    let destination = undefined as Awaited<ReturnType<typeof findPostalCode>>;
    if (body.destinationPostalCode) {
      destination = await findPostalCode(tx, body.destinationPostalCode);
      if (!destination) {
        throw invalidField(
          'destinationPostalCode',
          `${body.destinationPostalCode} is not a known ZIP or postal code`,
        );
      }
    }
    const destinationState =
      destination?.state ?? (body.destinationState ? stateToCode(body.destinationState) : null);
    if (body.destinationState && !destinationState) {
      throw invalidField(
        'destinationState',
        `${body.destinationState} is not a US state or Canadian province`,
      );
    }
    const posting = await repository.insertPosting(tx, {
      carrierCompanyId: caller.companyId,
      equipmentTypes: body.equipmentTypes,
      city: where.city,
      state: where.state,
      postalCode: where.postalCode,
      latitude: where.latitude,
      longitude: where.longitude,
      availableFrom,
      availableTo,
      destinationState: destinationState ?? null,
      destinationCity: destination?.city ?? null,
      destinationPostalCode: destination?.postalCode ?? null,
      destinationLatitude: destination?.latitude ?? null,
      destinationLongitude: destination?.longitude ?? null,
      note: body.note ?? null,
      createdBy: caller.userId,
    });
    return { data: await presentPosting(tx, posting) };
  });
}

export function deletePosting(ctx: AppContext, caller: Caller, postingId: string): Promise<void> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const posting = await repository.findPosting(tx, caller.companyId, postingId);
    if (!posting) throw notFound('Equipment posting');
    await repository.deletePosting(tx, posting.id);
  });
}

/** The loads a posted truck could take, nearest first (deadhead from where it is empty). */
export function postingMatches(
  ctx: AppContext,
  caller: Caller,
  postingId: string,
  page: { page: number; pageSize: number },
): Promise<LoadBoardPage> {
  assertCarrier(caller);
  return ctx.db.tenant(caller.scope, async (tx) => {
    const posting = await repository.findPosting(tx, caller.companyId, postingId);
    if (!posting) throw notFound('Equipment posting');
    const filters = postingFilters(posting);
    if (!filters) return { data: [], page: page.page, pageSize: page.pageSize, totalCount: 0 };
    const rows = await searchLoadBoard(tx, filters, 'deadhead', {
      limit: page.pageSize,
      offset: (page.page - 1) * page.pageSize,
    });
    return {
      data: rows.map(presentLoad),
      page: page.page,
      pageSize: page.pageSize,
      totalCount: rows[0] ? Number(rows[0].totalCount) : 0,
    };
  });
}
