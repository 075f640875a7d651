import { describe, expect, it } from 'vitest';
import {
  canDoShipmentTask,
  checkShipmentTransition,
  isShipmentOnTime,
  isShipmentTransitionAllowed,
  isStopArrivalOnTime,
  localDateTimeInZone,
  nextTrackingUpdateDue,
  SHIPMENT_ACTIONS,
  SHIPMENT_TRANSITIONS,
  ShipmentAction,
  ShipmentActor,
  shipmentActionsFor,
  shipmentNeedsUpdate,
  shipmentTransitionsBetween,
  splitLocalDateTime,
  statusesForAction,
} from './shipment-state-machine';
import { SHIPMENT_STATUSES, ShipmentStatus } from './shipments';

const S = ShipmentStatus;

// The decision (docs/decisions/050) written as the pairs it allows; every other pair is forbidden.
const ALLOWED: readonly (readonly [ShipmentStatus, ShipmentStatus])[] = [
  [S.Draft, S.ReadyToBook],
  [S.Draft, S.Voided],
  [S.ReadyToBook, S.Draft],
  [S.ReadyToBook, S.Tendering],
  [S.ReadyToBook, S.Booked],
  [S.ReadyToBook, S.Voided],
  [S.Tendering, S.ReadyToBook],
  [S.Tendering, S.Booked],
  [S.Tendering, S.Voided],
  [S.Booked, S.ReadyToBook],
  [S.Booked, S.Dispatched],
  [S.Booked, S.Voided],
  [S.Dispatched, S.Booked],
  [S.Dispatched, S.ReadyToBook],
  [S.Dispatched, S.AtStop],
  [S.Dispatched, S.Delivered],
  [S.Dispatched, S.Voided],
  [S.InTransit, S.AtStop],
  [S.InTransit, S.Delivered],
  [S.AtStop, S.InTransit],
  [S.AtStop, S.Delivered],
  [S.Delivered, S.DeliveryConfirmed],
  [S.DeliveryConfirmed, S.Delivered],
];
const isListed = (from: ShipmentStatus, to: ShipmentStatus) =>
  ALLOWED.some(([a, b]) => a === from && b === to);

const pairs = SHIPMENT_STATUSES.flatMap((from) => SHIPMENT_STATUSES.map((to) => [from, to]));

describe('shipment state machine: every pair of statuses', () => {
  it.each(pairs.filter(([from, to]) => isListed(from!, to!)))('%i -> %i is allowed', (from, to) => {
    expect(isShipmentTransitionAllowed(from!, to!)).toBe(true);
  });

  it.each(pairs.filter(([from, to]) => !isListed(from!, to!)))(
    '%i -> %i is forbidden',
    (from, to) => {
      expect(isShipmentTransitionAllowed(from!, to!)).toBe(false);
      expect(shipmentTransitionsBetween(from!, to!)).toEqual([]);
    },
  );

  it('has no way out of Voided and none into Draft except withdrawing from the load board', () => {
    expect(SHIPMENT_TRANSITIONS.filter((t) => t.from === S.Voided)).toEqual([]);
    expect(SHIPMENT_TRANSITIONS.filter((t) => t.to === S.Draft).map((t) => t.from)).toEqual([
      S.ReadyToBook,
    ]);
  });

  it('gives every action at least one transition and every transition an actor', () => {
    for (const action of SHIPMENT_ACTIONS)
      expect(statusesForAction(action).length).toBeGreaterThan(0);
    for (const transition of SHIPMENT_TRANSITIONS)
      expect(transition.actors.length).toBeGreaterThan(0);
  });
});

