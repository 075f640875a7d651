import { LoadType, ShipmentStatus } from '@portal/domain';
import type {
  QuoteAnswer,
  QuoteBody,
  RateSearchBody,
  RatesQuery,
  UnifiedRate,
  UnifiedRatePage,
} from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { forbidden, invalidField, notFound } from '../../shared/http/errors';
import { LOAD_RATES_BROKERS_REFUSED } from '../../shared/load-board/brokers';
import { findPostalCode } from '../../shared/load-board/search';
import { rateAmountCents, rateFitsShipment } from '../../shared/shipments/booking';
import {
  findVisibleShipment,
  parseShipmentKey,
  type ShipmentRow,
} from '../../shared/shipments/find-shipment';
import { dollars } from '../../shared/shipments/present';
import { shipmentVisibility } from '../../shared/tenancy/shipment-visibility';
import { endsLaneMiles, laneMiles } from '../../shared/rates/lane-miles';
import * as repository from './repository';

function assertCarrier(caller: Caller) {
  if (caller.scope.kind !== 'carrier' || caller.driverId) {
    throw forbidden('Rates are searched by a carrier for itself');
  }
}

function laneName(rate: repository.RateRow): string {
  const origin = rate.originCity ? `${rate.originCity}, ${rate.originState}` : rate.originState;
  const destination = rate.destinationCity
    ? `${rate.destinationCity}, ${rate.destinationState}`
    : rate.destinationState;
  return `${origin} to ${destination}`;
}

function presentRate(
  rate: repository.RateRow,
  shipmentId: string | null,
  amountCents: number | null,
  carrierName?: string,
): UnifiedRate {
  return {
    id: rate.id,
    rateKind: rate.shippingMode === LoadType.LTL ? 'LTL' : 'ContractTL',
    shipmentId,
    rate: dollars(amountCents),
    rateType: rate.rateType,
    chargeRateType: rate.chargeRateType,
    rateSource: rate.rateSource,
    carrierId: rate.carrierCompanyId,
    ...(carrierName !== undefined ? { carrierName } : {}),
    quoteId: null,
    quoteNumber: null,
    price: null,
    markupTotal: null,
    isGuaranteedRate: rate.isGuaranteedRate,
    serviceLevelCode: rate.serviceLevel,
    serviceDays: rate.serviceDays,
    lane: laneName(rate),
    contractRate: dollars(Number(rate.rateCents)),
    effectiveFrom: rate.effectiveFrom,
    effectiveTo: rate.effectiveTo,
  };
}

function presentQuote(quote: repository.QuoteRow, shipment: ShipmentRow | null): UnifiedRate {
  const price = Number(quote.priceCents);
  const markup = Number(quote.markupTotalCents);
  return {
    id: quote.id,
    rateKind: 'SpotQuote',
    shipmentId: quote.shipmentId,
    rate: dollars(price - markup),
    rateType: 'Flat',
    chargeRateType: 'LineHaul',
    rateSource: 'Spot',
    carrierId: quote.carrierCompanyId ?? '',
    quoteId: quote.id,
    quoteNumber: quote.quoteNumber,
    price: dollars(price),
    markupTotal: dollars(markup),
    isGuaranteedRate: true,
    serviceLevelCode: 0,
    serviceDays: null,
    lane: shipment
      ? `${shipment.originCity}, ${shipment.originState} to ${shipment.destinationCity}, ${shipment.destinationState}`
      : 'Spot quote',
    contractRate: null,
    effectiveFrom: quote.effectiveDate,
    effectiveTo: quote.effectiveDate,
  };
}

/** Every rate the carrier can book one shipment at: fitting lane rates, then its spot quotes. */
async function ratesForShipment(
  tx: Tx,
  carrierCompanyId: string,
  shipment: ShipmentRow,
): Promise<UnifiedRate[]> {
  const lane = await repository.laneRates(
    tx,
    carrierCompanyId,
    shipment.originState,
    shipment.destinationState,
  );
  const fitting = lane
    .filter((rate) => rateFitsShipment(rate, shipment))
    .map((rate) => presentRate(rate, shipment.id, rateAmountCents(rate, shipment.totalMiles)));
  const quotes = await repository.quotesFor(tx, carrierCompanyId, [shipment.id]);
  return [...fitting, ...quotes.map((quote) => presentQuote(quote, shipment))];
}

