import { ShipmentStatus } from '@portal/domain';
import {
  CARRIER_RATE_BANDS,
  EQUIPMENT_PROFILES,
  EXTRA_STOP_CENTS,
  ORDER_REQUIREMENTS,
  PARTIAL_FLOOR_CENTS,
  PARTIAL_MIN_SHARE,
  TRUCKLOAD_FLOOR_CENTS,
  TRUCKLOAD_POUNDS,
  SPECIAL_INSTRUCTIONS,
  TRACKING_PROBLEMS,
  type Commodity,
  type EquipmentProfile,
} from './demo-catalog';
import { place, type WorldContext } from './demo-context';
import type {
  CarrierInfo,
  CustomerInfo,
  LocationInfo,
  Parties,
  Person,
  TrailerInfo,
} from './demo-parties';
import {
  addHours,
  atLocal,
  HOUR,
  localDate,
  nearestPlace,
  nextDockTime,
  roadMiles,
  type Place,
} from './demo-places';
import type { SeededRandom } from './random';

// Orders and shipments in every status, with stops at real places and times in each stop's zone,
// and what happened to them: drivers, equipment, tracking, problems and the status history.

export type StopType = 'Pickup' | 'Delivery';

export interface StopPlan {
  orderStopId: string;
  shipmentStopId: string;
  stopNumber: number;
  type: StopType;
  location: LocationInfo | null;
  place: Place;
  name: string;
  addressLine1: string;
  postalCode: string;
  early: Date;
  late: Date;
  appointment: Date | null;
  arrived: Date | null;
  departed: Date | null;
  legMiles: number;
}

export interface LineItemPlan {
  id: string;
  pickupStopId: string;
  deliveryStopId: string;
  commodity: Commodity;
  packageCount: number;
  weight: number;
}

export interface ShipmentPlan {
  id: string;
  orderId: string;
  number: string;
  orderNumber: string;
  status: ShipmentStatus;
  customer: CustomerInfo;
  carrier: CarrierInfo | null;
  profile: EquipmentProfile;
  equipmentTypes: number;
  shippingMode: number;
  stops: StopPlan[];
  lineItems: LineItemPlan[];
  miles: number;
  weight: number;
  carrierRateCents: number | null;
  /** The fuel surcharge inside the carrier rate, and its per-mile rate. */
  fuelPerMileCents: number;
  quotedRateCents: number;
  maxBuyCents: number;
  customerRateCents: number;
  createdAt: Date;
  readyAt: Date | null;
  tenderedAt: Date | null;
  bookedAt: Date | null;
  dispatchedAt: Date | null;
  deliveredAt: Date | null;
  confirmedAt: Date | null;
  voidedAt: Date | null;
  voidedFrom: ShipmentStatus | null;
  drivers: Person[];
  trailer: TrailerInfo | null;
  powerUnitId: string | null;
  isTeam: boolean;
  isHazmat: boolean;
  origination: 'TmsContract' | 'TmsSpot' | null;
  serviceLevel: number;
  references: { label: string; value: string; orderStopId?: string }[];
  tripId: string | null;
}

const STATUS_SHARES: readonly (readonly [ShipmentStatus, number])[] = [
  [ShipmentStatus.Voided, 3],
  [ShipmentStatus.Draft, 3],
  [ShipmentStatus.ReadyToBook, 8],
  [ShipmentStatus.Tendering, 4],
  [ShipmentStatus.Booked, 8],
  [ShipmentStatus.Dispatched, 4],
  [ShipmentStatus.InTransit, 5],
  [ShipmentStatus.AtStop, 2],
  [ShipmentStatus.Delivered, 15],
  [ShipmentStatus.DeliveryConfirmed, 48],
];

/** Exactly `count` statuses in the shares above, each status at least once, in random order. */
export function statusDeck(random: SeededRandom, count: number): ShipmentStatus[] {
  const total = STATUS_SHARES.reduce((sum, [, share]) => sum + share, 0);
  const deck: ShipmentStatus[] = [];
  for (const [status, share] of STATUS_SHARES) {
    const wanted = Math.max(1, Math.round((share * count) / total));
    for (let index = 0; index < wanted; index++) deck.push(status);
  }
  while (deck.length > count) {
    const at = deck.lastIndexOf(ShipmentStatus.DeliveryConfirmed);
    if (
      at < 0 ||
      deck.filter((status) => status === ShipmentStatus.DeliveryConfirmed).length <= 1
    ) {
      deck.pop();
    } else {
      deck.splice(at, 1);
    }
  }
  while (deck.length < count) deck.push(ShipmentStatus.DeliveryConfirmed);
  return random.shuffle(deck);
}

const round500 = (cents: number) => Math.max(500, Math.round(cents / 500) * 500);
const minutes = (value: number) => value * 60_000;

interface StopDraft {
  type: StopType;
  location: LocationInfo | null;
  place: Place;
  name: string;
  addressLine1: string;
  postalCode: string;
}

const TYPED_IN_NAMES = [
  'Riverside Cold Storage',
  'Interstate Cross-Dock',
  'Union Pacific Intermodal Ramp',
  'Port Terminal Yard',
  'Valley Public Warehouse',
];

function draftStop(
  ctx: WorldContext,
  type: StopType,
  location: LocationInfo | null,
  fallback: Place,
): StopDraft {
  if (location) {
    return {
      type,
      location,
      place: location.place,
      name: location.name,
      addressLine1: location.addressLine1,
      postalCode: location.postalCode,
    };
  }
  const { random } = ctx;
  return {
    type,
    location: null,
    place: fallback,
    name: `${random.pick(TYPED_IN_NAMES)} - ${fallback.city}`,
    addressLine1: `${random.int(100, 9900)} ${random.pick(['Harbor Road', 'Depot Street', 'Frontage Road', 'Yard Lane'])}`,
    postalCode: fallback.postalCode,
  };
}