describe('who may do what', () => {
  it('lets the operator or the customer void before booking, only the operator after', () => {
    for (const from of [S.Draft, S.ReadyToBook, S.Tendering]) {
      expect(checkShipmentTransition({ from, action: 'void', actor: 'customer' }).ok).toBe(true);
      expect(checkShipmentTransition({ from, action: 'void', actor: 'operator' }).ok).toBe(true);
    }
    for (const from of [S.Booked, S.Dispatched]) {
      expect(checkShipmentTransition({ from, action: 'void', actor: 'operator' }).ok).toBe(true);
      expect(checkShipmentTransition({ from, action: 'void', actor: 'customer' })).toEqual({
        ok: false,
        status: 403,
        message: `Only the operator may void a shipment that is ${from === S.Booked ? 'Booked' : 'Dispatched'}.`,
      });
    }
  });

  it('never lets a carrier or a driver void', () => {
    for (const actor of ['carrier', 'driver'] as const) {
      const check = checkShipmentTransition({ from: S.Booked, action: 'void', actor });
      expect(check.ok).toBe(false);
      expect(check.ok === false && check.status).toBe(403);
    }
  });

  it('refuses to void a shipment on the road with 409 naming the statuses that can be', () => {
    expect(
      checkShipmentTransition({ from: S.InTransit, action: 'void', actor: 'operator' }),
    ).toEqual({
      ok: false,
      status: 409,
      message:
        'Cannot void a shipment that is In Transit; only a shipment that is Draft, Ready to Book, Tendering, Booked or Dispatched can be.',
    });
  });

  it('lets the carrier or the operator rescind a booking, before the first arrival only', () => {
    expect(
      checkShipmentTransition({ from: S.Booked, action: 'rescindBooking', actor: 'carrier' }).ok,
    ).toBe(true);
    expect(
      checkShipmentTransition({ from: S.Dispatched, action: 'rescindBooking', actor: 'operator' })
        .ok,
    ).toBe(true);
    const driver = checkShipmentTransition({
      from: S.Booked,
      action: 'rescindBooking',
      actor: 'driver',
    });
    expect(driver.ok === false && driver.status).toBe(403);
    const onRoad = checkShipmentTransition({
      from: S.AtStop,
      action: 'rescindBooking',
      actor: 'carrier',
    });
    expect(onRoad.ok === false && onRoad.status).toBe(409);
  });

  it('lets drivers record arrivals and departures but not quick close', () => {
    expect(
      checkShipmentTransition({ from: S.Dispatched, action: 'arrive', actor: 'driver' }).ok,
    ).toBe(true);
    expect(
      checkShipmentTransition({
        from: S.AtStop,
        action: 'depart',
        actor: 'driver',
        to: S.Delivered,
      }).ok,
    ).toBe(true);
    const quick = checkShipmentTransition({
      from: S.AtStop,
      action: 'quickClose',
      actor: 'driver',
    });
    expect(quick.ok === false && quick.status).toBe(403);
  });

  it('checks the target status when an action can end in several', () => {
    const wrongEnd = checkShipmentTransition({
      from: S.AtStop,
      action: 'depart',
      actor: 'carrier',
      to: S.DeliveryConfirmed,
    });
    expect(wrongEnd).toEqual({
      ok: false,
      status: 409,
      message:
        'Cannot record a departure on a shipment that is At Stop to make it Delivery Confirmed.',
    });
  });

  it('lets only the operator reopen a confirmed delivery', () => {
    expect(
      checkShipmentTransition({
        from: S.DeliveryConfirmed,
        action: 'reopenDelivery',
        actor: 'operator',
      }).ok,
    ).toBe(true);
    const carrier = checkShipmentTransition({
      from: S.DeliveryConfirmed,
      action: 'reopenDelivery',
      actor: 'carrier',
    });
    expect(carrier).toEqual({
      ok: false,
      status: 403,
      message:
        'Only the operator may reopen the delivery of a shipment that is Delivery Confirmed.',
    });
  });

  it('offers each actor exactly its actions', () => {
    expect(shipmentActionsFor(S.Booked, ShipmentActor.Carrier)).toEqual([
      { action: ShipmentAction.RescindBooking, to: S.ReadyToBook },
      { action: ShipmentAction.Dispatch, to: S.Dispatched },
    ]);
    expect(shipmentActionsFor(S.Booked, ShipmentActor.Driver)).toEqual([
      { action: ShipmentAction.Dispatch, to: S.Dispatched },
    ]);
    expect(shipmentActionsFor(S.Voided, ShipmentActor.Operator)).toEqual([]);
    expect(shipmentActionsFor(S.Delivered, ShipmentActor.Driver)).toEqual([
      { action: ShipmentAction.ConfirmDelivery, to: S.DeliveryConfirmed },
    ]);
  });
});

