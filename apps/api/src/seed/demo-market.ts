import {
  EquipmentType,
  RateRequestStatus,
  ShipmentStatus,
  TenderOfferStatus,
} from '@portal/domain';
import { CARRIER_RATE_BANDS, EQUIPMENT_PROFILES, TRUCKLOAD_FLOOR_CENTS } from './demo-catalog';
import { place, type WorldContext } from './demo-context';
import { DEMO_BOARD_LANES, type ShipmentPlan } from './demo-freight';
import type { CarrierInfo, Parties } from './demo-parties';
import { addHours, localDate, roadMiles } from './demo-places';
import type { SeededRandom } from './random';
import type { Row } from './row-sink';

// The freight market around the shipments: tenders, spot offers, rate requests, contract rates,
// quotes, trips, and the lanes and trucks carriers post.

export interface TenderRecord {
  id: string;
  /** Set on the tender a running demo waterfall sent. */
  waterfallId?: string;
  number: string;
  plan: ShipmentPlan;
  carrier: CarrierInfo;
  status: TenderOfferStatus;
}

interface TenderRow {
  sentAt: Date;
  expiresAt: Date;
  rateCents: number;
  row: Row<'tenders'>;
}

const REJECTION_REASONS = [
  'No capacity on that date',
  'Rate too low for the lane',
  'We do not service that destination',
  'Driver would run out of hours before the appointment',
  'Equipment not available',
];

function capableCarriers(
  parties: Parties,
  plan: ShipmentPlan,
  exclude: readonly CarrierInfo[] = [],
): CarrierInfo[] {
  return parties.carriers.filter(
    (carrier) =>
      carrier.bookable && carrier.equipment.includes(plan.profile) && !exclude.includes(carrier),
  );
}

const clamp = (instant: Date, now: Date) => (instant > now ? addHours(now, -0.1) : instant);

/** Groups some of the demo carrier's upcoming loads into trips; must run before the shipments are written. */
export function planTrips(
  ctx: WorldContext,
  parties: Parties,
  plans: readonly ShipmentPlan[],
): void {
  const upcoming = plans
    .filter(
      (plan) =>
        plan.carrier === parties.demoCarrier &&
        (plan.status === ShipmentStatus.Booked || plan.status === ShipmentStatus.Dispatched),
    )
    .sort((a, b) => a.stops[0]!.early.getTime() - b.stops[0]!.early.getTime());
  for (let index = 0; index + 1 < upcoming.length && index < 12; index += 2) {
    const id = ctx.ids.uuid();
    ctx.sink.add('trips', {
      id,
      tripNumber: `T${200001 + index / 2}`,
      carrierCompanyId: parties.demoCarrier.id,
      createdAt: upcoming[index]!.bookedAt ?? ctx.now,
    });
    upcoming[index]!.tripId = id;
    upcoming[index + 1]!.tripId = id;
  }
}