/** Only the rates of one kind (contract TL, LTL or spot quote) when the search names one. */
function ofKind(rates: UnifiedRate[], rateKind: RatesQuery['rateKind']): UnifiedRate[] {
  return rateKind ? rates.filter((rate) => rate.rateKind === rateKind) : rates;
}

function page<T>(items: T[], pageNumber: number, pageSize: number) {
  const start = (pageNumber - 1) * pageSize;
  return {
    data: items.slice(start, start + pageSize),
    page: pageNumber,
    pageSize,
    totalCount: items.length,
  };
}

/**
 * A broker's own order (decision 210): the lane rates carriers hold for the broker that fit the
 * order's lane, equipment, mode and pickup day, cheapest first, each with its carrier's name. A
 * per-mile rate is priced by the lane's miles, as Book LTL order books it.
 */
async function ratesForOwnOrder(
  tx: Tx,
  customerCompanyId: string,
  orderId: string,
): Promise<UnifiedRate[]> {
  const order = await repository.ownOrderLane(tx, customerCompanyId, orderId);
  if (!order) throw notFound('Order');
  if (!order.originState || !order.destinationState) return [];
  const lane = {
    originState: order.originState,
    originCity: order.originCity ?? '',
    destinationState: order.destinationState,
    destinationCity: order.destinationCity ?? '',
    shippingMode: order.shippingMode,
    equipmentMode: order.equipmentMode,
    customerCompanyId,
    pickupAt: order.pickupAt,
  };
  const miles = endsLaneMiles(order);
  const rows = await repository.customerLaneRates(
    tx,
    customerCompanyId,
    order.originState,
    order.destinationState,
  );
  return rows
    .filter((rate) => rateFitsShipment(rate, lane))
    .map((rate) => ({ rate, cents: rateAmountCents(rate, miles) }))
    .sort((a, b) => (a.cents ?? Infinity) - (b.cents ?? Infinity))
    .map(({ rate, cents }) => presentRate(rate, null, cents, rate.carrierName));
}

/** GET api/v2/rates: the unified rates search by shipment (id or number) or by order. */
export async function searchRates(
  ctx: AppContext,
  caller: Caller,
  query: RatesQuery,
): Promise<UnifiedRatePage> {
  if (caller.isBroker && query.orderId && !query.shipmentId && !caller.driverId) {
    const orderId = query.orderId;
    const rates = await ctx.db.tenant(caller.scope, (tx) =>
      ratesForOwnOrder(tx, caller.companyId, orderId),
    );
    return page(ofKind(rates, query.rateKind), query.page, query.pageSize);
  }
  assertCarrier(caller);
  if (!query.shipmentId && !query.orderId) {
    throw invalidField('shipmentId', 'Search rates by shipmentId or orderId');
  }
  return ctx.db.tenant(caller.scope, async (tx) => {
    let shipments: ShipmentRow[];
    if (query.shipmentId) {
      shipments = [
        await findVisibleShipment(
          tx,
          caller.scope,
          parseShipmentKey(query.shipmentId, 'shipmentId'),
        ),
      ];
    } else {
      shipments = await tx
        .selectFrom('shipments')
        .selectAll('shipments')
        .where(shipmentVisibility(caller.scope))
        .where('shipments.orderId', '=', query.orderId!)
        .orderBy('shipments.shipmentNumber')
        .execute();
      if (shipments.length === 0) throw notFound('Order');
    }
    // After the lookup, so another company's load answers 404 to a broker as to anyone.
    if (caller.isBroker) throw forbidden(LOAD_RATES_BROKERS_REFUSED);
    const rates: UnifiedRate[] = [];
    for (const shipment of shipments)
      rates.push(...(await ratesForShipment(tx, caller.companyId, shipment)));
    return page(ofKind(rates, query.rateKind), query.page, query.pageSize);
  });
}

