import type { BookingRefusedAnswer, BookLtlOrderAnswer, BookLtlOrderBody } from '@portal/contract';
import {
  LOAD_TYPE_DISPLAY_NAMES,
  LoadType,
  OrderStatus,
  ShipmentActor,
  ShipmentStatus,
} from '@portal/domain';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, notFound } from '../../shared/http/errors';
import {
  runIdempotent,
  type IdempotentOutcome,
  type IdempotentRequest,
} from '../../shared/http/idempotency';
import { endsLaneMiles } from '../../shared/rates/lane-miles';
import { bookShipment, BookingRefused } from '../../shared/shipments/booking';
import { updateShipment } from '../../shared/shipments/history';
import { refusedAnswer } from '../../shared/shipments/booking-refusal';
import { statusValue } from '../../shared/shipments/present';
import { insertShipmentForOrders } from './consolidation-service';
import { findOrderRow, findOrderSummary } from './repository';
import { assertBroker, parseOrderKey } from './service';

// Book LTL order (spec section 7, decision 210): a broker books one of its open LTL orders at one of
// the LTL rates carriers hold for it on the order's lane. The order becomes its own shipment, booked
// to the rate's carrier at the rate through the one booking path (decision 130), in one transaction.

/** LTL rates apply to LTL and volume LTL freight (decision 130). */
const LTL_MODES: readonly number[] = [LoadType.LTL, LoadType.VLTL];

const rateNotFound = () =>
  new BookingRefused([{ code: 'rateNotFound', field: 'rateId', message: 'Rate not found.' }], 400);

/**
 * POST api/v2/orders/{orderNumber}/book_ltl: the order (locked, so of two bookings at once one
 * wins and the other finds it on a shipment) becomes a Ready to Book shipment of its own, which is
 * booked at once to the rate's carrier: origination TmsContract, maxBuy the rate plus 5 dollars,
 * and the rate the customer's rate too (it pays what it booked).
 * Any refusal rolls everything back, the shipment too. Idempotency-Key honoured.
 */
export async function bookLtlOrder(
  ctx: AppContext,
  caller: Caller,
  key: string,
  body: BookLtlOrderBody,
  request: IdempotentRequest,
): Promise<IdempotentOutcome<BookLtlOrderAnswer | BookingRefusedAnswer>> {
  assertBroker(caller);
  const parsed = parseOrderKey(key);
  try {
    return await runIdempotent<BookLtlOrderAnswer | BookingRefusedAnswer>(
      ctx,
      caller,
      request,
      async (tx) => {
        const order = await findOrderRow(tx, caller.companyId, parsed, { forUpdate: true });
        if (!order) throw notFound('Order');
        const row = (await findOrderSummary(tx, caller.companyId, { id: order.id }))!;
        if (row.shipmentNumber) {
          throw conflict(
            `Order ${order.orderNumber} is already on shipment ${row.shipmentNumber}; it cannot be booked again.`,
            { orderNumber: [`On shipment ${row.shipmentNumber}`] },
          );
        }
        if (order.status !== OrderStatus.Open) {
          throw conflict(
            `Order ${order.orderNumber} is ${order.status}; only an open order can be booked.`,
            { orderNumber: [`The order is ${order.status}`] },
          );
        }
        if (!LTL_MODES.includes(order.shippingMode)) {
          const mode = LOAD_TYPE_DISPLAY_NAMES[order.shippingMode as LoadType] ?? 'TL';
          throw conflict(
            `Order ${order.orderNumber} is a ${mode} order; only an LTL order is booked at an LTL rate.`,
            { orderNumber: [`The order is ${mode}, not LTL`] },
          );
        }

        // The rate must be one a carrier holds for this customer (row-level security says the same).
        const rate = await tx
          .selectFrom('rates')
          .innerJoin('companies', 'companies.id', 'rates.carrierCompanyId')
          .select(['rates.id', 'rates.carrierCompanyId', 'companies.name as carrierName'])
          .where('rates.id', '=', body.rateId)
          .where('rates.customerCompanyId', '=', caller.companyId)
          .executeTakeFirst();
        if (!rate) throw rateNotFound();

        const { shipment } = await insertShipmentForOrders(
          tx,
          caller,
          [{ row, customerCompanyId: order.customerCompanyId }],
          {
            status: ShipmentStatus.ReadyToBook,
            maxBuyCents: null,
            totalMiles: endsLaneMiles(row),
            action: 'BookLtlOrder',
          },
        );
        const booking = await bookShipment(tx, {
          scope: caller.scope,
          shipmentId: shipment.id,
          carrierCompanyId: rate.carrierCompanyId,
          rate: { kind: 'ltl', rateId: rate.id },
          actor: ShipmentActor.Customer,
          userId: caller.userId,
        });
        // The customer pays the rate it booked: it is the shipment's customer rate as well.
        const booked = await updateShipment(tx, booking.shipment, {
          customerRateCents: booking.carrierRateCents,
        });
        return {
          status: 201,
          body: {
            bookingSucceeded: true as const,
            data: {
              id: booked.id,
              shipmentNumber: booked.shipmentNumber,
              status: statusValue(booked.status),
              version: booked.version,
              orderNumber: order.orderNumber,
              carrierId: rate.carrierCompanyId,
              carrierName: rate.carrierName,
              carrierRate: booking.carrierRateCents / 100,
              maxBuy: booking.maxBuyCents / 100,
              originationType: 'TmsContract' as const,
            },
          },
        };
      },
    );
  } catch (error) {
    // A refusal rolls the transaction back (no shipment, the key not spent) and is answered.
    if (error instanceof BookingRefused) {
      return { status: error.status, body: refusedAnswer(error), replayed: false };
    }
    throw error;
  }
}