export function writeMarket(
  ctx: WorldContext,
  parties: Parties,
  plans: readonly ShipmentPlan[],
): TenderRecord[] {
  const random = ctx.random.fork('market');
  const { sink, ids, now } = ctx;
  const tenders: TenderRecord[] = [];
  const tenderRows = new Map<string, TenderRow>();
  let tenderNumber = 700001;
  let demoTenderTurn = 0;
  let demoOfferTurn = 0;
  let demoRateRequestTurn = 0;
  const demoRequestStatuses: RateRequestStatus[] = [
    RateRequestStatus.Sent,
    RateRequestStatus.Offered,
    RateRequestStatus.Declined,
  ];

  const tender = (
    plan: ShipmentPlan,
    carrier: CarrierInfo,
    status: TenderOfferStatus,
    sentAt: Date,
    rateCents: number,
    respondedAt: Date | null,
  ) => {
    const id = ids.uuid();
    const number = String(tenderNumber++);
    const responder = carrier.dispatchers[0] ?? carrier.admin;
    // The demo carrier's open tenders run out over the coming days.
    const expiresAt =
      status === TenderOfferStatus.Sent
        ? addHours(now, carrier === parties.demoCarrier ? random.float(6, 72) : random.float(2, 30))
        : addHours(sentAt, 24);
    const row = sink.add('tenders', {
      id,
      tenderNumber: number,
      shipmentId: plan.id,
      carrierCompanyId: carrier.id,
      customerCompanyId: plan.customer.id,
      status,
      rateCents,
      rateType: 'Flat',
      chargeRateType: 'LineHaul',
      expiresAt,
      sentAt,
      sentBy: parties.staff.sales.id,
      respondedAt,
      respondedBy:
        respondedAt &&
        (status === TenderOfferStatus.Accepted || status === TenderOfferStatus.Rejected)
          ? responder.id
          : null,
      rejectionReason:
        status === TenderOfferStatus.Rejected ? random.pick(REJECTION_REASONS) : null,
    });
    tenderRows.set(id, { sentAt, expiresAt, rateCents, row });
    tenders.push({ id, number, plan, carrier, status });
  };

  for (const plan of plans) {
    const rejectedFirst = (carrier: CarrierInfo | null, before: Date) => {
      const pool = capableCarriers(
        parties,
        plan,
        carrier ? [carrier, parties.demoCarrier] : [parties.demoCarrier],
      );
      if (!pool.length) return before;
      const sentAt = addHours(before, -random.float(2, 6));
      tender(
        plan,
        random.pick(pool),
        TenderOfferStatus.Rejected,
        sentAt,
        plan.maxBuyCents - 5_000,
        addHours(sentAt, random.float(0.3, 1.5)),
      );
      return before;
    };

    if (plan.status === ShipmentStatus.Tendering && plan.tenderedAt) {
      const demoCapable = parties.demoCarrier.equipment.includes(plan.profile);
      const wantDemo = demoTenderTurn % 2 === 0;
      let carrier: CarrierInfo;
      if (wantDemo && demoCapable) {
        carrier = parties.demoCarrier;
        demoTenderTurn++;
      } else {
        if (!wantDemo) demoTenderTurn++;
        carrier = random.pick(capableCarriers(parties, plan, [parties.demoCarrier]));
      }
      if (random.chance(0.3)) rejectedFirst(carrier, plan.tenderedAt);
      tender(
        plan,
        carrier,
        TenderOfferStatus.Sent,
        clamp(addHours(plan.tenderedAt, random.float(0.1, 1)), now),
        round(plan.maxBuyCents * random.float(0.93, 0.99)),
        null,
      );
    } else if (plan.carrier && plan.bookedAt && plan.origination === 'TmsContract') {
      const sentAt = plan.tenderedAt ?? addHours(plan.bookedAt, -random.float(0.5, 3));
      if (random.chance(0.2)) rejectedFirst(plan.carrier, sentAt);
      const status =
        plan.status === ShipmentStatus.Voided
          ? TenderOfferStatus.BookingRescinded
          : TenderOfferStatus.Accepted;
      tender(
        plan,
        plan.carrier,
        status,
        sentAt,
        plan.carrierRateCents ?? plan.quotedRateCents,
        plan.bookedAt,
      );
    } else if (
      plan.status === ShipmentStatus.Voided &&
      plan.voidedFrom === ShipmentStatus.Tendering &&
      plan.tenderedAt
    ) {
      const pool = capableCarriers(parties, plan);
      if (pool.length)
        tender(
          plan,
          random.pick(pool),
          TenderOfferStatus.Rescinded,
          plan.tenderedAt,
          plan.maxBuyCents - 2_500,
          plan.voidedAt,
        );
    } else if (plan.status === ShipmentStatus.ReadyToBook && plan.readyAt && random.chance(0.12)) {
      // A booking that fell through: the load went back on the board.
      const demoCapable = parties.demoCarrier.equipment.includes(plan.profile);
      const carrier =
        demoCapable && random.chance(0.5)
          ? parties.demoCarrier
          : random.pick(capableCarriers(parties, plan, [parties.demoCarrier]));
      const sentAt = plan.readyAt;
      const status = random.chance(0.6)
        ? TenderOfferStatus.BookingRescinded
        : TenderOfferStatus.Rescinded;
      tender(
        plan,
        carrier,
        status,
        sentAt,
        plan.maxBuyCents - 5_000,
        clamp(addHours(sentAt, random.float(1, 8)), now),
      );
    }

    // Spot offers on the load board, and the one that won a spot booking.
    if (plan.status === ShipmentStatus.ReadyToBook && plan.readyAt && random.chance(0.35)) {
      const pool = capableCarriers(parties, plan, [parties.demoCarrier]);
      const bidders = random.sample(pool, random.int(1, 3));
      if (
        parties.demoCarrier.equipment.includes(plan.profile) &&
        (demoOfferTurn++ < 2 || random.chance(0.3))
      )
        bidders.unshift(parties.demoCarrier);
      for (const carrier of bidders) {
        sink.add('offers', {
          id: ids.uuid(),
          shipmentId: plan.id,
          carrierCompanyId: carrier.id,
          customerCompanyId: plan.customer.id,
          amountCents: round(plan.maxBuyCents * random.float(0.94, 1.08)),
          status: random.weighted([
            ['Open', 7],
            ['Declined', 2],
            ['Withdrawn', 1],
          ] as const),
          createdBy: (carrier.dispatchers[0] ?? carrier.admin).id,
          createdAt: clamp(addHours(plan.readyAt, random.float(0.2, 30)), now),
        });
      }
    } else if (plan.carrier && plan.bookedAt && plan.origination === 'TmsSpot') {
      sink.add('offers', {
        id: ids.uuid(),
        shipmentId: plan.id,
        carrierCompanyId: plan.carrier.id,
        customerCompanyId: plan.customer.id,
        amountCents: plan.carrierRateCents ?? plan.quotedRateCents,
        status: 'Accepted',
        createdBy: (plan.carrier.dispatchers[0] ?? plan.carrier.admin).id,
        createdAt: addHours(plan.bookedAt, -random.float(0.2, 2)),
      });
    }

    // Rate requests: the operator asks carriers to price a lane.
    const open =
      plan.status === ShipmentStatus.ReadyToBook || plan.status === ShipmentStatus.Tendering;
    if (open && plan.readyAt && random.chance(0.3)) {
      const pool = capableCarriers(parties, plan, [parties.demoCarrier]);
      const asked = random.sample(pool, random.int(1, 2));
      if (parties.demoCarrier.equipment.includes(plan.profile) && demoRateRequestTurn++ % 2 === 0)
        asked.unshift(parties.demoCarrier);
      for (const carrier of asked) {
        const status =
          carrier === parties.demoCarrier && demoRequestStatuses.length
            ? demoRequestStatuses.shift()!
            : random.weighted([
                [RateRequestStatus.Sent, 5],
                [RateRequestStatus.Offered, 3],
                [RateRequestStatus.Declined, 2],
              ] as const);
        writeRateRequest(ctx, random, plan, carrier, status);
      }
    } else if (plan.carrier && plan.bookedAt && random.chance(0.05)) {
      writeRateRequest(ctx, random, plan, plan.carrier, RateRequestStatus.Offered);
    }
  }
  writeAutomaticTendering(ctx, parties, tenders, tenderRows, () => String(tenderNumber++));
  return tenders;
}