function pickRoute(ctx: WorldContext, customer: CustomerInfo, stopCount: number): StopDraft[] {
  const { random } = ctx;
  const pickups = stopCount === 4 || (stopCount === 3 && random.chance(0.35)) ? 2 : 1;
  const deliveries = stopCount - pickups;
  for (let attempt = 0; ; attempt++) {
    const first = random.chance(0.08) ? null : random.pick(customer.sites);
    const firstPlace = first?.place ?? random.pick(ctx.placeList);
    const route: StopDraft[] = [draftStop(ctx, 'Pickup', first, firstPlace)];
    if (pickups === 2) {
      const nearby = customer.sites.filter(
        (site) => site !== first && roadMiles(site.place, firstPlace) < 350,
      );
      const second = nearby.length ? random.pick(nearby) : null;
      route.push(draftStop(ctx, 'Pickup', second, second?.place ?? nearestOther(ctx, firstPlace)));
    }
    const pickupPlaces = route.map((stop) => stop.place);
    const farFromPickups = (candidate: Place) =>
      pickupPlaces.every((pickup) => roadMiles(pickup, candidate) >= 90);
    const destinations = (random.chance(0.8) ? customer.shipTos : customer.sites).filter(
      (site) => site !== first && farFromPickups(site.place),
    );
    const drop = destinations.length ? random.pick(destinations) : null;
    const dropPlace = drop?.place ?? random.pick(ctx.placeList.filter(farFromPickups));
    const drops: StopDraft[] = [draftStop(ctx, 'Delivery', drop, dropPlace)];
    // Further drops cluster around the first one, as a multi-stop load does.
    const used = new Set<LocationInfo | null>([first, drop]);
    const around = [...customer.shipTos, ...customer.sites].filter(
      (site) =>
        !used.has(site) && farFromPickups(site.place) && roadMiles(site.place, dropPlace) <= 450,
    );
    while (drops.length < deliveries) {
      const location = around.length
        ? around.splice(random.int(0, around.length - 1), 1)[0]!
        : null;
      const near = ctx.placeList
        .filter((candidate) => candidate !== dropPlace && farFromPickups(candidate))
        .sort((a, b) => roadMiles(a, dropPlace) - roadMiles(b, dropPlace))[drops.length - 1];
      drops.push(draftStop(ctx, 'Delivery', location, location?.place ?? near ?? dropPlace));
    }
    const lastPickup = pickupPlaces[pickupPlaces.length - 1]!;
    drops.sort((a, b) => roadMiles(lastPickup, a.place) - roadMiles(lastPickup, b.place));
    route.push(...drops);
    const firstLeg = roadMiles(route[0]!.place, route[pickups]!.place);
    if (firstLeg <= 2800 || attempt >= 12) return route;
  }
}

function nearestOther(ctx: WorldContext, from: Place): Place {
  const others = ctx.placeList.filter((candidate) => candidate !== from);
  return nearestPlace(others, from.latitude, from.longitude);
}

interface TimedStop {
  early: Date;
  late: Date;
  appointment: Date | null;
  arrived: Date;
  departed: Date;
}

/** Planned windows from a first pickup time, and what actually happened at each stop. */
function schedule(
  ctx: WorldContext,
  route: readonly StopDraft[],
  legMiles: readonly number[],
  firstEarly: Date,
): TimedStop[] {
  const { random } = ctx;
  const timed: TimedStop[] = [];
  let previousEarly = firstEarly;
  route.forEach((stop, index) => {
    let early = firstEarly;
    if (index > 0) {
      const drive = legMiles[index]! / 47;
      const rest = Math.floor(drive / 10.5) * 10;
      early = nextDockTime(addHours(previousEarly, 2 + drive + rest), stop.place.timeZone, random);
    }
    const appointmentRequired = stop.location?.appointmentRequired ?? random.chance(0.2);
    const appointment = appointmentRequired ? early : null;
    const late = addHours(early, appointmentRequired ? 1 : random.pick([2, 3, 4]));
    timed.push({ early, late, appointment, arrived: early, departed: early });
    previousEarly = early;
  });
  let previousDeparted: Date | null = null;
  timed.forEach((stop, index) => {
    let arrived = random.chance(0.78)
      ? new Date(stop.early.getTime() + minutes(random.int(-45, 50)))
      : new Date(stop.late.getTime() + minutes(random.int(15, 240)));
    if (previousDeparted) {
      const earliest = addHours(previousDeparted, legMiles[index]! / 50);
      if (arrived < earliest) arrived = earliest;
    }
    const dwellHours = random.chance(0.12) ? random.float(3.2, 6) : random.float(0.75, 2.5);
    stop.arrived = arrived;
    stop.departed = addHours(arrived, dwellHours);
    previousDeparted = stop.departed;
  });
  return timed;
}

type Progress = 'before' | 'moving' | 'at-stop' | 'done';

function progressAt(timed: readonly TimedStop[], now: Date): Progress {
  if (now < timed[0]!.arrived) return 'before';
  if (now >= timed[timed.length - 1]!.departed) return 'done';
  return timed.some((stop) => stop.arrived <= now && now < stop.departed) ? 'at-stop' : 'moving';
}

function firstPickupAt(ctx: WorldContext, route: readonly StopDraft[], around: Date): Date {
  const { random } = ctx;
  const zone = route[0]!.place.timeZone;
  return atLocal(localDate(around, zone), random.int(12, 28) * 30, zone);
}

