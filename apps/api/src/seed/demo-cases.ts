import {
  CasePriority,
  CaseResolutionType,
  CaseSource,
  CaseStatus,
  CaseType,
  ShipmentStatus,
} from '@portal/domain';
import type { WorldContext } from './demo-context';
import type { ShipmentPlan, StopPlan } from './demo-freight';
import type { Parties, Person } from './demo-parties';
import { addHours, DAY, HOUR, localTime } from './demo-places';

// Accessorial requests (cases): detention, lumper, layover, truck-ordered-not-used and the rest,
// in every status, with the parties involved and their history.

export interface CaseRecord {
  id: string;
  number: string;
  plan: ShipmentPlan;
  type: CaseType;
  status: CaseStatus;
  resolution: CaseResolutionType;
  amountRequestedCents: number;
  amountApprovedCents: number | null;
  stop: StopPlan | null;
  createdAt: Date;
  createdBy: Person;
  /** Hours of detention, for the invoice charge. */
  hours: number;
}

type Outcome = readonly [CaseStatus, CaseResolutionType];

// The demo carrier's first cases walk through every status so that each can be seen.
const EVERY_OUTCOME: readonly Outcome[] = [
  [CaseStatus.New, CaseResolutionType.None],
  [CaseStatus.Resolved, CaseResolutionType.Paid],
  [CaseStatus.InProgress, CaseResolutionType.None],
  [CaseStatus.OnHoldPendingDocuments, CaseResolutionType.None],
  [CaseStatus.Resolved, CaseResolutionType.Declined],
  [CaseStatus.InProgressAwaitingCarrier, CaseResolutionType.None],
  [CaseStatus.Open, CaseResolutionType.None],
  [CaseStatus.InProgressAwaitingCustomer, CaseResolutionType.None],
  [CaseStatus.OnHold, CaseResolutionType.None],
  [CaseStatus.Resolved, CaseResolutionType.Withdrawn],
  [CaseStatus.Voided, CaseResolutionType.None],
];

const OPEN_OUTCOMES: readonly (readonly [Outcome, number])[] = [
  [[CaseStatus.New, CaseResolutionType.None], 5],
  [[CaseStatus.Open, CaseResolutionType.None], 2],
  [[CaseStatus.InProgress, CaseResolutionType.None], 5],
  [[CaseStatus.InProgressAwaitingCarrier, CaseResolutionType.None], 2],
  [[CaseStatus.InProgressAwaitingCustomer, CaseResolutionType.None], 2],
  [[CaseStatus.OnHold, CaseResolutionType.None], 1],
  [[CaseStatus.OnHoldPendingDocuments, CaseResolutionType.None], 2],
];

const CLOSED_OUTCOMES: readonly (readonly [Outcome, number])[] = [
  [[CaseStatus.Resolved, CaseResolutionType.Paid], 10],
  [[CaseStatus.Resolved, CaseResolutionType.Declined], 4],
  [[CaseStatus.Resolved, CaseResolutionType.Withdrawn], 1],
  [[CaseStatus.Voided, CaseResolutionType.None], 1],
];

const isOpen = (status: CaseStatus) =>
  status !== CaseStatus.Resolved && status !== CaseStatus.Voided;

function clock(instant: Date, zone: string): string {
  const local = localTime(instant, zone);
  return `${String(local.hour).padStart(2, '0')}:${String(local.minute).padStart(2, '0')}`;
}