/**
 * Automatic tendering in the demo: one load's waterfall is running (the demo carrier holds the open
 * tender, the second demo carrier is next), and two loads now tendered to others first went to the
 * demo carrier, whose tenders ran out unanswered (they show as Expired and cannot be accepted).
 */
function writeAutomaticTendering(
  ctx: WorldContext,
  parties: Parties,
  tenders: TenderRecord[],
  rows: Map<string, TenderRow>,
  nextTenderNumber: () => string,
) {
  const { sink, ids } = ctx;
  const running = tenders.find(
    (tender) => tender.carrier === parties.demoCarrier && tender.status === TenderOfferStatus.Sent,
  );
  const row = running && rows.get(running.id);
  if (running && row) {
    const waterfallId = ids.uuid();
    const windowSeconds = Math.min(
      604_800,
      Math.max(60, Math.round((row.expiresAt.getTime() - row.sentAt.getTime()) / 1000)),
    );
    sink.add('tenderWaterfalls', {
      id: waterfallId,
      shipmentId: running.plan.id,
      operatorCompanyId: parties.operator.id,
      customerCompanyId: running.plan.customer.id,
      status: 'Running',
      currentPosition: 0,
      rateCents: row.rateCents,
      createdBy: parties.staff.sales.id,
      createdAt: row.sentAt,
    });
    sink.add('tenderWaterfallSteps', {
      waterfallId,
      position: 0,
      carrierCompanyId: parties.demoCarrier.id,
      answerWindowSeconds: windowSeconds,
      tenderId: running.id,
    });
    sink.add('tenderWaterfallSteps', {
      waterfallId,
      position: 1,
      carrierCompanyId: parties.otherCarrier.id,
      answerWindowSeconds: 4 * 3600,
      tenderId: null,
    });
    running.waterfallId = waterfallId;
    // The sink writes the row object later: the tender is the waterfall's first step.
    row.row.waterfallId = waterfallId;
    row.row.expiryQueuedAt = null;
  }
  const takenByOthers = tenders
    .filter(
      (tender) =>
        tender.carrier !== parties.demoCarrier && tender.status === TenderOfferStatus.Sent,
    )
    .slice(0, 2);
  for (const other of takenByOthers) {
    const before = rows.get(other.id);
    if (!before) continue;
    const sentAt = addHours(before.sentAt, -6);
    const expiresAt = addHours(sentAt, 2);
    sink.add('tenders', {
      id: ids.uuid(),
      tenderNumber: nextTenderNumber(),
      shipmentId: other.plan.id,
      carrierCompanyId: parties.demoCarrier.id,
      customerCompanyId: other.plan.customer.id,
      status: TenderOfferStatus.Rescinded,
      rateCents: before.rateCents,
      rateType: 'Flat',
      chargeRateType: 'LineHaul',
      expiresAt,
      expiredAt: expiresAt,
      sentAt,
      sentBy: parties.staff.sales.id,
      respondedAt: expiresAt,
    });
  }
}

