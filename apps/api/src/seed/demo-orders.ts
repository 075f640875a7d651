import { OrderStatus, PORTAL_ORDER_SOURCE } from '@portal/domain';
import type { WorldContext } from './demo-context';
import type { LocationInfo, Parties } from './demo-parties';

// Open orders the broker placed in the portal and has not yet put on a shipment: two that can
// travel together from its first site (the consolidation screen has something to offer) and one
// more to another of its receivers. Every other order of the world rides on a shipment.

const DAY = 24 * 60 * 60 * 1000;

export function writeOpenBrokerOrders(
  ctx: WorldContext,
  parties: Parties,
  firstOrderNumber: number,
): void {
  const { broker } = parties;
  const site = broker.sites[0];
  const [receiver, other] = broker.shipTos;
  if (!site || !receiver || !other) return;
  // Their own streams, so the rest of the world stays as it was.
  const ids = ctx.ids.fork('open-broker-orders');
  const random = ctx.random.fork('open-broker-orders');
  const startOfDay = Math.floor(ctx.now.getTime() / DAY) * DAY;
  const plans: { to: LocationInfo; pickupDay: number; weight: number; pallets: number }[] = [
    { to: receiver, pickupDay: 4, weight: 14_000, pallets: 14 },
    { to: receiver, pickupDay: 5, weight: 18_500, pallets: 20 },
    { to: other, pickupDay: 6, weight: 22_000, pallets: 22 },
  ];
  plans.forEach((plan, index) => {
    const orderId = ids.uuid();
    const pickupAt = new Date(startOfDay + plan.pickupDay * DAY + 14 * 3600 * 1000);
    const deliveryAt = new Date(pickupAt.getTime() + 2 * DAY);
    ctx.sink.add('orders', {
      id: orderId,
      orderNumber: String(firstOrderNumber + index),
      customerCompanyId: broker.id,
      operatorCompanyId: parties.operator.id,
      status: OrderStatus.Open,
      orderSource: PORTAL_ORDER_SOURCE,
      purchaseOrderNumber: `PO-${random.digits(6)}`,
      createdBy: parties.demo.broker.id,
      createdAt: new Date(ctx.now.getTime() - (index + 1) * 3600 * 1000),
    });
    const stops = [
      { type: 'Pickup', at: site, early: pickupAt },
      { type: 'Delivery', at: plan.to, early: deliveryAt },
    ].map((stop, stopIndex) => {
      const id = ids.uuid();
      ctx.sink.add('orderStops', {
        id,
        orderId,
        customerCompanyId: broker.id,
        stopNumber: stopIndex + 1,
        stopType: stop.type,
        locationId: stop.at.id,
        locationNumber: stop.at.number,
        locationName: stop.at.name,
        addressLine1: stop.at.addressLine1,
        city: stop.at.place.city,
        state: stop.at.place.state,
        postalCode: stop.at.postalCode,
        country: stop.at.place.country,
        latitude: stop.at.place.latitude,
        longitude: stop.at.place.longitude,
        ianaTimezone: stop.at.place.timeZone,
        earlyAt: stop.early,
        lateAt: new Date(stop.early.getTime() + 4 * 3600 * 1000),
      });
      return id;
    });
    ctx.sink.add('orderLineItems', {
      id: ids.uuid(),
      orderId,
      customerCompanyId: broker.id,
      pickupStopId: stops[0]!,
      deliveryStopId: stops[1]!,
      description: 'Mixed retail merchandise',
      freightClass: '100',
      packageType: 'Pallet',
      packageCount: plan.pallets,
      pieceCount: plan.pallets * 30,
      lengthInches: 48,
      widthInches: 40,
      heightInches: 60,
      weightPounds: plan.weight,
    });
  });
}
