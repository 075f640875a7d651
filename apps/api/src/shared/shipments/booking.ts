import {
  doNotUseCarrierMessage,
  LoadType,
  MAX_BUY_MARGIN,
  raiseMaxBuyForBooking,
  ShipmentAction,
  type ShipmentActor,
  ShipmentOrigination,
  ShipmentStatus,
  shipmentStatusDisplayName,
} from '@portal/domain';
import type { Tx } from '../../db/database';
import type { TenantScope } from '../../db/tenancy';
import { shipmentVisibility } from '../tenancy/shipment-visibility';
import type { ShipmentRow } from './find-shipment';
import { transitionShipment } from './history';

// The one way a shipment becomes Booked for a carrier at a rate: the load board and Top Picks (a
// contract TL rate, an LTL rate or a spot quote), tender acceptance and rate-request awards (an
// amount agreed elsewhere). Every rule of booking lives here so the callers cannot drift apart.

/** What the carrier is booked at. */
export type BookingRate =
  /** A contract truckload rate of the carrier's (rates, shipping mode TL) on the shipment's lane. */
  | { kind: 'contractTL'; rateId: string }
  /** A less-than-truckload rate of the carrier's (rates, shipping mode LTL) on the shipment's lane. */
  | { kind: 'ltl'; rateId: string }
  /** A spot quote made for this shipment and this carrier. */
  | { kind: 'spotQuote'; quoteId: string }
  /**
   * An amount agreed elsewhere: the accepted tender's rate (origination TmsContract) or the awarded
   * rate request's offer (TmsSpot).
   */
  | {
      kind: 'amount';
      rateCents: number;
      origination: ShipmentOrigination;
      rateType?: string;
      chargeRateType?: string;
    };

export type BookingErrorCode =
  | 'carrierNotBookable'
  | 'carrierDoNotUse'
  | 'carrierOnHold'
  | 'notReadyToBook'
  | 'loadGone'
  | 'rateNotFound'
  | 'rateOfAnotherShipment'
  | 'rateNotPriced';

export interface BookingError {
  code: BookingErrorCode;
  /** The request field at fault (rateId, quoteId, shipmentId, carrier). */
  field: string;
  message: string;
}

/** A booking the rules refuse; the route answers bookingSucceeded false with every error. */
export class BookingRefused extends Error {
  constructor(
    readonly errors: readonly BookingError[],
    /** 409 for a load that moved on, 403 for a carrier that may not book, 400 for a wrong rate. */
    readonly status: 400 | 403 | 409,
  ) {
    super(errors.map((error) => error.message).join(' '));
    this.name = 'BookingRefused';
  }
}

export interface BookShipmentRequest {
  /** The caller's scope: the shipment is read and locked through it. */
  scope: TenantScope;
  /** The shipment as the caller found it (by number or id, visible to the caller). */
  shipmentId: string;
  /** The carrier being booked: the caller's company, or the tender's or rate request's carrier. */
  carrierCompanyId: string;
  rate: BookingRate;
  /**
   * Who books: a carrier user books for itself; the operator books for a carrier; a customer books
   * its own LTL order at a carrier's LTL rate (decision 210).
   */
  actor:
    typeof ShipmentActor.Carrier | typeof ShipmentActor.Operator | typeof ShipmentActor.Customer;
  userId: string;
  /**
   * book (Ready to Book -> Booked, the default) or acceptTender (Tendering -> Booked, the tenders
   * feature). A rate-request award is a book by the operator.
   */
  action?: typeof ShipmentAction.Book | typeof ShipmentAction.AcceptTender;
  now?: Date;
}

export interface Booking {
  shipment: ShipmentRow;
  carrierRateCents: number;
  maxBuyCents: number;
  origination: ShipmentOrigination;
}

/** Rates are in cents; the spec's margin of 5 is dollars. */
export const MAX_BUY_MARGIN_CENTS = MAX_BUY_MARGIN * 100;