function round(cents: number): number {
  return Math.round(cents / 500) * 500;
}

function writeRateRequest(
  ctx: WorldContext,
  random: SeededRandom,
  plan: ShipmentPlan,
  carrier: CarrierInfo,
  status: RateRequestStatus,
): void {
  const requestedAt = clamp(
    addHours(plan.readyAt ?? plan.createdAt, random.float(0.3, 20)),
    ctx.now,
  );
  const responded = status !== RateRequestStatus.Sent;
  const respondedAt = responded
    ? clamp(addHours(requestedAt, random.float(0.2, 6)), ctx.now)
    : null;
  ctx.sink.add('rateRequests', {
    id: ctx.ids.uuid(),
    shipmentId: plan.id,
    carrierCompanyId: carrier.id,
    customerCompanyId: plan.customer.id,
    status,
    requestedAt,
    respondedAt,
    respondingContactId: responded ? (carrier.dispatchers[0] ?? carrier.admin).id : null,
    offeredRateCents:
      status === RateRequestStatus.Offered
        ? round(plan.maxBuyCents * random.float(0.95, 1.1))
        : null,
    note:
      status === RateRequestStatus.Declined
        ? random.pick([
            'No trucks in that area that week',
            'Lane is outside our network',
            'Cannot make the delivery appointment',
          ])
        : status === RateRequestStatus.Offered
          ? random.pick([
              'Rate includes fuel',
              'Can pick up a day early if needed',
              'Team available for this one',
            ])
          : null,
  });
}