describe('tracking rules', () => {
  const now = new Date('2026-03-10T12:00:00Z');

  it('needs an update only when active and due', () => {
    const due = new Date('2026-03-10T11:59:00Z');
    const later = new Date('2026-03-10T13:00:00Z');
    expect(shipmentNeedsUpdate(S.InTransit, due, now)).toBe(true);
    expect(shipmentNeedsUpdate(S.Dispatched, now, now)).toBe(true);
    expect(shipmentNeedsUpdate(S.AtStop, later, now)).toBe(false);
    expect(shipmentNeedsUpdate(S.Delivered, due, now)).toBe(false);
    expect(shipmentNeedsUpdate(S.InTransit, null, now)).toBe(false);
  });

  it('wants the next update four hours after an event', () => {
    expect(nextTrackingUpdateDue(now).toISOString()).toBe('2026-03-10T16:00:00.000Z');
  });

  it('counts an arrival up to 15 minutes after the late time as on time', () => {
    const late = new Date('2026-03-10T10:00:00Z');
    expect(isStopArrivalOnTime(new Date('2026-03-10T10:15:00Z'), late)).toBe(true);
    expect(isStopArrivalOnTime(new Date('2026-03-10T10:15:01Z'), late)).toBe(false);
    expect(isStopArrivalOnTime(new Date('2026-03-10T10:15:01Z'), null)).toBeNull();
  });

  it('judges a shipment by its visited stops', () => {
    const late = new Date('2026-03-10T10:00:00Z');
    expect(isShipmentOnTime([{ arrivedAt: null, lateAt: late }])).toBeNull();
    expect(
      isShipmentOnTime([
        { arrivedAt: new Date('2026-03-10T09:00:00Z'), lateAt: late },
        { arrivedAt: null, lateAt: late },
      ]),
    ).toBe(true);
    expect(
      isShipmentOnTime([
        { arrivedAt: new Date('2026-03-10T09:00:00Z'), lateAt: late },
        { arrivedAt: new Date('2026-03-10T11:00:00Z'), lateAt: late },
      ]),
    ).toBe(false);
  });

  it('reads and writes wall-clock times in a stop zone', () => {
    expect(splitLocalDateTime('2026-03-08T09:30')).toEqual({ date: '2026-03-08', time: '09:30' });
    expect(splitLocalDateTime('2026-03-08T09:30Z')).toBeUndefined();
    expect(splitLocalDateTime('09:30')).toBeUndefined();
    expect(localDateTimeInZone(new Date('2026-07-01T15:00:00Z'), 'America/Los_Angeles')).toBe(
      '2026-07-01T08:00',
    );
    expect(localDateTimeInZone(new Date('2026-01-15T05:30:00Z'), 'America/Chicago')).toBe(
      '2026-01-14T23:30',
    );
  });
});

describe('shipment tasks', () => {
  it('lets only the carrier sign the rate confirmation', () => {
    expect(canDoShipmentTask('signRateConfirmation', 'carrier')).toBe(true);
    for (const actor of ['operator', 'customer', 'driver'] as const) {
      expect(canDoShipmentTask('signRateConfirmation', actor)).toBe(false);
    }
  });

  it('keeps drivers out of dispatching and the customer out of running the load', () => {
    expect(canDoShipmentTask('assignDrivers', 'driver')).toBe(false);
    expect(canDoShipmentTask('recordStopEvents', 'driver')).toBe(true);
    expect(canDoShipmentTask('recordStopEvents', 'customer')).toBe(false);
    expect(canDoShipmentTask('changeStopWindow', 'carrier')).toBe(false);
    expect(canDoShipmentTask('changeStopWindow', 'operator')).toBe(true);
    expect(canDoShipmentTask('reportTracking', null)).toBe(false);
  });
});