/** Finds pickup times whose story at `now` matches the status; falls back to bending the last try. */
function timesForStatus(
  ctx: WorldContext,
  status: ShipmentStatus,
  route: readonly StopDraft[],
  legMiles: readonly number[],
): TimedStop[] {
  const { random, now } = ctx;
  const totalMiles = legMiles.reduce((sum, miles) => sum + miles, 0);
  const transitHours = totalMiles / 45 + route.length * 3 + Math.floor(totalMiles / 500) * 10;
  const zone = route[0]!.place.timeZone;
  switch (status) {
    case ShipmentStatus.Draft:
    case ShipmentStatus.ReadyToBook:
    case ShipmentStatus.Tendering:
    case ShipmentStatus.Booked: {
      const [low, high] =
        status === ShipmentStatus.Draft
          ? [1, 14]
          : status === ShipmentStatus.Tendering
            ? [1, 6]
            : status === ShipmentStatus.ReadyToBook
              ? [0, 13]
              : [0, 9];
      let first = firstPickupAt(ctx, route, addHours(now, 24 * random.int(low, high)));
      while (first.getTime() < now.getTime() + 2 * HOUR) first = addHours(first, 24);
      return schedule(ctx, route, legMiles, first);
    }
    case ShipmentStatus.Voided: {
      const first = firstPickupAt(ctx, route, addHours(now, 24 * random.int(-200, 8)));
      return schedule(ctx, route, legMiles, first);
    }
    case ShipmentStatus.Delivered:
    case ShipmentStatus.DeliveryConfirmed: {
      const deliveredAgoDays =
        status === ShipmentStatus.Delivered
          ? random.float(0.3, 12)
          : random.chance(0.55)
            ? random.float(3, 90)
            : random.float(90, 360);
      let first = firstPickupAt(ctx, route, addHours(now, -(deliveredAgoDays * 24 + transitHours)));
      for (;;) {
        const timed = schedule(ctx, route, legMiles, first);
        if (timed[timed.length - 1]!.departed.getTime() <= now.getTime() - HOUR) return timed;
        first = addHours(first, -24);
      }
    }
    default: {
      const wanted: Progress =
        status === ShipmentStatus.Dispatched
          ? 'before'
          : status === ShipmentStatus.AtStop
            ? 'at-stop'
            : 'moving';
      let last: TimedStop[] | null = null;
      for (let attempt = 0; attempt < 80; attempt++) {
        const offset =
          wanted === 'before'
            ? random.float(-2, 30)
            : -random.float(0.5, Math.max(2, transitHours + 4));
        const first = nextDockTime(addHours(now, offset), zone, random);
        const timed = schedule(ctx, route, legMiles, first);
        last = timed;
        const progress = progressAt(timed, now);
        if (progress === wanted) {
          if (wanted !== 'before' || timed[0]!.early.getTime() - now.getTime() < 36 * HOUR)
            return timed;
        }
      }
      return bend(last!, wanted, now);
    }
  }
}

/** Moves the actual times of a schedule so that `now` falls where the status says. */
function bend(timed: TimedStop[], wanted: Progress, now: Date): TimedStop[] {
  const shiftAll = (hours: number) => {
    for (const stop of timed) {
      stop.arrived = addHours(stop.arrived, hours);
      stop.departed = addHours(stop.departed, hours);
    }
  };
  if (wanted === 'before') shiftAll((now.getTime() - timed[0]!.arrived.getTime()) / HOUR + 3);
  else if (wanted === 'at-stop')
    shiftAll(
      (now.getTime() - timed[Math.min(1, timed.length - 1)]!.arrived.getTime()) / HOUR - 0.5,
    );
  else shiftAll((now.getTime() - timed[0]!.departed.getTime()) / HOUR - 1);
  return timed;
}

function carrierCanHaul(carrier: CarrierInfo, profile: EquipmentProfile): boolean {
  return carrier.equipment.includes(profile);
}

interface Counters {
  demoShare: Map<ShipmentStatus, number>;
  driverDemo: Set<ShipmentStatus>;
}

function chooseCarrier(
  ctx: WorldContext,
  parties: Parties,
  counters: Counters,
  status: ShipmentStatus,
  profile: EquipmentProfile,
): CarrierInfo {
  const { random } = ctx;
  const seen = counters.demoShare.get(status) ?? 0;
  const capable = parties.carriers.filter((carrier) => carrierCanHaul(carrier, profile));
  const wantDemo = seen % 4 === 0;
  if (wantDemo && carrierCanHaul(parties.demoCarrier, profile)) {
    counters.demoShare.set(status, seen + 1);
    return parties.demoCarrier;
  }
  if (!wantDemo) counters.demoShare.set(status, seen + 1);
  if (seen % 13 === 1 && carrierCanHaul(parties.otherCarrier, profile)) return parties.otherCarrier;
  // New bookings go to carriers that may be booked; history may include the ones since put on hold.
  const pool = capable.filter(
    (carrier) =>
      carrier !== parties.demoCarrier &&
      (status < ShipmentStatus.Dispatched ? carrier.bookable : true),
  );
  return random.pick(pool.length ? pool : capable);
}

function rateFor(
  ctx: WorldContext,
  profile: EquipmentProfile,
  miles: number,
  weight: number,
  shippingMode: number,
  extraStops: number,
) {
  const { random } = ctx;
  const [low, high] = CARRIER_RATE_BANDS[profile];
  const perMile = random.float(low, high);
  if (shippingMode === 1) {
    const share = Math.min(1, Math.max(PARTIAL_MIN_SHARE, weight / TRUCKLOAD_POUNDS));
    const total = round500(Math.max(PARTIAL_FLOOR_CENTS, miles * perMile * share * 100));
    return { total, fuelPerMile: 0 };
  }
  const fuelPerMile = random.int(45, 62);
  const total = round500(
    Math.max(TRUCKLOAD_FLOOR_CENTS, miles * perMile * 100) + extraStops * EXTRA_STOP_CENTS,
  );
  return {
    total,
    fuelPerMile: Math.min(fuelPerMile, Math.floor((total * 0.35) / Math.max(miles, 1))),
  };
}

/** The lifecycle of each shipment, before rows are written. */
/** Lanes around the demo carrier's home (Fargo, Winnipeg) and its saved lanes and posted trucks. */
export const DEMO_BOARD_LANES: readonly (readonly [string, string])[] = [
  ['58102', '60601'],
  ['58102', '55401'],
  ['R3H', '55401'],
  ['60601', '75201'],
  ['55401', '80216'],
  ['50309', '64120'],
  ['68102', '58102'],
  ['53204', '60601'],
  ['55401', '58102'],
  ['60601', '58102'],
];

