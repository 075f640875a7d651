import { isGuid } from '@portal/domain';
import type { ShipmentTrips, Trip, TripAnswer } from '@portal/contract';
import type { Tx } from '../../db/database';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { notFound } from '../../shared/http/errors';
import { withVisibleShipment } from '../../shared/shipments/find-shipment';
import { destinationOf, iso, originOf, statusValue } from '../../shared/shipments/present';
import { findTrip, tripShipments } from './repository';

// Trips: several of a carrier's loads run back to back by one truck (/all-shipments/trip/{tripId}).

async function presentTrip(
  tx: Tx,
  caller: Caller,
  trip: NonNullable<Awaited<ReturnType<typeof findTrip>>>,
): Promise<Trip> {
  const shipments = await tripShipments(tx, caller.scope, [trip.id]);
  return {
    id: trip.id,
    tripNumber: trip.tripNumber,
    carrier: { id: trip.carrierId, name: trip.carrierName },
    createdAt: iso(trip.createdAt)!,
    shipments: shipments.map((shipment) => ({
      id: shipment.id,
      shipmentNumber: shipment.shipmentNumber,
      status: statusValue(shipment.status),
      origin: originOf(shipment),
      destination: destinationOf(shipment),
      pickupAt: iso(shipment.pickupAt),
      deliveryAt: iso(shipment.deliveryAt),
    })),
  };
}

/** A trip by id or trip number, with the shipments on it the caller may see. */
export async function getTrip(
  ctx: AppContext,
  caller: Caller,
  tripId: string,
): Promise<TripAnswer> {
  const text = tripId.trim();
  const key = isGuid(text) ? { id: text.toLowerCase() } : { tripNumber: text };
  return ctx.db.tenant(caller.scope, async (tx) => {
    const trip = await findTrip(tx, key);
    if (!trip) throw notFound('Trip');
    const presented = await presentTrip(tx, caller, trip);
    // A driver sees a trip only through a load of it they drive.
    if (caller.driverId && presented.shipments.length === 0) throw notFound('Trip');
    return { data: presented };
  });
}

/** The trip a shipment runs on (none, or one). */
export function shipmentTrips(ctx: AppContext, caller: Caller, id: string): Promise<ShipmentTrips> {
  return withVisibleShipment(ctx, caller, id, async (tx, shipment) => {
    if (!shipment.tripId) return { data: [] };
    const trip = await findTrip(tx, { id: shipment.tripId });
    return { data: trip ? [await presentTrip(tx, caller, trip)] : [] };
  });
}