/** Contract lane rates and customer quotes. */
export function writeRatesAndQuotes(
  ctx: WorldContext,
  parties: Parties,
  plans: readonly ShipmentPlan[],
): void {
  const random = ctx.random.fork('rates');
  const { sink, ids, now } = ctx;
  const today = localDate(now, 'America/Chicago');
  const dateAdd = (days: number) => localDate(addHours(now, days * 24), 'America/Chicago');
  for (const carrier of parties.carriers) {
    const count = carrier === parties.demoCarrier ? 15 : random.int(3, 9);
    for (let index = 0; index < count; index++) {
      const origin = random.chance(0.5) ? carrier.hq : random.pick(ctx.placeList);
      let destination = random.pick(ctx.placeList);
      while (destination === origin) destination = random.pick(ctx.placeList);
      const miles = roadMiles(origin, destination);
      const perMile = random.chance(0.2);
      const profile = random.pick(carrier.equipment);
      const band = CARRIER_RATE_BANDS[profile];
      const effectiveFrom = dateAdd(-random.int(20, 300));
      sink.add('rates', {
        id: ids.uuid(),
        carrierCompanyId: carrier.id,
        customerCompanyId: random.chance(0.4) ? random.pick(parties.customers).id : null,
        originState: origin.state,
        originCity: random.chance(0.8) ? origin.city : null,
        destinationState: destination.state,
        destinationCity: random.chance(0.8) ? destination.city : null,
        shippingMode: 0,
        equipmentMode: EQUIPMENT_PROFILES[profile].mode,
        rateCents: perMile
          ? random.int(Math.ceil(band[0] * 100), Math.floor(band[1] * 100))
          : round(Math.max(TRUCKLOAD_FLOOR_CENTS, miles * random.float(band[0], band[1]) * 100)),
        rateType: perMile ? 'PerMile' : 'Flat',
        chargeRateType: 'LineHaul',
        rateSource: random.chance(0.85) ? 'Contract' : 'Spot',
        serviceLevel: 0,
        serviceDays: Math.max(1, Math.ceil(miles / 500)),
        isGuaranteedRate: random.chance(0.2),
        effectiveFrom,
        effectiveTo: random.chance(0.15)
          ? dateAdd(-random.int(1, 15))
          : random.chance(0.6)
            ? dateAdd(random.int(30, 330))
            : null,
      });
    }
  }
  // Contract rates on the demo carrier's home lanes (dry and reefer), so a load on the board can be
  // booked at a contract rate.
  for (const [from, to] of DEMO_BOARD_LANES) {
    const origin = place(ctx, from);
    const destination = place(ctx, to);
    const miles = roadMiles(origin, destination);
    for (const equipmentMode of [0, 1]) {
      sink.add('rates', {
        id: ids.uuid(),
        carrierCompanyId: parties.demoCarrier.id,
        customerCompanyId: null,
        originState: origin.state,
        originCity: origin.city,
        destinationState: destination.state,
        destinationCity: null,
        shippingMode: 0,
        equipmentMode,
        rateCents: round(
          Math.max(TRUCKLOAD_FLOOR_CENTS, miles * (equipmentMode === 1 ? 2.9 : 2.5) * 100),
        ),
        rateType: 'Flat',
        chargeRateType: 'LineHaul',
        rateSource: 'Contract',
        serviceLevel: 0,
        serviceDays: Math.max(1, Math.ceil(miles / 500)),
        isGuaranteedRate: true,
        effectiveFrom: dateAdd(-120),
        effectiveTo: null,
      });
    }
  }
  const booked = plans.filter((plan) => plan.carrier && plan.bookedAt);
  for (let index = 0; index < Math.min(40, Math.max(5, Math.floor(plans.length / 50))); index++) {
    const plan = random.chance(0.3) && booked.length ? random.pick(booked) : null;
    const customer = plan?.customer ?? random.pick(parties.customers);
    const origin = plan?.stops[0]!.place ?? random.pick(customer.sites).place;
    const destination =
      plan?.stops[plan.stops.length - 1]!.place ?? random.pick(customer.shipTos).place;
    const price =
      plan?.customerRateCents ??
      round(Math.max(50_000, roadMiles(origin, destination) * random.float(2.4, 3.9) * 100));
    sink.add('quotes', {
      id: ids.uuid(),
      quoteNumber: String(300001 + index),
      customerCompanyId: customer.id,
      carrierCompanyId: plan?.carrier?.id ?? null,
      shipmentId: plan?.id ?? null,
      shippingMode: 0,
      equipmentMode: plan ? EQUIPMENT_PROFILES[plan.profile].mode : 0,
      effectiveDate: plan ? localDate(plan.createdAt, 'America/Chicago') : today,
      priceCents: price,
      markupTotalCents: Math.round(price * 0.14),
      isHazmatRequired: plan?.isHazmat ?? false,
      isTeamRequired: plan?.isTeam ?? false,
      quoteStops: JSON.stringify(
        [origin, destination].map((stop, stopIndex) => ({
          stopNumber: stopIndex + 1,
          stopType: stopIndex === 0 ? 'Pickup' : 'Delivery',
          city: stop.city,
          state: stop.state,
          postalCode: stop.postalCode,
          country: stop.country,
        })),
      ),
      createdAt: plan?.createdAt ?? addHours(now, -random.float(1, 400)),
    });
  }
}