/**
 * Books a shipment for a carrier at a rate, inside the caller's transaction (`tx` from
 * `ctx.db.tenant(caller.scope, ...)` or `runIdempotent`): status Booked through the state machine,
 * carrier and carrier rate set, origination TmsContract or TmsSpot, maxBuy unset or below the rate
 * raised to rate + 5 dollars, history written.
 *
 * The shipment row is locked first, so of two carriers booking one load at once exactly one wins;
 * the other waits for the lock, then finds the load gone. Refusals throw `BookingRefused` (carrier
 * not bookable, on hold or Do Not Use, load not Ready to Book or already taken, a rate that is not
 * this carrier's for this shipment) and nothing is written. The caller handles idempotency.
 *
 * Tender acceptance: call this (action acceptTender, rate kind amount, origination TmsContract)
 * while the carrier's tender is still Sent, then mark the tender Accepted in the same transaction:
 * a carrier sees a Tendering load only through its open tender, so the lock finds nothing once the
 * tender is no longer Sent. A rate-request award is the operator booking for the offering carrier
 * (actor operator, rate kind amount, origination TmsSpot) in the operator's scope.
 */
export async function bookShipment(tx: Tx, request: BookShipmentRequest): Promise<Booking> {
  const action = request.action ?? ShipmentAction.Book;
  const expectedStatus =
    action === ShipmentAction.AcceptTender ? ShipmentStatus.Tendering : ShipmentStatus.ReadyToBook;

  const carrier = await tx
    .selectFrom('companies')
    .select(['id', 'kind', 'isBookable', 'isOnHold', 'doNotUse', 'doNotUseContactEmail'])
    .where('id', '=', request.carrierCompanyId)
    .executeTakeFirst();
  const carrierErrors = carrierRefusals(carrier ?? null, await operatorEmail(tx));
  if (carrierErrors.length > 0) throw new BookingRefused(carrierErrors, 403);

  // Lock, then read what the lock protects: a rival's booking that committed meanwhile is seen here.
  const shipment = await tx
    .selectFrom('shipments')
    .selectAll('shipments')
    .where(shipmentVisibility(request.scope))
    .where('shipments.id', '=', request.shipmentId)
    .forUpdate()
    .executeTakeFirst();
  if (!shipment) throw loadGone('the load');
  if (shipment.status !== expectedStatus) {
    if (
      shipment.status === ShipmentStatus.Booked &&
      shipment.carrierCompanyId !== request.carrierCompanyId
    ) {
      throw loadGone(shipment.shipmentNumber);
    }
    throw new BookingRefused(
      [
        {
          code: 'notReadyToBook',
          field: 'shipmentId',
          message: `Shipment ${shipment.shipmentNumber} is ${shipmentStatusDisplayName(shipment.status as ShipmentStatus)}, not ${shipmentStatusDisplayName(expectedStatus)}; it cannot be booked.`,
        },
      ],
      409,
    );
  }

  const priced = await priceBooking(tx, shipment, request);
  const maxBuyCents = raiseMaxBuyForBooking(
    shipment.maxBuyCents === null ? null : Number(shipment.maxBuyCents),
    priced.rateCents,
    MAX_BUY_MARGIN_CENTS,
  );
  const now = request.now ?? new Date();
  const updated = await transitionShipment(tx, shipment, {
    action,
    actor: request.actor,
    to: ShipmentStatus.Booked,
    userId: request.userId,
    detail: {
      carrierCompanyId: request.carrierCompanyId,
      rate: (priced.rateCents / 100).toFixed(2),
      origination: priced.origination,
      rateKind: request.rate.kind,
    },
    set: {
      carrierCompanyId: request.carrierCompanyId,
      carrierRateCents: priced.rateCents,
      rateType: priced.rateType,
      chargeRateType: priced.chargeRateType,
      originationType: priced.origination,
      maxBuyCents,
      bookedAt: now,
    },
    now,
  });
  return {
    shipment: updated,
    carrierRateCents: priced.rateCents,
    maxBuyCents,
    origination: priced.origination,
  };
}

