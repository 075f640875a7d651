import { valuesOf, type ValueOf } from './enum-values';
import { ShipmentStatus, shipmentStatusDisplayName } from './shipments';
import { zonedFormats } from './calendar-dates';

/**
 * The shipment state machine: which status may follow which, by which action, and who may take it.
 * The API enforces it (409 for a move the machine does not have, 403 for a caller who may not make
 * it); the web reads the same table to offer only the actions that will succeed.
 * See docs/decisions/050-shipment-state-machine.md.
 */

/** How the caller stands to one shipment. */
export const ShipmentActor = {
  /** The operator's staff (the brokerage running the portal). */
  Operator: 'operator',
  /** The company whose order it is (a shipper, or a broker acting for one). */
  Customer: 'customer',
  /** A user of the carrier that hauls it (not a driver-only user). */
  Carrier: 'carrier',
  /** A driver assigned to it (driver-only users and driver-link sessions). */
  Driver: 'driver',
  /** The portal itself, reacting to an event (the last open tender rejected, for example). */
  System: 'system',
} as const;
export type ShipmentActor = ValueOf<typeof ShipmentActor>;

export const SHIPMENT_ACTOR_NAMES: Readonly<Record<ShipmentActor, string>> = {
  operator: 'the operator',
  customer: "the shipment's customer",
  carrier: "the shipment's carrier",
  driver: 'an assigned driver',
  system: 'the portal',
};

export const ShipmentAction = {
  /** Draft -> Ready to Book: offered on the load board. */
  Release: 'release',
  /** Ready to Book -> Draft: taken off the load board. */
  Withdraw: 'withdraw',
  /** Ready to Book -> Tendering: a tender is sent to a carrier. */
  SendTender: 'sendTender',
  /** Tendering -> Ready to Book: the open tenders are rescinded (or all were rejected). */
  RescindTenders: 'rescindTenders',
  /**
   * Ready to Book -> Booked: a carrier books a rate, the operator books one for it, or the customer
   * books its own LTL order at a carrier's LTL rate (decision 210).
   */
  Book: 'book',
  /** Tendering -> Booked: the carrier accepts the tender. */
  AcceptTender: 'acceptTender',
  /** Booked or Dispatched -> Ready to Book: the booking is withdrawn; the load goes back on the board. */
  RescindBooking: 'rescindBooking',
  /** Booked -> Dispatched: the shipment has its driver and equipment. */
  Dispatch: 'dispatch',
  /** Dispatched -> Booked: the last driver or the power unit is taken off before the first arrival. */
  Undispatch: 'undispatch',
  /** Dispatched or In Transit -> At Stop: the truck arrives at the next stop. */
  Arrive: 'arrive',
  /** At Stop -> In Transit (or Delivered at the last stop): the truck leaves the stop. */
  Depart: 'depart',
  /** Dispatched, In Transit or At Stop -> Delivered: the remaining stops are closed at once. */
  QuickClose: 'quickClose',
  /** Delivered -> Delivery Confirmed: a proof of delivery is on file for every delivery stop. */
  ConfirmDelivery: 'confirmDelivery',
  /** Delivery Confirmed -> Delivered: the operator rejects the proof of delivery. */
  ReopenDelivery: 'reopenDelivery',
  /** Anything before the road -> Voided. */
  Void: 'void',
} as const;
export type ShipmentAction = ValueOf<typeof ShipmentAction>;

export const SHIPMENT_ACTIONS: readonly ShipmentAction[] = valuesOf(ShipmentAction);

/** The action as a verb, for messages ("Cannot void a shipment that is In Transit"). */
export const SHIPMENT_ACTION_VERBS: Readonly<Record<ShipmentAction, string>> = {
  release: 'release to the load board',
  withdraw: 'withdraw from the load board',
  sendTender: 'tender',
  rescindTenders: 'rescind the tenders of',
  book: 'book',
  acceptTender: 'accept the tender of',
  rescindBooking: 'rescind the booking of',
  dispatch: 'dispatch',
  undispatch: 'undo the dispatch of',
  arrive: 'record an arrival on',
  depart: 'record a departure on',
  quickClose: 'quick close',
  confirmDelivery: 'confirm delivery of',
  reopenDelivery: 'reopen the delivery of',
  void: 'void',
};