/** Lanes carriers watch and trucks they post as available. */
export function writeLanesAndPostings(ctx: WorldContext, parties: Parties): void {
  const random = ctx.random.fork('lanes');
  const { sink, ids, now } = ctx;
  const demo = parties.demoCarrier;
  const lane = (
    companyId: string,
    userId: string | null,
    from: string,
    to: string | null,
    radius: number,
    equipment: number,
  ) => {
    const origin = place(ctx, from);
    const destination = to ? place(ctx, to) : null;
    sink.add('savedLanes', {
      id: ids.uuid(),
      companyId,
      userId,
      originCity: origin.city,
      originState: origin.state,
      originPostalCode: origin.postalCode,
      originRadiusMiles: radius,
      destinationCity: destination?.city ?? null,
      destinationState: destination?.state ?? null,
      destinationPostalCode: destination?.postalCode ?? null,
      destinationRadiusMiles: radius,
      equipmentTypes: equipment,
      createdAt: addHours(now, -random.float(24, 2000)),
    });
  };
  const van = EquipmentType.Van;
  const reefer = EquipmentType.Reefer;
  lane(demo.id, parties.demo.carrier.id, '58102', '60601', 150, van);
  lane(demo.id, parties.demo.carrier.id, 'R3H', '55401', 100, van | reefer);
  lane(demo.id, parties.demo.carrier.id, '60601', '75201', 100, van);
  lane(demo.id, parties.demo.carrier.id, '55401', '80216', 150, reefer);
  lane(demo.id, parties.demo.carrier.id, '50309', '64120', 100, van);
  lane(demo.id, parties.demo.dispatcher.id, '68102', '58102', 200, reefer);
  lane(demo.id, parties.demo.dispatcher.id, '53204', null, 100, van);
  for (const carrier of parties.carriers.slice(1, 10)) {
    for (let index = 0; index < random.int(1, 3); index++) {
      const to = random.chance(0.8) ? random.pick(ctx.placeList).postalCode : null;
      lane(
        carrier.id,
        carrier.admin.id,
        carrier.hq.postalCode,
        to,
        random.pick([50, 100, 150, 200]),
        random.pick(EQUIPMENT_PROFILES[random.pick(carrier.equipment)].types),
      );
    }
  }

  const posting = (carrier: CarrierInfo, at: string, equipment: number) => {
    const where = place(ctx, at);
    const from = addHours(now, random.float(-6, 72));
    sink.add('equipmentPostings', {
      id: ids.uuid(),
      carrierCompanyId: carrier.id,
      equipmentTypes: equipment,
      city: where.city,
      state: where.state,
      postalCode: where.postalCode,
      latitude: where.latitude,
      longitude: where.longitude,
      availableFrom: from,
      availableTo: addHours(from, random.pick([12, 24, 48])),
      destinationState: random.chance(0.6) ? random.pick(ctx.placeList).state : null,
      createdBy: (carrier.dispatchers[0] ?? carrier.admin).id,
      createdAt: addHours(from, -random.float(2, 48)),
    });
  };
  for (const at of ['58102', 'R3H', '60601', '55401', '50309', '53204'])
    posting(demo, at, random.chance(0.3) ? reefer : van);
  for (let index = 0; index < 25; index++) {
    const carrier = random.pick(
      parties.carriers.slice(1).filter((candidate) => candidate.bookable),
    );
    posting(
      carrier,
      random.chance(0.5) ? carrier.hq.postalCode : random.pick(ctx.placeList).postalCode,
      random.pick(EQUIPMENT_PROFILES[random.pick(carrier.equipment)].types),
    );
  }
}