export function planShipments(ctx: WorldContext, parties: Parties, count: number): ShipmentPlan[] {
  const stream = ctx.random.fork('shipments');
  const idStream = ctx.ids.fork('shipments');
  const { now } = ctx;
  const deck = statusDeck(stream, count);
  const counters: Counters = { demoShare: new Map(), driverDemo: new Set() };
  const plans: ShipmentPlan[] = [];

  deck.forEach((status, index) => {
    // Each shipment draws from its own stream, and the draws that depend on the clock come last,
    // so the world stays the same apart from its times whenever it is built.
    const random = stream.fork(`shipment-${index}`);
    const ids = idStream.fork(`shipment-${index}`);
    const local: WorldContext = { ...ctx, random, ids };
    const customer = random.weighted(
      parties.customers.map((candidate) => [candidate, candidate.weight] as const),
    );
    const profile = random.weighted(customer.equipment);
    const shippingMode = profile === 'van' && random.chance(0.06) ? 1 : 0;
    const stopCount =
      shippingMode === 1
        ? 2
        : random.weighted([
            [2, 82],
            [3, 12],
            [4, 6],
          ] as const);
    // Half of the load board's truckloads run on the demo carrier's home lanes, so its load board,
    // Top Picks, saved lanes and posted trucks have freight to show (docs/demo-world.md).
    const boardLane =
      status === ShipmentStatus.ReadyToBook && shippingMode === 0 && random.chance(0.5)
        ? random.pick(DEMO_BOARD_LANES)
        : null;
    const route = boardLane
      ? [
          draftStop(local, 'Pickup', null, place(local, boardLane[0])),
          draftStop(local, 'Delivery', null, place(local, boardLane[1])),
        ]
      : pickRoute(local, customer, stopCount);
    const legMiles = route.map((stop, position) =>
      position === 0 ? 0 : roadMiles(route[position - 1]!.place, stop.place),
    );
    const miles = legMiles.reduce((sum, value) => sum + value, 0);
    const stopIds = route.map(() => ({ orderStopId: ids.uuid(), shipmentStopId: ids.uuid() }));

    // Freight: one line item per delivery, sometimes two, weights filling the trailer.
    const targetWeight =
      shippingMode === 1
        ? random.int(800, 9000)
        : profile === 'flatbed'
          ? random.int(24_000, 47_000)
          : profile === 'reefer'
            ? random.int(28_000, 42_000)
            : profile === 'bulk'
              ? random.int(40_000, 46_000)
              : random.int(18_000, 43_000);
    const pickups = stopIds.filter((_, position) => route[position]!.type === 'Pickup');
    const deliveries = stopIds.filter((_, position) => route[position]!.type === 'Delivery');
    const itemCount = deliveries.length + (random.chance(0.3) ? 1 : 0);
    const lineItems: LineItemPlan[] = [];
    for (let item = 0; item < itemCount; item++) {
      const commodity = random.pick(customer.commodities);
      const share = targetWeight / itemCount;
      const unit = random.float(commodity.unitWeight[0], commodity.unitWeight[1]);
      const packageCount = Math.max(1, Math.round(share / unit));
      lineItems.push({
        id: ids.uuid(),
        pickupStopId: pickups[item % pickups.length]!.orderStopId,
        deliveryStopId: deliveries[item % deliveries.length]!.orderStopId,
        commodity,
        packageCount,
        weight: Math.round(packageCount * unit),
      });
    }
    const weight = lineItems.reduce((sum, item) => sum + item.weight, 0);
    const isHazmat = lineItems.some((item) => item.commodity.hazmat);

    const hasCarrier =
      status >= ShipmentStatus.Booked || (status === ShipmentStatus.Voided && random.chance(0.4));
    const carrier = hasCarrier ? chooseCarrier(local, parties, counters, status, profile) : null;
    const rate = rateFor(local, profile, miles, weight, shippingMode, route.length - 2);
    const maxBuyCents = round500(rate.total * random.float(1.03, 1.08));
    const customerRateCents = round500(rate.total * random.float(1.1, 1.22));
    const shipmentId = ids.uuid();
    const orderId = ids.uuid();
    const equipmentTypes = random.pick(EQUIPMENT_PROFILES[profile].types);
    const serviceLevel =
      status === ShipmentStatus.ReadyToBook && random.chance(0.25)
        ? 1
        : carrier && random.chance(0.1)
          ? 2
          : 0;

    const timed = timesForStatus(local, status, route, legMiles);
    const stops: StopPlan[] = route.map((stop, position) => {
      const times = timed[position]!;
      const visited = status > ShipmentStatus.Booked;
      return {
        ...stopIds[position]!,
        stopNumber: position + 1,
        type: stop.type,
        location: stop.location,
        place: stop.place,
        name: stop.name,
        addressLine1: stop.addressLine1,
        postalCode: stop.postalCode,
        early: times.early,
        late: times.late,
        appointment: times.appointment,
        arrived: visited && times.arrived <= now ? times.arrived : null,
        departed: visited && times.departed <= now ? times.departed : null,
        legMiles: legMiles[position]!,
      };
    });

    // What happened, in order.
    const pickupAt = stops[0]!.appointment ?? stops[0]!.early;
    const clampPast = (instant: Date) =>
      instant > now ? addHours(now, -random.float(0.1, 0.6)) : instant;
    const createdAt = clampPast(addHours(pickupAt, -random.float(20, 240)));
    const reached = (threshold: ShipmentStatus) => status >= threshold;
    const voidedFrom =
      status === ShipmentStatus.Voided
        ? carrier
          ? ShipmentStatus.Booked
          : random.weighted([
              [ShipmentStatus.Draft, 3],
              [ShipmentStatus.ReadyToBook, 5],
              [ShipmentStatus.Tendering, 2],
            ] as const)
        : null;
    const lifecycle = voidedFrom ?? status;
    const readyAt =
      lifecycle >= ShipmentStatus.ReadyToBook
        ? clampPast(addHours(createdAt, random.float(0.1, 6)))
        : null;
    const origination: ShipmentPlan['origination'] =
      lifecycle >= ShipmentStatus.Booked
        ? random.chance(0.65)
          ? 'TmsContract'
          : 'TmsSpot'
        : lifecycle === ShipmentStatus.Tendering
          ? 'TmsContract'
          : null;
    const tenderedAt =
      (lifecycle === ShipmentStatus.Tendering || origination === 'TmsContract') && readyAt
        ? clampPast(addHours(readyAt, random.float(0.2, 12)))
        : null;
    let bookedAt: Date | null = null;
    if (lifecycle >= ShipmentStatus.Booked) {
      const from = (tenderedAt ?? readyAt ?? createdAt).getTime();
      const until = Math.min(pickupAt.getTime() - HOUR, now.getTime() - 0.1 * HOUR);
      bookedAt = new Date(
        until > from ? from + random.float(0.05, 0.6) * (until - from) : from + 0.1 * HOUR,
      );
    }
    const firstArrival = stops[0]!.arrived ?? timed[0]!.arrived;
    let dispatchedAt: Date | null = null;
    if (reached(ShipmentStatus.Dispatched) && bookedAt) {
      const candidate = addHours(firstArrival, -random.float(1, 10));
      dispatchedAt = clampPast(candidate < bookedAt ? addHours(bookedAt, 0.2) : candidate);
    }
    const last = stops[stops.length - 1]!;
    const deliveredAt = reached(ShipmentStatus.Delivered) ? last.departed : null;
    const confirmedAt =
      status === ShipmentStatus.DeliveryConfirmed && deliveredAt
        ? clampPast(addHours(deliveredAt, random.float(4, 60)))
        : null;
    const voidedAt =
      status === ShipmentStatus.Voided
        ? clampPast(addHours(bookedAt ?? tenderedAt ?? readyAt ?? createdAt, random.float(1, 30)))
        : null;

    const isTeam = carrier !== null && miles > 1500 && random.chance(0.25);
    let drivers: Person[] = [];
    if (carrier && reached(ShipmentStatus.Dispatched)) {
      const demoDriverTurn =
        carrier === parties.demoCarrier &&
        ((!counters.driverDemo.has(status) &&
          (status === ShipmentStatus.Dispatched ||
            status === ShipmentStatus.InTransit ||
            status >= ShipmentStatus.Delivered)) ||
          (status >= ShipmentStatus.Delivered && random.chance(0.25)));
      if (demoDriverTurn) counters.driverDemo.add(status);
      const others = carrier.drivers.filter((driver) => driver !== parties.demo.driver);
      const primary = demoDriverTurn ? parties.demo.driver : random.pick(others);
      drivers = isTeam
        ? [primary, random.pick(others.filter((driver) => driver !== primary))]
        : [primary];
    }
    const withEquipment =
      carrier &&
      (reached(ShipmentStatus.Dispatched) ||
        (status === ShipmentStatus.Booked && random.chance(0.5)));
    const trailerPool = carrier?.trailers.filter((trailer) => trailer.profile === profile) ?? [];
    const trailer = withEquipment
      ? random.pick(trailerPool.length ? trailerPool : carrier.trailers)
      : null;
    const powerUnitId = withEquipment ? random.pick(carrier.powerUnits).id : null;

    plans.push({
      id: shipmentId,
      orderId,
      number: '',
      orderNumber: '',
      status,
      customer,
      carrier,
      profile,
      equipmentTypes,
      shippingMode,
      stops,
      lineItems,
      miles,
      weight,
      carrierRateCents: carrier && lifecycle >= ShipmentStatus.Booked ? rate.total : null,
      fuelPerMileCents: rate.fuelPerMile,
      quotedRateCents: rate.total,
      maxBuyCents,
      customerRateCents,
      createdAt,
      readyAt,
      tenderedAt,
      bookedAt,
      dispatchedAt,
      deliveredAt,
      confirmedAt,
      voidedAt,
      voidedFrom,
      drivers,
      trailer,
      powerUnitId,
      isTeam,
      isHazmat,
      origination,
      serviceLevel,
      references: [],
      tripId: null,
    });
  });

  // Numbers follow creation order, as a TMS hands them out.
  const ordered = [...plans].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  ordered.forEach((plan, index) => {
    plan.number = String(1_000_001 + index);
    plan.orderNumber = String(5_000_001 + index);
  });
  return ordered;
}