export interface ShipmentTransition {
  readonly from: ShipmentStatus;
  readonly to: ShipmentStatus;
  readonly action: ShipmentAction;
  readonly actors: readonly ShipmentActor[];
}

const S = ShipmentStatus;
const A = ShipmentAction;
const { Operator, Customer, Carrier, Driver, System } = ShipmentActor;

/** Every move the machine has. A pair not listed here is forbidden for everyone. */
export const SHIPMENT_TRANSITIONS: readonly ShipmentTransition[] = [
  { from: S.Draft, to: S.ReadyToBook, action: A.Release, actors: [Operator, Customer] },
  { from: S.Draft, to: S.Voided, action: A.Void, actors: [Operator, Customer] },

  { from: S.ReadyToBook, to: S.Draft, action: A.Withdraw, actors: [Operator, Customer] },
  { from: S.ReadyToBook, to: S.Tendering, action: A.SendTender, actors: [Operator] },
  { from: S.ReadyToBook, to: S.Booked, action: A.Book, actors: [Carrier, Operator, Customer] },
  { from: S.ReadyToBook, to: S.Voided, action: A.Void, actors: [Operator, Customer] },

  {
    from: S.Tendering,
    to: S.ReadyToBook,
    action: A.RescindTenders,
    actors: [Operator, Customer, System],
  },
  { from: S.Tendering, to: S.Booked, action: A.AcceptTender, actors: [Carrier] },
  { from: S.Tendering, to: S.Voided, action: A.Void, actors: [Operator, Customer] },

  { from: S.Booked, to: S.ReadyToBook, action: A.RescindBooking, actors: [Carrier, Operator] },
  { from: S.Booked, to: S.Dispatched, action: A.Dispatch, actors: [Carrier, Driver, Operator] },
  { from: S.Booked, to: S.Voided, action: A.Void, actors: [Operator] },

  { from: S.Dispatched, to: S.Booked, action: A.Undispatch, actors: [Carrier, Operator] },
  {
    from: S.Dispatched,
    to: S.ReadyToBook,
    action: A.RescindBooking,
    actors: [Carrier, Operator],
  },
  { from: S.Dispatched, to: S.AtStop, action: A.Arrive, actors: [Carrier, Driver, Operator] },
  { from: S.Dispatched, to: S.Delivered, action: A.QuickClose, actors: [Carrier, Operator] },
  { from: S.Dispatched, to: S.Voided, action: A.Void, actors: [Operator] },

  { from: S.InTransit, to: S.AtStop, action: A.Arrive, actors: [Carrier, Driver, Operator] },
  { from: S.InTransit, to: S.Delivered, action: A.QuickClose, actors: [Carrier, Operator] },

  { from: S.AtStop, to: S.InTransit, action: A.Depart, actors: [Carrier, Driver, Operator] },
  { from: S.AtStop, to: S.Delivered, action: A.Depart, actors: [Carrier, Driver, Operator] },
  { from: S.AtStop, to: S.Delivered, action: A.QuickClose, actors: [Carrier, Operator] },

  {
    from: S.Delivered,
    to: S.DeliveryConfirmed,
    action: A.ConfirmDelivery,
    actors: [Carrier, Driver, Operator],
  },
  { from: S.DeliveryConfirmed, to: S.Delivered, action: A.ReopenDelivery, actors: [Operator] },
];

/** The moves from one status to another, whatever the action. */
export function shipmentTransitionsBetween(
  from: ShipmentStatus,
  to: ShipmentStatus,
): ShipmentTransition[] {
  return SHIPMENT_TRANSITIONS.filter(
    (transition) => transition.from === from && transition.to === to,
  );
}

export function isShipmentTransitionAllowed(from: ShipmentStatus, to: ShipmentStatus): boolean {
  return shipmentTransitionsBetween(from, to).length > 0;
}

/** The statuses an action starts from, in status order. */
export function statusesForAction(action: ShipmentAction): ShipmentStatus[] {
  return [
    ...new Set(SHIPMENT_TRANSITIONS.filter((t) => t.action === action).map((t) => t.from)),
  ].sort((a, b) => a - b);
}