export function writeCases(
  ctx: WorldContext,
  parties: Parties,
  plans: readonly ShipmentPlan[],
): CaseRecord[] {
  const stream = ctx.random.fork('cases');
  const idStream = ctx.ids.fork('cases');
  const { now } = ctx;
  const records: Omit<CaseRecord, 'number'>[] = [];
  let demoTurn = 0;

  for (const plan of plans) {
    const random = stream.fork(plan.id);
    const carrier = plan.carrier;
    if (!carrier) continue;
    const voided = plan.status === ShipmentStatus.Voided;
    const moving = plan.status >= ShipmentStatus.InTransit;
    if (!voided && !moving) continue;
    const isDemo = carrier === parties.demoCarrier;
    if (!random.chance(isDemo ? (voided ? 0.8 : 0.18) : voided ? 0.3 : 0.03)) continue;

    const visited = plan.stops.filter((stop) => stop.arrived);
    const longDwell = visited.find(
      (stop) => stop.departed && stop.departed.getTime() - stop.arrived!.getTime() > 2.5 * HOUR,
    );
    const deliveryStops = visited.filter((stop) => stop.type === 'Delivery');
    let type: CaseType;
    let stop: StopPlan | null = null;
    if (voided) {
      type = CaseType.TONU;
    } else if (longDwell && random.chance(0.7)) {
      type = CaseType.Detention;
      stop = longDwell;
    } else {
      type = random.weighted([
        [CaseType.Lumper, deliveryStops.length ? 5 : 0],
        [CaseType.Layover, 2],
        [CaseType.DriverAssist, 2],
        [CaseType.Redelivery, deliveryStops.length ? 1 : 0],
        [CaseType.Storage, 1],
        [CaseType.Other, 2],
        [CaseType.Detention, 1],
      ] as const);
      stop =
        type === CaseType.Lumper || type === CaseType.Redelivery
          ? random.pick(deliveryStops)
          : (visited[visited.length - 1] ?? null);
    }
    const incidentAt = voided
      ? plan.voidedAt!
      : (stop?.arrived ?? plan.dispatchedAt ?? plan.createdAt);
    const ageDays = (now.getTime() - incidentAt.getTime()) / DAY;
    const outcome: Outcome =
      isDemo && demoTurn < EVERY_OUTCOME.length
        ? EVERY_OUTCOME[demoTurn++]!
        : ageDays > 45
          ? random.weighted(CLOSED_OUTCOMES)
          : ageDays < 5
            ? random.weighted(OPEN_OUTCOMES)
            : random.weighted([...OPEN_OUTCOMES, ...CLOSED_OUTCOMES]);
    const [status, resolution] = outcome;

    const dwell =
      stop?.departed && stop.arrived
        ? (stop.departed.getTime() - stop.arrived.getTime()) / HOUR
        : 4;
    const hours = Math.max(1, Math.round((dwell - 2) * 2) / 2);
    const requested =
      type === CaseType.Detention
        ? Math.round(hours * 7_500)
        : type === CaseType.Lumper
          ? random.int(12, 38) * 500
          : type === CaseType.Layover
            ? random.pick([25_000, 30_000, 35_000])
            : type === CaseType.TONU
              ? random.pick([15_000, 20_000, 25_000])
              : type === CaseType.DriverAssist
                ? random.pick([5_000, 7_500, 10_000])
                : type === CaseType.Redelivery
                  ? random.int(40, 80) * 500
                  : type === CaseType.Storage
                    ? random.int(2, 5) * 7_500
                    : random.int(6, 30) * 500;
    const approved =
      resolution === CaseResolutionType.Paid
        ? random.chance(0.7)
          ? requested
          : Math.round((requested * random.float(0.5, 0.9)) / 500) * 500
        : resolution === CaseResolutionType.Declined
          ? 0
          : null;
    const createdBy = random.chance(0.75)
      ? random.chance(0.5)
        ? carrier.admin
        : (carrier.dispatchers[0] ?? carrier.admin)
      : parties.staff.tracking;
    const createdAt =
      addHours(incidentAt, random.float(1, 40)) > now
        ? addHours(now, -0.5)
        : addHours(incidentAt, random.float(1, 40));
    records.push({
      id: idStream.fork(plan.id).uuid(),
      plan,
      type,
      status,
      resolution,
      amountRequestedCents: requested,
      amountApprovedCents: approved,
      stop,
      createdAt,
      createdBy,
      hours,
    });
  }

  records.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return records.map((record, index) => {
    const number = String(90_001 + index);
    writeCase(ctx, parties, { ...record, number });
    return { ...record, number };
  });
}

function subjectAndDescription(record: CaseRecord): [string, string] {
  const { plan, stop } = record;
  const where = stop
    ? `${stop.name}, ${stop.place.city}, ${stop.place.state}`
    : `${plan.stops[0]!.place.city}, ${plan.stops[0]!.place.state}`;
  switch (record.type) {
    case CaseType.Detention: {
      const zone = stop?.place.timeZone ?? 'America/Chicago';
      const times =
        stop?.arrived && stop.departed
          ? `Arrived ${clock(stop.arrived, zone)}, departed ${clock(stop.departed, zone)} local time. `
          : '';
      return [
        `Detention at ${where}`,
        `${times}Requesting ${record.hours} hours of detention at $75.00 per hour after two free hours. In and out times are on the signed BOL.`,
      ];
    }
    case CaseType.Lumper:
      return [
        `Lumper fee at ${where}`,
        'Receiver required a lumper to unload. Paid by Comchek; the receipt is attached.',
      ];
    case CaseType.Layover:
      return [
        `Layover at ${where}`,
        'Receiver could not take the load on the appointment day and rescheduled for the next morning. Driver held overnight.',
      ];
    case CaseType.TONU:
      return [
        `Truck ordered not used, load ${plan.number}`,
        'Truck was dispatched and on the way to the shipper when the load was cancelled.',
      ];
    case CaseType.DriverAssist:
      return [
        `Driver assist at ${where}`,
        'Driver was asked to help unload and break down pallets at the dock.',
      ];
    case CaseType.Redelivery:
      return [
        `Redelivery to ${where}`,
        'Receiver refused part of the shipment on the first attempt; it was redelivered the next day.',
      ];
    case CaseType.Storage:
      return [
        `Trailer storage at ${where}`,
        'Loaded trailer held in our yard at the customer request until the receiver could take it.',
      ];
    default:
      return [
        `Scale ticket and washout, load ${plan.number}`,
        'Receiver required a certified scale ticket and a trailer washout before loading the next shipment.',
      ];
  }
}