/** POST api/v2/rates/search: lane rates for stops and products not yet a shipment. */
export async function searchRatesByStops(
  ctx: AppContext,
  caller: Caller,
  body: RateSearchBody,
): Promise<UnifiedRatePage> {
  assertCarrier(caller);
  const firstPickup = body.stops.findIndex((stop) => stop.stopType === 'Pickup');
  const lastDelivery = body.stops.map((stop) => stop.stopType).lastIndexOf('Delivery');
  if (firstPickup < 0) throw invalidField('stops', 'The stops need a pickup');
  if (lastDelivery < 0) throw invalidField('stops', 'The stops need a delivery');
  return ctx.db.tenant(caller.scope, async (tx) => {
    const place = async (index: number) => {
      const found = await findPostalCode(tx, body.stops[index]!.postalCode);
      if (!found) {
        throw invalidField(
          `stops[${index}].postalCode`,
          `${body.stops[index]!.postalCode} is not a known ZIP or postal code`,
        );
      }
      return found;
    };
    const origin = await place(firstPickup);
    const destination = await place(lastDelivery);
    const pickupAt = body.pickupDate ? new Date(`${body.pickupDate}T12:00:00Z`) : new Date();
    const lane = {
      originState: origin.state,
      originCity: origin.city,
      destinationState: destination.state,
      destinationCity: destination.city,
      shippingMode: body.shippingMode,
      equipmentMode: body.equipmentMode,
      customerCompanyId: '',
      pickupAt,
    };
    const miles = laneMiles(origin, destination);
    const rates = (
      await repository.laneRates(tx, caller.companyId, origin.state, destination.state)
    )
      .filter((rate) => rateFitsShipment({ ...rate, customerCompanyId: null }, lane))
      .map((rate) => presentRate(rate, null, rateAmountCents(rate, miles)));
    return page(rates, body.page, body.pageSize);
  });
}

/**
 * POST api/v2/quotes: a carrier asks for a spot quote on a load it sees on the board. The quote is
 * the load's posted price for this carrier (decision 133), and the carrier books it as a SpotQuote.
 */
export async function createQuote(
  ctx: AppContext,
  caller: Caller,
  body: QuoteBody,
): Promise<QuoteAnswer> {
  assertCarrier(caller);
  const key = parseShipmentKey(body.shipmentId, 'shipmentId');
  return ctx.db.tenant(caller.scope, async (tx) => {
    const shipment = await findVisibleShipment(tx, caller.scope, key);
    if (shipment.status !== ShipmentStatus.ReadyToBook) {
      throw invalidField(
        'shipmentId',
        `Shipment ${shipment.shipmentNumber} is not on the load board`,
      );
    }
    const first = body.quoteStops[0]!;
    const last = body.quoteStops[body.quoteStops.length - 1]!;
    const same = (a: string, b: string) =>
      a.replace(/\s+/g, '').toUpperCase() === b.replace(/\s+/g, '').toUpperCase();
    if (first.stopType !== 'Pickup' || !same(first.postalCode, shipment.originPostalCode)) {
      throw invalidField(
        'quoteStops[0].postalCode',
        `The first stop must be the pickup at ${shipment.originPostalCode}`,
      );
    }
    const lastIndex = body.quoteStops.length - 1;
    if (last.stopType !== 'Delivery' || !same(last.postalCode, shipment.destinationPostalCode)) {
      throw invalidField(
        `quoteStops[${lastIndex}].postalCode`,
        `The last stop must be the delivery at ${shipment.destinationPostalCode}`,
      );
    }
    if (body.equipmentMode !== shipment.equipmentMode) {
      throw invalidField('equipmentMode', 'The equipment mode is not the load’s');
    }
    if (shipment.maxBuyCents === null) {
      throw invalidField(
        'shipmentId',
        `Shipment ${shipment.shipmentNumber} has no posted price to quote`,
      );
    }
    const quote = await repository.insertQuote(tx, {
      customerCompanyId: shipment.customerCompanyId,
      carrierCompanyId: caller.companyId,
      shipmentId: shipment.id,
      equipmentMode: body.equipmentMode,
      effectiveDate: body.effectiveDate,
      priceCents: Number(shipment.maxBuyCents),
      isHazmatRequired: body.isHazmatRequired,
      isTeamRequired: body.isTeamRequired,
      quoteStops: body.quoteStops.map((stop, index) => ({ stopNumber: index + 1, ...stop })),
    });
    return { data: presentQuote(quote, shipment) };
  });
}