interface CarrierFacts {
  kind: string;
  isBookable: boolean;
  isOnHold: boolean;
  doNotUse: boolean;
  doNotUseContactEmail: string | null;
}

/** Why a carrier may not book at all; empty when it may. */
export function carrierRefusals(
  carrier: CarrierFacts | null,
  fallbackEmail: string,
): BookingError[] {
  if (!carrier || carrier.kind !== 'carrier') {
    return [
      { code: 'carrierNotBookable', field: 'carrier', message: 'Only a carrier can book a load.' },
    ];
  }
  const errors: BookingError[] = [];
  if (carrier.doNotUse) {
    errors.push({
      code: 'carrierDoNotUse',
      field: 'carrier',
      message: doNotUseCarrierMessage(carrier.doNotUseContactEmail ?? fallbackEmail),
    });
  }
  if (!carrier.isBookable) {
    errors.push({
      code: 'carrierNotBookable',
      field: 'carrier',
      message: 'Your company is not set up to book loads; please contact carrier sales.',
    });
  }
  if (carrier.isOnHold) {
    errors.push({
      code: 'carrierOnHold',
      field: 'carrier',
      message: 'Your company is on hold and cannot book loads; please contact carrier sales.',
    });
  }
  return errors;
}

/** Where a Do Not Use carrier is told to write when its own record names no one. */
async function operatorEmail(tx: Tx): Promise<string> {
  const row = await tx
    .selectFrom('users as u')
    .innerJoin('companies as c', 'c.id', 'u.companyId')
    .select('u.loginEmail')
    .where('c.kind', '=', 'operator')
    .where('u.loginEmail', 'is not', null)
    .orderBy('u.createdAt')
    .limit(1)
    .executeTakeFirst();
  return row?.loginEmail ?? 'carriersales@meridianfreight.example';
}

function loadGone(what: string): BookingRefused {
  return new BookingRefused(
    [
      {
        code: 'loadGone',
        field: 'shipmentId',
        message: `Sorry, ${what === 'the load' ? 'this load' : `load ${what}`} was just booked by another carrier and is no longer available.`,
      },
    ],
    409,
  );
}

interface PricedBooking {
  rateCents: number;
  origination: ShipmentOrigination;
  rateType: string;
  chargeRateType: string;
}

async function priceBooking(
  tx: Tx,
  shipment: ShipmentRow,
  request: BookShipmentRequest,
): Promise<PricedBooking> {
  const rate = request.rate;
  if (rate.kind === 'amount') {
    if (!Number.isInteger(rate.rateCents) || rate.rateCents <= 0) {
      throw wrongRate('rateNotPriced', 'rate', 'The rate must be a positive amount.');
    }
    return {
      rateCents: rate.rateCents,
      origination: rate.origination,
      rateType: rate.rateType ?? 'Flat',
      chargeRateType: rate.chargeRateType ?? 'LineHaul',
    };
  }
  if (rate.kind === 'spotQuote') {
    const quote = await tx
      .selectFrom('quotes')
      .selectAll()
      .where('id', '=', rate.quoteId)
      .where('carrierCompanyId', '=', request.carrierCompanyId)
      .executeTakeFirst();
    if (!quote) throw wrongRate('rateNotFound', 'quoteId', 'Spot quote not found.');
    if (quote.shipmentId !== shipment.id) {
      throw wrongRate(
        'rateOfAnotherShipment',
        'quoteId',
        `Spot quote ${quote.quoteNumber} is not for shipment ${shipment.shipmentNumber}.`,
      );
    }
    return {
      // The quote's price is what the customer pays; the carrier is paid it less the markup.
      rateCents: Number(quote.priceCents) - Number(quote.markupTotalCents),
      origination: ShipmentOrigination.TmsSpot,
      rateType: 'Flat',
      chargeRateType: 'LineHaul',
    };
  }
  const contract = await tx
    .selectFrom('rates')
    .selectAll()
    .where('id', '=', rate.rateId)
    .where('carrierCompanyId', '=', request.carrierCompanyId)
    .executeTakeFirst();
  if (!contract) throw wrongRate('rateNotFound', 'rateId', 'Rate not found.');
  const wantedMode = rate.kind === 'ltl' ? LoadType.LTL : LoadType.TL;
  if (contract.shippingMode !== wantedMode) {
    throw wrongRate(
      'rateOfAnotherShipment',
      'rateId',
      rate.kind === 'ltl'
        ? 'This rate is not an LTL rate.'
        : 'This rate is not a contract TL rate.',
    );
  }
  if (!rateFitsShipment(contract, shipment)) {
    throw wrongRate(
      'rateOfAnotherShipment',
      'rateId',
      `This rate (${laneName(contract)}) does not apply to shipment ${shipment.shipmentNumber}.`,
    );
  }
  const amount = rateAmountCents(contract, shipment.totalMiles);
  if (amount === null) {
    throw wrongRate(
      'rateNotPriced',
      'rateId',
      `A per-mile rate needs the shipment's miles, which shipment ${shipment.shipmentNumber} does not have.`,
    );
  }
  return {
    rateCents: amount,
    origination: ShipmentOrigination.TmsContract,
    rateType: contract.rateType,
    chargeRateType: contract.chargeRateType,
  };
}