function writeCase(ctx: WorldContext, parties: Parties, record: CaseRecord): void {
  const random = ctx.random.fork(`case-${record.id}`);
  const { sink, now } = ctx;
  const { plan } = record;
  const carrier = plan.carrier!;
  const [subject, description] = subjectAndDescription(record);
  const source =
    record.createdBy.companyId === carrier.id
      ? CaseSource.Portal
      : random.pick([CaseSource.Email, CaseSource.Phone, CaseSource.Internal]);
  const assignee =
    record.status === CaseStatus.New && random.chance(0.5)
      ? null
      : random.chance(0.7)
        ? parties.staff.claims
        : parties.staff.accounting;

  // The path to the current status, one step every day or so.
  const path: CaseStatus[] = [CaseStatus.New];
  if (record.status !== CaseStatus.New) {
    if (record.status === CaseStatus.Open) path.push(CaseStatus.Open);
    else {
      path.push(CaseStatus.InProgress);
      if (
        record.status === CaseStatus.OnHold ||
        record.status === CaseStatus.OnHoldPendingDocuments
      )
        path.push(record.status);
      else if (record.status !== CaseStatus.InProgress) {
        if (random.chance(0.4)) path.push(CaseStatus.OnHoldPendingDocuments, CaseStatus.InProgress);
        path.push(record.status);
      }
    }
  }
  const stepHours = Math.max(
    0.5,
    Math.min(30, (now.getTime() - record.createdAt.getTime()) / HOUR / (path.length + 1)),
  );
  let at = record.createdAt;
  const history = (
    action: string,
    from: string | null,
    to: string | null,
    userId: string | null,
  ) => {
    sink.add('caseHistory', {
      caseId: record.id,
      occurredAt: at,
      userId,
      action,
      fromValue: from,
      toValue: to,
    });
  };
  history('Created', null, CaseStatus.New, record.createdBy.id);
  if (assignee) {
    at = addHours(at, random.float(0.2, Math.min(4, stepHours)));
    history(
      'AssigneeChanged',
      null,
      `${assignee.firstName} ${assignee.lastName}`,
      parties.staff.director.id,
    );
  }
  for (let index = 1; index < path.length; index++) {
    at = addHours(at, random.float(0.5, 1) * stepHours);
    history('StatusChanged', path[index - 1]!, path[index]!, (assignee ?? parties.staff.claims).id);
  }
  if (record.resolution !== CaseResolutionType.None) {
    history(
      'ResolutionChanged',
      CaseResolutionType.None,
      record.resolution,
      (assignee ?? parties.staff.claims).id,
    );
  }

  sink.add('cases', {
    id: record.id,
    caseNumber: record.number,
    shipmentId: plan.id,
    orderId: plan.orderId,
    carrierCompanyId: carrier.id,
    customerCompanyId: plan.customer.id,
    caseType: record.type,
    caseSource: source,
    status: record.status,
    resolutionType: record.resolution,
    priority: random.weighted([
      [CasePriority.Low, 2],
      [CasePriority.Medium, 5],
      [CasePriority.High, 2],
      [CasePriority.Urgent, 1],
    ] as const),
    subject,
    description,
    amountRequestedCents: record.amountRequestedCents,
    amountApprovedCents: record.amountApprovedCents,
    incidentAt: record.stop?.arrived ?? plan.voidedAt ?? plan.dispatchedAt,
    // A detention request is about one stop: the drafts know it is filed.
    shipmentStopId: record.stop?.shipmentStopId ?? null,
    followUpAt: isOpen(record.status) ? addHours(now, random.float(-24, 24 * 6)) : null,
    assigneeUserId: assignee?.id ?? null,
    createdBy: record.createdBy.id,
    createdAt: record.createdAt,
    updatedAt: at,
  });
  sink.add('caseInvolvedParties', {
    caseId: record.id,
    companyId: carrier.id,
    partyRole: 'Carrier',
  });
  sink.add('caseInvolvedParties', {
    caseId: record.id,
    companyId: plan.customer.id,
    partyRole: plan.customer.isBroker ? 'Broker' : 'Shipper',
  });
  sink.add('caseInvolvedParties', {
    caseId: record.id,
    companyId: parties.operator.id,
    partyRole: 'Operator',
  });
}
