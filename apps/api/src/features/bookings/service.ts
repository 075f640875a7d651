import { ShipmentActor } from '@portal/domain';
import type { BookingAnswer, BookingRefusedAnswer, BookShipmentBody } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { forbidden } from '../../shared/http/errors';
import {
  runIdempotent,
  type IdempotentOutcome,
  type IdempotentRequest,
} from '../../shared/http/idempotency';
import { bookShipment, BookingRefused, type BookingRate } from '../../shared/shipments/booking';
import { refusedAnswer } from '../../shared/shipments/booking-refusal';
import { findVisibleShipment, parseShipmentKey } from '../../shared/shipments/find-shipment';
import { statusValue } from '../../shared/shipments/present';

function bookingRate(body: BookShipmentBody): BookingRate {
  switch (body.rateKind) {
    case 'ContractTL':
      return { kind: 'contractTL', rateId: body.rateId };
    case 'LTL':
      return { kind: 'ltl', rateId: body.rateId };
    case 'SpotQuote':
      return { kind: 'spotQuote', quoteId: body.rateId };
  }
}

/**
 * POST api/v2/shipments/{id}/book: the caller's carrier books a load it sees on the load board at one
 * of its rates. A retry with the same Idempotency-Key answers the first booking again.
 */
export async function bookForCaller(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: BookShipmentBody,
  request: IdempotentRequest,
): Promise<IdempotentOutcome<BookingAnswer | BookingRefusedAnswer>> {
  const key = parseShipmentKey(id);
  try {
    return await runIdempotent<BookingAnswer | BookingRefusedAnswer>(
      ctx,
      caller,
      request,
      async (tx) => {
        const visible = await findVisibleShipment(tx, caller.scope, key);
        // Only a carrier's own users book for it; brokers do not use the load board (decision 012).
        if (caller.scope.kind !== 'carrier' || caller.isBroker || caller.driverId) {
          throw forbidden('Only a carrier can book a load.');
        }
        const booking = await bookShipment(tx, {
          scope: caller.scope,
          shipmentId: visible.id,
          carrierCompanyId: caller.companyId,
          rate: bookingRate(body),
          actor: ShipmentActor.Carrier,
          userId: caller.userId,
        });
        const shipment = booking.shipment;
        return {
          status: 200,
          body: {
            bookingSucceeded: true as const,
            data: {
              id: shipment.id,
              shipmentNumber: shipment.shipmentNumber,
              status: statusValue(shipment.status),
              version: shipment.version,
              carrierRate: booking.carrierRateCents / 100,
              maxBuy: booking.maxBuyCents / 100,
              originationType: booking.origination,
              deliveryPostalCode: shipment.destinationPostalCode,
            },
          },
        };
      },
    );
  } catch (error) {
    // A refusal rolls the transaction back (nothing written, the key not spent) and is answered.
    if (error instanceof BookingRefused) {
      return { status: error.status, body: refusedAnswer(error), replayed: false };
    }
    throw error;
  }
}