export interface LaneRate {
  originState: string;
  originCity: string | null;
  destinationState: string;
  destinationCity: string | null;
  shippingMode: number;
  equipmentMode: number;
  customerCompanyId: string | null;
  effectiveFrom: Date | string;
  effectiveTo: Date | string | null;
  rateCents: number | string;
  rateType: string;
}

type LaneShipment = Pick<
  ShipmentRow,
  | 'originState'
  | 'originCity'
  | 'destinationState'
  | 'destinationCity'
  | 'shippingMode'
  | 'equipmentMode'
  | 'customerCompanyId'
  | 'pickupAt'
>;

const sameCity = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const day = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/**
 * A lane rate applies to a shipment when its origin and destination (state, and city when the rate
 * names one), equipment mode and customer (when it names one) match, and it is in effect on the
 * pickup day. LTL rates apply to LTL and VLTL loads.
 */
export function rateFitsShipment(rate: LaneRate, shipment: LaneShipment): boolean {
  if (rate.originState !== shipment.originState) return false;
  if (rate.destinationState !== shipment.destinationState) return false;
  if (rate.originCity && !sameCity(rate.originCity, shipment.originCity)) return false;
  if (rate.destinationCity && !sameCity(rate.destinationCity, shipment.destinationCity))
    return false;
  if (rate.equipmentMode !== shipment.equipmentMode) return false;
  if (rate.customerCompanyId && rate.customerCompanyId !== shipment.customerCompanyId) return false;
  const modes: number[] =
    rate.shippingMode === LoadType.LTL ? [LoadType.LTL, LoadType.VLTL] : [rate.shippingMode];
  if (!modes.includes(shipment.shippingMode)) return false;
  const pickup = day(shipment.pickupAt ?? new Date());
  if (day(rate.effectiveFrom) > pickup) return false;
  if (rate.effectiveTo && day(rate.effectiveTo) < pickup) return false;
  return true;
}

/** What a lane rate pays for a load: flat as it stands, per mile times the load's miles. */
export function rateAmountCents(
  rate: Pick<LaneRate, 'rateCents' | 'rateType'>,
  miles: number | null,
): number | null {
  const cents = Number(rate.rateCents);
  if (rate.rateType !== 'PerMile') return cents;
  if (miles === null || miles <= 0) return null;
  return Math.round(cents * miles);
}

function laneName(rate: LaneRate): string {
  const origin = rate.originCity ? `${rate.originCity}, ${rate.originState}` : rate.originState;
  const destination = rate.destinationCity
    ? `${rate.destinationCity}, ${rate.destinationState}`
    : rate.destinationState;
  return `${origin} to ${destination}`;
}

function wrongRate(code: BookingErrorCode, field: string, message: string): BookingRefused {
  return new BookingRefused([{ code, field, message }], 400);
}