// ---- Writing the rows ----

const ORDER_STATUS: Readonly<Record<number, string>> = {
  [-1]: 'Cancelled',
  0: 'Open',
  1: 'Open',
  2: 'Open',
  3: 'In Progress',
  4: 'In Progress',
  5: 'In Progress',
  6: 'In Progress',
  7: 'Completed',
  8: 'Completed',
};

function references(random: SeededRandom, plan: ShipmentPlan): ShipmentPlan['references'] {
  const list: ShipmentPlan['references'] = [];
  const po = `${random.pick(['45', '47', '82'])}${random.digits(8)}`;
  if (random.chance(0.1)) list.push({ label: 'Purchase Order', value: po });
  else if (random.chance(0.9)) list.push({ label: 'PO', value: po });
  if (random.chance(0.7))
    list.push({ label: 'BOL', value: `${random.int(6, 8)}${random.digits(6)}` });
  if (random.chance(0.12)) list.push({ label: 'Sales Order', value: `SO-${random.digits(6)}` });
  else if (random.chance(0.35)) list.push({ label: 'SO', value: `${random.digits(7)}` });
  if (random.chance(0.03)) list.push({ label: 'Transfer Order', value: `TO-${random.digits(5)}` });
  if (random.chance(0.02)) list.push({ label: 'Return Order', value: `RA-${random.digits(6)}` });
  if (plan.customer.isBroker) list.push({ label: 'Load ID', value: `CX${random.digits(6)}` });
  for (const stop of plan.stops) {
    if (stop.type === 'Pickup' && random.chance(0.5))
      list.push({ label: 'Pickup #', value: random.digits(6), orderStopId: stop.orderStopId });
    if (stop.type === 'Delivery' && random.chance(0.35)) {
      list.push({
        label: random.pick(['Delivery #', 'Appointment #']),
        value: random.digits(7),
        orderStopId: stop.orderStopId,
      });
    }
  }
  return list;
}

const ACTIVITY_SOURCES = ['ELD', 'Driver App', 'Portal', 'EDI'] as const;