function joinNames(names: readonly string[], conjunction: 'or' | 'and'): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${conjunction} ${names[names.length - 1]}`;
}

export type ShipmentTransitionCheck =
  | { readonly ok: true; readonly transition: ShipmentTransition }
  | {
      readonly ok: false;
      /** 409: the machine has no such move from here. 403: the move exists, not for this caller. */
      readonly status: 403 | 409;
      readonly message: string;
    };

/**
 * Whether `actor` may take `action` on a shipment in status `from`, ending in `to` (when the action
 * can end in more than one status, as a departure can). The message says what was wrong in words a
 * dispatcher understands.
 */
export function checkShipmentTransition(input: {
  readonly from: ShipmentStatus;
  readonly action: ShipmentAction;
  readonly actor: ShipmentActor;
  readonly to?: ShipmentStatus;
}): ShipmentTransitionCheck {
  const { from, action, actor, to } = input;
  const candidates = SHIPMENT_TRANSITIONS.filter(
    (transition) =>
      transition.action === action &&
      transition.from === from &&
      (to === undefined || transition.to === to),
  );
  const verb = SHIPMENT_ACTION_VERBS[action];
  if (candidates.length === 0) {
    const fromHere = SHIPMENT_TRANSITIONS.some(
      (transition) => transition.action === action && transition.from === from,
    );
    if (fromHere && to !== undefined) {
      return {
        ok: false,
        status: 409,
        message: `Cannot ${verb} a shipment that is ${shipmentStatusDisplayName(from)} to make it ${shipmentStatusDisplayName(to)}.`,
      };
    }
    const starts = statusesForAction(action).map(shipmentStatusDisplayName);
    return {
      ok: false,
      status: 409,
      message:
        `Cannot ${verb} a shipment that is ${shipmentStatusDisplayName(from)}` +
        (starts.length > 0 ? `; only a shipment that is ${joinNames(starts, 'or')} can be.` : '.'),
    };
  }
  const permitted = candidates.find((transition) => transition.actors.includes(actor));
  if (!permitted) {
    const who = candidates[0]!.actors.map((name) => SHIPMENT_ACTOR_NAMES[name]);
    return {
      ok: false,
      status: 403,
      message: `Only ${joinNames(who, 'or')} may ${verb} a shipment that is ${shipmentStatusDisplayName(from)}.`,
    };
  }
  return { ok: true, transition: permitted };
}

/** A plain "from X to Y" refusal, for a requested status the machine cannot reach. */
export function shipmentTransitionRefusal(from: ShipmentStatus, to: ShipmentStatus): string {
  return `A shipment cannot go from ${shipmentStatusDisplayName(from)} to ${shipmentStatusDisplayName(to)}.`;
}

/** What an actor may do to a shipment in this status: the web shows these actions and no others. */
export function shipmentActionsFor(
  status: ShipmentStatus,
  actor: ShipmentActor,
): { action: ShipmentAction; to: ShipmentStatus }[] {
  return SHIPMENT_TRANSITIONS.filter(
    (transition) => transition.from === status && transition.actors.includes(actor),
  ).map(({ action, to }) => ({ action, to }));
}

/**
 * The actions the status endpoint (PATCH .../status) takes directly. The others belong to an
 * operation that carries more than a status: a booking, a tender answer, a stop arrival, a void...
 */
export const DIRECT_STATUS_ACTIONS: readonly ShipmentAction[] = [
  ShipmentAction.Release,
  ShipmentAction.Withdraw,
  ShipmentAction.RescindTenders,
  ShipmentAction.ConfirmDelivery,
  ShipmentAction.ReopenDelivery,
];

/** Where a move that is not a direct status change is made, for the status endpoint's refusals. */
export const SHIPMENT_ACTION_OPERATIONS: Readonly<Record<ShipmentAction, string>> = {
  release: 'PATCH api/v2/shipments/{id}/status',
  withdraw: 'PATCH api/v2/shipments/{id}/status',
  sendTender: 'sending a tender',
  rescindTenders: 'PATCH api/v2/shipments/{id}/status',
  book: 'booking a rate',
  acceptTender: 'accepting the tender',
  rescindBooking: 'POST api/v2/shipments/{id}/rescind_booking',
  dispatch: 'assigning a driver and equipment',
  undispatch: 'removing the driver or power unit',
  arrive: 'recording the stop arrival',
  depart: 'recording the stop departure',
  quickClose: 'PATCH api/v2/shipments/{id}/quick_closure',
  confirmDelivery: 'PATCH api/v2/shipments/{id}/status',
  reopenDelivery: 'PATCH api/v2/shipments/{id}/status',
  void: 'DELETE api/v2/shipments/{id}',
};

// ---- Execution rules ----

/** Dispatched, In Transit, At Stop: the truck has the load (or is on its way to it). */
export const ACTIVE_SHIPMENT_STATUSES: readonly ShipmentStatus[] = [
  ShipmentStatus.Dispatched,
  ShipmentStatus.InTransit,
  ShipmentStatus.AtStop,
];

export function isShipmentActive(status: ShipmentStatus): boolean {
  return ACTIVE_SHIPMENT_STATUSES.includes(status);
}

/** After each tracking event (dispatch, arrival, departure, location update) the next one is due this much later. */
export const TRACKING_UPDATE_INTERVAL_HOURS = 4;

/** An arrival up to this long after the stop's late time still counts as on time. */
export const ON_TIME_GRACE_MINUTES = 15;

/** Reported times may run this far ahead of the server's clock (phones and ELDs drift). */
export const REPORTED_TIME_CLOCK_SKEW_MINUTES = 5;

/**
 * "Needs updates": an active shipment whose next tracking update is due (or overdue). The tracking
 * list's needsUpdates filter and the navigation's Shipments count both mean this.
 */
export function shipmentNeedsUpdate(
  status: ShipmentStatus,
  nextUpdateDueAt: Date | null,
  now: Date,
): boolean {
  return isShipmentActive(status) && nextUpdateDueAt !== null && nextUpdateDueAt <= now;
}

export function nextTrackingUpdateDue(eventAt: Date): Date {
  return new Date(eventAt.getTime() + TRACKING_UPDATE_INTERVAL_HOURS * 3600_000);
}

/** On time when the truck arrived no later than the stop's late time plus the grace. */
export function isStopArrivalOnTime(arrivedAt: Date, lateAt: Date | null): boolean | null {
  if (!lateAt) return null;
  return arrivedAt.getTime() <= lateAt.getTime() + ON_TIME_GRACE_MINUTES * 60_000;
}

/** A shipment is on time while every visited stop was; unknown until the first arrival. */
export function isShipmentOnTime(
  stops: readonly { arrivedAt: Date | null; lateAt: Date | null }[],
): boolean | null {
  const judged = stops
    .filter((stop) => stop.arrivedAt !== null)
    .map((stop) => isStopArrivalOnTime(stop.arrivedAt!, stop.lateAt))
    .filter((verdict): verdict is boolean => verdict !== null);
  if (judged.length === 0) return null;
  return judged.every(Boolean);
}

export const TrackingActivityType = {
  Dispatched: 'Dispatched',
  Arrived: 'Arrived',
  Departed: 'Departed',
  Delivered: 'Delivered',
  LocationUpdate: 'LocationUpdate',
  Note: 'Note',
} as const;
export type TrackingActivityType = ValueOf<typeof TrackingActivityType>;

/** The activities a user reports by hand; the others come from stop events and dispatch. */
export const REPORTABLE_TRACKING_ACTIVITY_TYPES = [
  TrackingActivityType.LocationUpdate,
  TrackingActivityType.Note,
] as const;

export const TRACKING_PROBLEM_TYPES = [
  'Mechanical',
  'Weather',
  'Traffic',
  'Shipper Delay',
  'Receiver Delay',
  'Hours of Service',
  'Accident',
  'Damaged Freight',
  'Short Shipment',
  'Other',
] as const;
export type TrackingProblemType = (typeof TRACKING_PROBLEM_TYPES)[number];

/** Trailer lengths offered by the length search, in feet. */
export const EQUIPMENT_LENGTHS_FEET = [20, 24, 26, 28, 32, 40, 45, 48, 53] as const;

/** The two shipment lists: booking (by pickup date) and tracking (by next update due). */
export const ShipmentListName = {
  Booking: 'booking',
  Tracking: 'tracking',
} as const;
export type ShipmentListName = ValueOf<typeof ShipmentListName>;

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

/** "2026-03-08T09:30" (a wall-clock time with no offset) split into its date and time, or undefined. */
export function splitLocalDateTime(value: string): { date: string; time: string } | undefined {
  const match = LOCAL_DATE_TIME.exec(value.trim());
  return match ? { date: match[1]!, time: match[2]! } : undefined;
}

const minuteFormat = zonedFormats('en-CA', {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The wall-clock "YYYY-MM-DDTHH:mm" of an instant in an IANA zone. */
export function localDateTimeInZone(instant: Date, timeZone: string): string {
  const parts = minuteFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

// ---- Who may run which part of a shipment (besides status moves) ----

export const ShipmentTask = {
  AssignDrivers: 'assignDrivers',
  SaveEquipment: 'saveEquipment',
  SetAppointments: 'setAppointments',
  ChangeStopWindow: 'changeStopWindow',
  RecordStopEvents: 'recordStopEvents',
  SetStopPreload: 'setStopPreload',
  SetProNumber: 'setProNumber',
  SetEmptyLocation: 'setEmptyLocation',
  ReportTracking: 'reportTracking',
  ReportProblems: 'reportProblems',
  ResolveProblems: 'resolveProblems',
  CreateBillOfLading: 'createBillOfLading',
  GenerateRateConfirmation: 'generateRateConfirmation',
  SignRateConfirmation: 'signRateConfirmation',
} as const;
export type ShipmentTask = ValueOf<typeof ShipmentTask>;

export const SHIPMENT_TASK_ACTORS: Readonly<Record<ShipmentTask, readonly ShipmentActor[]>> = {
  assignDrivers: [Carrier, Operator],
  saveEquipment: [Carrier, Driver, Operator],
  setAppointments: [Carrier, Operator],
  changeStopWindow: [Operator],
  recordStopEvents: [Carrier, Driver, Operator],
  setStopPreload: [Carrier, Operator],
  setProNumber: [Carrier, Driver, Operator],
  setEmptyLocation: [Carrier, Driver, Operator],
  reportTracking: [Carrier, Driver, Operator],
  reportProblems: [Carrier, Driver, Operator],
  resolveProblems: [Carrier, Operator],
  createBillOfLading: [Carrier, Driver, Operator],
  generateRateConfirmation: [Carrier, Operator],
  // The carrier accepts the rate; nobody signs on its behalf.
  signRateConfirmation: [Carrier],
};

export const SHIPMENT_TASK_DESCRIPTIONS: Readonly<Record<ShipmentTask, string>> = {
  assignDrivers: 'assign or remove drivers',
  saveEquipment: 'change the equipment',
  setAppointments: 'set stop appointments',
  changeStopWindow: "change a stop's window",
  recordStopEvents: 'record arrivals and departures',
  setStopPreload: 'mark a stop preloaded',
  setProNumber: 'set the PRO number',
  setEmptyLocation: 'set the empty location',
  reportTracking: 'report tracking',
  reportProblems: 'report problems',
  resolveProblems: 'resolve problems',
  createBillOfLading: 'create a bill of lading',
  generateRateConfirmation: 'generate the rate confirmation',
  signRateConfirmation: 'sign the rate confirmation',
};

export function canDoShipmentTask(task: ShipmentTask, actor: ShipmentActor | null): boolean {
  return actor !== null && SHIPMENT_TASK_ACTORS[task].includes(actor);
}

/** The statuses in which drivers and equipment may change: from booking until delivery. */
export const DISPATCHABLE_STATUSES: readonly ShipmentStatus[] = [
  ShipmentStatus.Booked,
  ShipmentStatus.Dispatched,
  ShipmentStatus.InTransit,
  ShipmentStatus.AtStop,
];

/** Drivers on one shipment: one, or a team of two. */
export const MAX_DRIVERS_PER_SHIPMENT = 2;