/**
 * LTL lanes on which carriers hold LTL rates for the demo broker (decision 210): the pickup hub's
 * postal code, then the delivery hub's. An LTL order of the broker's from one to the other lists
 * them under Book LTL.
 */
export const DEMO_BROKER_LTL_LANES: readonly (readonly [string, string])[] = [
  ['60601', '75201'],
  ['55401', '60601'],
  ['58102', '55401'],
  ['53204', '80216'],
];

/**
 * LTL rates three bookable carriers (the demo carrier first) hold for the demo broker on its LTL
 * lanes, dry van and reefer: two flat, one per mile. Their own random streams, so the rest of the
 * world stays as it was.
 */
export function writeBrokerLtlRates(ctx: WorldContext, parties: Parties): void {
  const ids = ctx.ids.fork('broker-ltl-rates');
  const random = ctx.random.fork('broker-ltl-rates');
  const effectiveFrom = localDate(addHours(ctx.now, -90 * 24), 'America/Chicago');
  const others = parties.carriers.filter(
    (carrier) => carrier.bookable && carrier !== parties.demoCarrier,
  );
  const carriers = [parties.demoCarrier, ...others.slice(0, 2)];
  for (const [from, to] of DEMO_BROKER_LTL_LANES) {
    const origin = place(ctx, from);
    const destination = place(ctx, to);
    const miles = roadMiles(origin, destination);
    for (const equipmentMode of [0, 1]) {
      carriers.forEach((carrier, index) => {
        const perMile = index === 2;
        const dollarsPerMile = random.float(0.9, 1.4) * (equipmentMode === 1 ? 1.2 : 1);
        ctx.sink.add('rates', {
          id: ids.uuid(),
          carrierCompanyId: carrier.id,
          customerCompanyId: parties.broker.id,
          originState: origin.state,
          originCity: origin.city,
          destinationState: destination.state,
          destinationCity: null,
          shippingMode: 1,
          equipmentMode,
          rateCents: perMile
            ? Math.round(dollarsPerMile * 100)
            : round(Math.max(35_000, miles * dollarsPerMile * 100)),
          rateType: perMile ? 'PerMile' : 'Flat',
          chargeRateType: 'LineHaul',
          rateSource: 'Contract',
          serviceLevel: 0,
          serviceDays: Math.max(2, Math.ceil(miles / 400)),
          isGuaranteedRate: index === 0,
          effectiveFrom,
          effectiveTo: null,
        });
      });
    }
  }
}