/** Writes orders, shipments and everything that happened to them. */
export function writeShipments(
  ctx: WorldContext,
  parties: Parties,
  plans: readonly ShipmentPlan[],
): void {
  const stream = ctx.random.fork('shipment-rows');
  const idStream = ctx.ids.fork('shipment-rows');
  const { sink, now } = ctx;
  const staff = parties.staff;

  for (const plan of plans) {
    const random = stream.fork(plan.id);
    const ids = idStream.fork(plan.id);
    const local: WorldContext = { ...ctx, random, ids };
    const { customer, carrier } = plan;
    plan.references = references(random, plan);
    const lifted = (label: string) =>
      plan.references.find((reference) => reference.label === label)?.value ?? null;
    const source = random.weighted([
      ['EDI', 5],
      ['Portal', 3],
      ['API', 1],
      ['Manual', 1],
    ] as const);
    const hazmatItem = plan.lineItems.find((item) => item.commodity.hazmat);
    const updatedAt =
      plan.confirmedAt ??
      plan.deliveredAt ??
      plan.voidedAt ??
      plan.dispatchedAt ??
      plan.bookedAt ??
      plan.readyAt ??
      plan.createdAt;
    sink.add('orders', {
      id: plan.orderId,
      orderNumber: plan.orderNumber,
      customerCompanyId: customer.id,
      operatorCompanyId: parties.operator.id,
      orderType: plan.shippingMode === 1 ? 'LTL' : 'Standard',
      freightTermType: random.weighted([
        ['Prepaid', 8],
        ['Collect', 1],
        ['Third Party', 1],
      ] as const),
      status: ORDER_STATUS[plan.status] ?? 'Open',
      markupCents: plan.customerRateCents - (plan.carrierRateCents ?? plan.maxBuyCents),
      freightValueCents: Math.round(plan.weight * random.float(1.5, 6) * 100),
      shippingMode: plan.shippingMode,
      equipmentMode: EQUIPMENT_PROFILES[plan.profile].mode,
      equipmentTypes: plan.equipmentTypes,
      isJustInTime: random.chance(0.05),
      isTeamRequired: plan.isTeam,
      isBlind: random.chance(0.03),
      isHazmat: plan.isHazmat,
      specialInstructions: random.chance(0.4) ? random.pick(SPECIAL_INSTRUCTIONS) : null,
      reeferTemperature: plan.profile === 'reefer' ? random.pick([34, 36, 38, 0, -10]) : null,
      reeferMode: plan.profile === 'reefer' ? random.pick(['Continuous', 'Cycle-Sentry']) : null,
      hazmatEmergencyContactInfo: hazmatItem ? 'Bayou Chemical 24-hour line (504) 555-0111' : null,
      chemtracAccountNumber: hazmatItem ? `CCN${random.digits(6)}` : null,
      orderSource: source,
      salesOrderNumber: lifted('Sales Order'),
      purchaseOrderNumber: lifted('Purchase Order'),
      transferOrderNumber: lifted('Transfer Order'),
      returnAuthorizationNumber: lifted('Return Order'),
      tmsOrderDetails:
        source === 'EDI'
          ? JSON.stringify({
              ediTransaction: '204',
              senderId: customer.name.replace(/[^A-Z]/g, ''),
              controlNumber: random.digits(9),
            })
          : null,
      createdBy: customer.isBroker
        ? parties.demo.broker.id
        : source === 'Manual'
          ? staff.sales.id
          : null,
      createdAt: plan.createdAt,
      updatedAt,
    });

    for (const stop of plan.stops) {
      const contact = random.chance(0.5)
        ? customer.contacts[random.int(0, customer.contacts.length - 1)]
        : undefined;
      sink.add('orderStops', {
        id: stop.orderStopId,
        orderId: plan.orderId,
        customerCompanyId: customer.id,
        stopNumber: stop.stopNumber,
        stopType: stop.type,
        locationId: stop.location?.id ?? null,
        locationNumber: stop.location?.number ?? 'N/A',
        ediCode:
          stop.location && random.chance(0.3) ? `${stop.place.state}${random.digits(4)}` : null,
        locationName: stop.name,
        addressLine1: stop.addressLine1,
        city: stop.place.city,
        state: stop.place.state,
        postalCode: stop.postalCode,
        country: stop.place.country,
        latitude: stop.place.latitude,
        longitude: stop.place.longitude,
        ianaTimezone: stop.place.timeZone,
        appointmentAt: stop.appointment,
        earlyAt: stop.early,
        lateAt: stop.late,
        contactFirstName: contact?.firstName ?? null,
        contactLastName: contact?.lastName ?? null,
        contactEmail: contact?.email ?? null,
        contactPhone: contact?.phone ?? null,
      });
    }
    for (const item of plan.lineItems) {
      const { commodity } = item;
      sink.add('orderLineItems', {
        id: item.id,
        orderId: plan.orderId,
        customerCompanyId: customer.id,
        pickupStopId: item.pickupStopId,
        deliveryStopId: item.deliveryStopId,
        description: commodity.description,
        freightClass: commodity.freightClass,
        packageType: commodity.packageType,
        packageCount: item.packageCount,
        pieceCount:
          commodity.packageType === 'Pallet'
            ? item.packageCount * random.int(20, 60)
            : item.packageCount,
        lengthInches: commodity.packageType === 'Pallet' ? 48 : random.int(30, 96),
        widthInches: commodity.packageType === 'Pallet' ? 40 : random.int(24, 48),
        heightInches: random.int(36, 72),
        weightPounds: item.weight,
        isHazmat: Boolean(commodity.hazmat),
        hazmatGroup: commodity.hazmat?.group ?? null,
        hazmatClass: commodity.hazmat?.hazmatClass ?? null,
        unNumber: commodity.hazmat?.unNumber ?? null,
      });
    }
    for (const reference of plan.references) {
      sink.add('referenceNumbers', {
        id: ids.uuid(),
        orderId: plan.orderId,
        orderStopId: reference.orderStopId ?? null,
        customerCompanyId: customer.id,
        label: reference.label,
        value: reference.value,
      });
    }
    if (random.chance(0.25)) {
      for (const [requirement, description] of random.sample(
        ORDER_REQUIREMENTS,
        random.int(1, 2),
      )) {
        sink.add('orderRequirements', {
          id: ids.uuid(),
          orderId: plan.orderId,
          customerCompanyId: customer.id,
          requirement,
          description,
        });
      }
    }
    if (random.chance(0.1)) {
      const [code, description, amount] = random.pick([
        ['LFT', 'Liftgate service', 7_500],
        ['INS', 'Inside delivery', 12_500],
        ['APPT', 'Delivery appointment', 3_500],
        ['RES', 'Residential delivery', 9_500],
      ] as const);
      sink.add('orderAccessorials', {
        id: ids.uuid(),
        orderId: plan.orderId,
        customerCompanyId: customer.id,
        code,
        description,
        amountCents: amount,
      });
    }

    const first = plan.stops[0]!;
    const last = plan.stops[plan.stops.length - 1]!;
    const active = plan.status >= ShipmentStatus.Dispatched && plan.status <= ShipmentStatus.AtStop;
    const visited = plan.stops.filter((stop) => stop.arrived);
    const onTime =
      plan.status >= ShipmentStatus.InTransit && visited.length > 0
        ? visited.every((stop) => stop.arrived!.getTime() <= stop.late.getTime() + minutes(15))
        : null;
    const needsUpdate =
      active && random.chance(plan.status === ShipmentStatus.InTransit ? 0.4 : 0.25);
    sink.add('shipments', {
      id: plan.id,
      shipmentNumber: plan.number,
      orderId: plan.orderId,
      operatorCompanyId: parties.operator.id,
      customerCompanyId: customer.id,
      carrierCompanyId: carrier?.id ?? null,
      tripId: plan.tripId,
      status: plan.status,
      shippingMode: plan.shippingMode,
      equipmentMode: EQUIPMENT_PROFILES[plan.profile].mode,
      equipmentTypes: plan.equipmentTypes,
      equipmentLengthFeet: plan.profile === 'flatbed' ? 48 : plan.profile === 'bulk' ? 42 : 53,
      trailerId: plan.trailer?.id ?? null,
      powerUnitId: plan.powerUnitId,
      totalWeightPounds: plan.weight,
      totalMiles: plan.miles,
      maxBuyCents: plan.maxBuyCents,
      carrierRateCents: plan.carrierRateCents,
      customerRateCents: plan.customerRateCents,
      rateType: plan.carrierRateCents ? 'Flat' : null,
      chargeRateType: plan.carrierRateCents ? 'LineHaul' : null,
      originationType: plan.origination,
      serviceLevel: plan.serviceLevel,
      shippingProNumber:
        plan.shippingMode === 1 || (plan.status >= ShipmentStatus.Delivered && random.chance(0.2))
          ? random.digits(10)
          : null,
      emptyLocationCity:
        plan.status >= ShipmentStatus.Delivered && carrier === parties.demoCarrier
          ? last.place.city
          : null,
      emptyLocationState:
        plan.status >= ShipmentStatus.Delivered && carrier === parties.demoCarrier
          ? last.place.state
          : null,
      emptyLocationPostalCode:
        plan.status >= ShipmentStatus.Delivered && carrier === parties.demoCarrier
          ? last.postalCode
          : null,
      emptyAt:
        plan.status >= ShipmentStatus.Delivered && carrier === parties.demoCarrier
          ? plan.deliveredAt
          : null,
      originCity: first.place.city,
      originState: first.place.state,
      originPostalCode: first.postalCode,
      originLatitude: first.place.latitude,
      originLongitude: first.place.longitude,
      destinationCity: last.place.city,
      destinationState: last.place.state,
      destinationPostalCode: last.postalCode,
      destinationLatitude: last.place.latitude,
      destinationLongitude: last.place.longitude,
      pickupAt: first.appointment ?? first.early,
      deliveryAt: last.appointment ?? last.early,
      nextUpdateDueAt: active
        ? needsUpdate
          ? addHours(now, -random.float(0.5, 9))
          : addHours(now, random.float(0.5, 4))
        : null,
      isOnTime: onTime,
      bookedAt: plan.bookedAt,
      deliveredAt: plan.deliveredAt,
      createdAt: plan.createdAt,
      updatedAt:
        plan.confirmedAt ??
        plan.deliveredAt ??
        plan.voidedAt ??
        plan.dispatchedAt ??
        plan.bookedAt ??
        plan.readyAt ??
        plan.createdAt,
    });
    for (const stop of plan.stops) {
      sink.add('shipmentStops', {
        id: stop.shipmentStopId,
        shipmentId: plan.id,
        orderStopId: stop.orderStopId,
        stopNumber: stop.stopNumber,
        stopType: stop.type,
        locationId: stop.location?.id ?? null,
        locationName: stop.name,
        addressLine1: stop.addressLine1,
        city: stop.place.city,
        state: stop.place.state,
        postalCode: stop.postalCode,
        country: stop.place.country,
        latitude: stop.place.latitude,
        longitude: stop.place.longitude,
        ianaTimezone: stop.place.timeZone,
        earlyAt: stop.early,
        lateAt: stop.late,
        appointmentAt: stop.appointment,
        arrivedAt: stop.arrived,
        departedAt: stop.departed,
        isPreloaded: stop.type === 'Pickup' && random.chance(0.05),
      });
    }

    if (carrier && plan.dispatchedAt) {
      plan.drivers.forEach((driver, index) => {
        sink.add('shipmentDrivers', {
          shipmentId: plan.id,
          driverId: driver.id,
          carrierCompanyId: carrier.id,
          isPrimary: index === 0,
          assignedAt: plan.dispatchedAt!,
          assignedBy: carrier.dispatchers[0]?.id ?? carrier.admin.id,
        });
      });
      writeTracking(local, random, parties, plan);
    }
    writeHistory(local, random, parties, plan);
  }
}

function writeTracking(
  ctx: WorldContext,
  random: SeededRandom,
  parties: Parties,
  plan: ShipmentPlan,
): void {
  const { sink, ids, now } = ctx;
  const carrier = plan.carrier!;
  const driver = plan.drivers[0];
  const activity = (
    type: string,
    at: Date,
    where: Pick<Place, 'city' | 'state' | 'latitude' | 'longitude'>,
    note: string | null,
    stopId: string | null,
  ) => {
    const sourceName = type === 'Dispatched' ? 'Portal' : random.pick(ACTIVITY_SOURCES);
    sink.add('trackingActivities', {
      id: ids.uuid(),
      shipmentId: plan.id,
      shipmentStopId: stopId,
      activityType: type,
      occurredAt: at,
      city: where.city,
      state: where.state,
      latitude: where.latitude,
      longitude: where.longitude,
      note,
      source: sourceName,
      createdBy:
        sourceName === 'Driver App'
          ? (driver?.id ?? null)
          : sourceName === 'Portal'
            ? (carrier.dispatchers[0]?.id ?? null)
            : null,
      createdAt: at,
    });
  };
  activity(
    'Dispatched',
    plan.dispatchedAt!,
    plan.stops[0]!.place,
    `Driver ${driver ? `${driver.firstName} ${driver.lastName}` : ''} dispatched with truck ${plan.powerUnitId ? carrier.powerUnits.find((unit) => unit.id === plan.powerUnitId)?.number : ''} and trailer ${plan.trailer?.number ?? ''}`.replace(
      /\s+/g,
      ' ',
    ),
    null,
  );
  let previous: StopPlan | null = null;
  for (const stop of plan.stops) {
    if (previous?.departed) {
      const legEnd = stop.arrived ?? now;
      const pings = Math.min(
        3,
        Math.floor((legEnd.getTime() - previous.departed.getTime()) / (6 * HOUR)),
      );
      for (let ping = 1; ping <= pings; ping++) {
        const t = ping / (pings + 1);
        const at = new Date(
          previous.departed.getTime() + t * (legEnd.getTime() - previous.departed.getTime()),
        );
        if (at > now) break;
        const latitude =
          previous.place.latitude + t * (stop.place.latitude - previous.place.latitude);
        const longitude =
          previous.place.longitude + t * (stop.place.longitude - previous.place.longitude);
        const near = nearestPlace(ctx.placeList, latitude, longitude);
        activity(
          'LocationUpdate',
          at,
          { city: near.city, state: near.state, latitude, longitude },
          null,
          null,
        );
      }
    }
    if (stop.arrived) {
      activity('Arrived', stop.arrived, stop.place, `Arrived at ${stop.name}`, stop.shipmentStopId);
    }
    if (stop.departed) {
      const final = stop === plan.stops[plan.stops.length - 1];
      const count = plan.lineItems
        .filter(
          (item) =>
            item.pickupStopId === stop.orderStopId || item.deliveryStopId === stop.orderStopId,
        )
        .reduce((sum, item) => sum + item.packageCount, 0);
      activity(
        final ? 'Delivered' : 'Departed',
        stop.departed,
        stop.place,
        stop.type === 'Pickup' ? `Loaded ${count} pieces` : `Unloaded ${count} pieces`,
        stop.shipmentStopId,
      );
    }
    previous = stop;
  }
  if (
    plan.status >= ShipmentStatus.InTransit &&
    random.chance(plan.carrier === parties.demoCarrier ? 0.12 : 0.05)
  ) {
    const [problemType, description] = random.pick(TRACKING_PROBLEMS);
    const reportedAt = plan.stops.find((stop) => stop.departed)?.departed ?? plan.dispatchedAt!;
    sink.add('trackingProblems', {
      id: ids.uuid(),
      shipmentId: plan.id,
      problemType,
      description,
      reportedBy: carrier.dispatchers[0]?.id ?? carrier.admin.id,
      reportedAt:
        addHours(reportedAt, random.float(1, 6)) > now
          ? now
          : addHours(reportedAt, random.float(1, 6)),
      resolvedAt:
        plan.status >= ShipmentStatus.Delivered || random.chance(0.4)
          ? addHours(reportedAt, random.float(6, 12))
          : null,
    });
  }
}

function writeHistory(
  ctx: WorldContext,
  random: SeededRandom,
  parties: Parties,
  plan: ShipmentPlan,
): void {
  const { sink, now } = ctx;
  const staff = parties.staff;
  const carrierUser = plan.carrier?.dispatchers[0] ?? plan.carrier?.admin ?? null;
  let status: ShipmentStatus | null = null;
  const change = (
    to: ShipmentStatus,
    at: Date,
    userId: string | null,
    detail: Record<string, string> | null = null,
  ) => {
    if (at > now) return;
    sink.add('shipmentHistory', {
      shipmentId: plan.id,
      occurredAt: at,
      userId,
      action: status === null ? 'Created' : 'StatusChanged',
      fromStatus: status,
      toStatus: to,
      detail: detail ? JSON.stringify(detail) : null,
    });
    status = to;
  };
  change(
    ShipmentStatus.Draft,
    plan.createdAt,
    plan.customer.isBroker ? parties.demo.broker.id : staff.sales.id,
    { source: 'Order created' },
  );
  if (plan.readyAt) change(ShipmentStatus.ReadyToBook, plan.readyAt, staff.sales.id);
  if (plan.tenderedAt) change(ShipmentStatus.Tendering, plan.tenderedAt, staff.sales.id);
  if (plan.bookedAt && plan.carrier) {
    change(
      ShipmentStatus.Booked,
      plan.bookedAt,
      plan.origination === 'TmsSpot' ? staff.sales.id : plan.carrier.admin.id,
      {
        carrier: plan.carrier.name,
        rate: ((plan.carrierRateCents ?? 0) / 100).toFixed(2),
      },
    );
  }
  if (plan.voidedAt) {
    change(ShipmentStatus.Voided, plan.voidedAt, staff.sales.id, {
      reason: random.pick([
        'Customer cancelled the order',
        'Duplicate order',
        'Freight not ready; order will be re-entered',
        'Customer moved the load to another mode',
      ]),
    });
    return;
  }
  if (plan.dispatchedAt)
    change(ShipmentStatus.Dispatched, plan.dispatchedAt, carrierUser?.id ?? null);
  plan.stops.forEach((stop, index) => {
    const source = random.chance(0.5) ? { source: 'ELD' } : null;
    if (stop.arrived)
      change(
        ShipmentStatus.AtStop,
        stop.arrived,
        source ? null : (plan.drivers[0]?.id ?? null),
        source,
      );
    if (stop.departed) {
      const final = index === plan.stops.length - 1;
      change(
        final ? ShipmentStatus.Delivered : ShipmentStatus.InTransit,
        stop.departed,
        source ? null : (plan.drivers[0]?.id ?? null),
        source,
      );
    }
  });
  if (plan.confirmedAt)
    change(ShipmentStatus.DeliveryConfirmed, plan.confirmedAt, staff.tracking.id, {
      note: 'Proof of delivery reviewed',
    });
}

/** Line items confirmed at delivery for part of the delivered loads. */
export function writeLineItemConfirmations(
  ctx: WorldContext,
  plans: readonly ShipmentPlan[],
  demoCarrierId: string,
): void {
  const random = ctx.random.fork('confirmations');
  for (const plan of plans) {
    if (
      plan.status < ShipmentStatus.Delivered ||
      plan.carrier?.id !== demoCarrierId ||
      !random.chance(0.6)
    )
      continue;
    for (const stop of plan.stops) {
      if (stop.type !== 'Delivery' || !stop.departed) continue;
      for (const item of plan.lineItems.filter(
        (line) => line.deliveryStopId === stop.orderStopId,
      )) {
        ctx.sink.add('stopLineItemConfirmations', {
          shipmentStopId: stop.shipmentStopId,
          orderLineItemId: item.id,
          shipmentId: plan.id,
          confirmedPackageCount: random.chance(0.95) ? item.packageCount : item.packageCount - 1,
          confirmedAt: stop.departed,
        });
      }
    }
  }
}
