import {
  ApInvoiceStatus,
  CaseResolutionType,
  CaseType,
  DocumentType,
  EntityType,
  ShipmentStatus,
  ThirdPartyInvoiceStatus,
} from '@portal/domain';
import type { CaseRecord } from './demo-cases';
import type { WorldContext } from './demo-context';
import type { ShipmentPlan } from './demo-freight';
import type { CarrierInfo, CustomerInfo, Parties } from './demo-parties';
import { addHours, DAY, localDate } from './demo-places';
import type { SeededRandom } from './random';

// Money: what carriers are paid (AP invoices and remittances) and what they bill third-party
// payers through the portal.

export interface ApInvoiceRecord {
  id: string;
  number: string;
  plan: ShipmentPlan;
  status: ApInvoiceStatus;
  amountCents: number;
  receivedAt: Date | null;
  paidAt: Date | null;
}

export interface PaymentRecord {
  checkNumber: string;
  carrier: CarrierInfo;
  payeeCompanyId: string;
  paidAt: Date;
  amountCents: number;
}

export interface ThirdPartyInvoiceRecord {
  id: string;
  number: string;
  plan: ShipmentPlan;
  status: ThirdPartyInvoiceStatus;
  hasSettings: boolean;
  /** Delivery stops whose proof of delivery is uploaded. */
  uploadedPods: Set<string>;
  bolRequired: boolean;
  bolUploaded: boolean;
}

interface Charge {
  description: string;
  chargeTypeName: string;
  rateCents: number;
  units: number;
  caseId?: string | null;
}

const chargeTotal = (charges: readonly Charge[]) =>
  Math.round(charges.reduce((sum, charge) => sum + charge.rateCents * charge.units, 0));

function freightCharges(plan: ShipmentPlan, cases: readonly CaseRecord[]): Charge[] {
  const rate = plan.carrierRateCents ?? plan.quotedRateCents;
  const extraStops = plan.stops.length - 2;
  const fuel = plan.fuelPerMileCents * plan.miles;
  const charges: Charge[] = [
    {
      description: `Line haul ${plan.stops[0]!.place.city}, ${plan.stops[0]!.place.state} to ${plan.stops[plan.stops.length - 1]!.place.city}, ${plan.stops[plan.stops.length - 1]!.place.state}`,
      chargeTypeName: 'LineHaul',
      rateCents: rate - fuel - extraStops * 7_500,
      units: 1,
    },
  ];
  if (fuel > 0)
    charges.push({
      description: 'Fuel surcharge',
      chargeTypeName: 'FuelSurcharge',
      rateCents: plan.fuelPerMileCents,
      units: plan.miles,
    });
  if (extraStops > 0)
    charges.push({
      description: 'Stop-off charge',
      chargeTypeName: 'StopOff',
      rateCents: 7_500,
      units: extraStops,
    });
  for (const record of cases) {
    if (record.resolution !== CaseResolutionType.Paid || !record.amountApprovedCents) continue;
    if (record.type === CaseType.Detention) {
      charges.push({
        description: `Detention at ${record.stop?.name ?? 'stop'}`,
        chargeTypeName: 'Detention',
        rateCents: 7_500,
        units: record.amountApprovedCents / 7_500,
        caseId: record.id,
      });
    } else {
      charges.push({
        description: `${record.type === CaseType.DriverAssist ? 'Driver assist' : record.type} (case ${record.number})`,
        chargeTypeName: record.type,
        rateCents: record.amountApprovedCents,
        units: 1,
        caseId: record.id,
      });
    }
  }
  return charges;
}

/** Thursday 15:00 UTC on or after the instant: the weekly carrier pay run. */
function payRun(after: Date): Date {
  const day = new Date(
    Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), 15),
  );
  while (day.getUTCDay() !== 4 || day < after) day.setUTCDate(day.getUTCDate() + 1);
  return day;
}

function invoicePrefix(name: string): string {
  return name
    .split(' ')
    .map((word) => word[0])
    .join('')
    .toUpperCase()
    .slice(0, 3);
}

export function writeApInvoices(
  ctx: WorldContext,
  parties: Parties,
  plans: readonly ShipmentPlan[],
  cases: readonly CaseRecord[],
): { invoices: ApInvoiceRecord[]; payments: PaymentRecord[] } {
  const random = ctx.random.fork('ap-invoices');
  const { sink, ids, now } = ctx;
  const delivered = plans
    .filter((plan) => plan.carrier && plan.deliveredAt && plan.status >= ShipmentStatus.Delivered)
    .sort((a, b) => a.deliveredAt!.getTime() - b.deliveredAt!.getTime());
  const casesByShipment = new Map<string, CaseRecord[]>();
  for (const record of cases)
    casesByShipment.set(record.plan.id, [...(casesByShipment.get(record.plan.id) ?? []), record]);

  const chooseStatus = (ageDays: number): ApInvoiceStatus => {
    if (random.chance(0.02)) return ApInvoiceStatus.Voided;
    if (ageDays < 2) return random.chance(0.75) ? ApInvoiceStatus.Draft : ApInvoiceStatus.Received;
    if (ageDays < 10)
      return random.weighted([
        [ApInvoiceStatus.Draft, 25],
        [ApInvoiceStatus.Received, 45],
        [ApInvoiceStatus.Settled, 30],
      ] as const);
    if (ageDays < 35)
      return random.weighted([
        [ApInvoiceStatus.Received, 10],
        [ApInvoiceStatus.Settled, 35],
        [ApInvoiceStatus.PaidInFull, 55],
      ] as const);
    return random.chance(0.97) ? ApInvoiceStatus.PaidInFull : ApInvoiceStatus.Settled;
  };

  const drafts = delivered.map((plan) => {
    const ageDays = (now.getTime() - plan.deliveredAt!.getTime()) / DAY;
    return { plan, ageDays, status: chooseStatus(ageDays) };
  });
  // The demo carrier shows every status: take spares from statuses it has more than one of.
  const demo = drafts.filter((draft) => draft.plan.carrier === parties.demoCarrier);
  for (const wanted of [
    ApInvoiceStatus.Voided,
    ApInvoiceStatus.Draft,
    ApInvoiceStatus.Received,
    ApInvoiceStatus.Settled,
    ApInvoiceStatus.PaidInFull,
  ]) {
    if (demo.length === 0 || demo.some((draft) => draft.status === wanted)) continue;
    const spare = demo
      .filter((draft) => demo.filter((other) => other.status === draft.status).length > 1)
      .sort((a, b) =>
        wanted === ApInvoiceStatus.PaidInFull ? b.ageDays - a.ageDays : a.ageDays - b.ageDays,
      );
    (spare[0] ?? demo[0]!).status = wanted;
  }

  // Loads of the demo carrier still on the road already carry a draft invoice: the Pending view,
  // and the "cannot be submitted until delivered" refusal, can be seen (decision 111).
  const onTheRoad = plans
    .filter(
      (plan) =>
        plan.carrier === parties.demoCarrier &&
        (plan.status === ShipmentStatus.Dispatched ||
          plan.status === ShipmentStatus.InTransit ||
          plan.status === ShipmentStatus.AtStop),
    )
    .slice(0, 4);
  const pending = onTheRoad.map((plan) => ({ plan, ageDays: 0, status: ApInvoiceStatus.Draft }));

  const invoices: ApInvoiceRecord[] = [];
  // A carrier numbers its invoices once: the random numbers are kept unique per carrier.
  const usedNumbers = new Set<string>();
  const carrierNumber = (carrier: CarrierInfo) => {
    let value = random.int(10_000, 99_999);
    while (usedNumbers.has(`${carrier.id}|${value}`)) value = value >= 99_999 ? 10_000 : value + 1;
    usedNumbers.add(`${carrier.id}|${value}`);
    return `${invoicePrefix(carrier.name)}-${value}`;
  };
  const toPay = new Map<
    string,
    { carrier: CarrierInfo; payee: string; paidAt: Date; invoices: ApInvoiceRecord[] }
  >();
  [...drafts, ...pending].forEach(({ plan, status: initial }, index) => {
    const carrier = plan.carrier!;
    let status = initial;
    const deliveredAt = plan.deliveredAt ?? plan.dispatchedAt ?? plan.bookedAt ?? now;
    const invoiced = status !== ApInvoiceStatus.Draft;
    const receivedAt = invoiced
      ? clampBefore(addHours(deliveredAt, random.float(2, 60)), now)
      : null;
    let settledAt =
      status === ApInvoiceStatus.Settled || status === ApInvoiceStatus.PaidInFull
        ? clampBefore(addHours(receivedAt!, random.float(24, 24 * 8)), now)
        : null;
    let paidAt: Date | null = null;
    if (status === ApInvoiceStatus.PaidInFull) {
      const run = payRun(
        addHours(receivedAt!, plan.serviceLevel === 2 ? 24 : 24 * random.int(18, 26)),
      );
      if (run <= now) paidAt = run;
      else status = ApInvoiceStatus.Settled;
    }
    if (paidAt && settledAt && settledAt > paidAt) settledAt = addHours(paidAt, -24);
    const charges = freightCharges(plan, casesByShipment.get(plan.id) ?? []);
    const amount = chargeTotal(charges);
    const id = ids.uuid();
    const number = String(400_001 + index);
    const invoiceDate = receivedAt ? localDate(receivedAt, 'America/Chicago') : null;
    const termsDays = plan.serviceLevel === 2 ? 2 : 30;
    sink.add('apInvoices', {
      id,
      invoiceNumber: number,
      shipmentId: plan.id,
      carrierCompanyId: carrier.id,
      factoringCompanyId: carrier.factoringCompanyId,
      status,
      carrierInvoiceNumber: invoiced ? carrierNumber(carrier) : null,
      invoiceAmountCents: amount,
      invoiceDate,
      dueDate: receivedAt
        ? localDate(addHours(receivedAt, 24 * termsDays), 'America/Chicago')
        : null,
      receivedAt,
      settledAt,
      paidAt,
      shipmentDate: localDate(
        plan.stops[0]!.arrived ?? plan.stops[0]!.early,
        plan.stops[0]!.place.timeZone,
      ),
      version: 1 + (receivedAt ? 1 : 0) + (settledAt ? 1 : 0) + (paidAt ? 1 : 0),
      createdAt: addHours(deliveredAt, 0.5),
    });
    // What the operator needs before paying: a proof of delivery per delivery stop, and the BOL.
    for (const stop of plan.stops) {
      if (stop.type !== 'Delivery') continue;
      sink.add('requiredDocuments', {
        id: ids.uuid(),
        fileType: DocumentType.ProofOfDelivery,
        description: `Proof of delivery, stop ${stop.stopNumber} (${stop.place.city}, ${stop.place.state})`,
        entityType: EntityType.ORDER_STOP,
        shipmentId: plan.id,
        orderId: plan.orderId,
        orderStopId: stop.orderStopId,
        apInvoiceId: id,
      });
    }
    sink.add('requiredDocuments', {
      id: ids.uuid(),
      fileType: DocumentType.BillOfLading,
      description: 'Signed bill of lading',
      entityType: EntityType.SHIPMENT,
      shipmentId: plan.id,
      orderId: plan.orderId,
      apInvoiceId: id,
    });
    for (const charge of charges) {
      sink.add('apInvoiceCharges', {
        id: ids.uuid(),
        apInvoiceId: id,
        description: charge.description,
        chargeTypeName: charge.chargeTypeName,
        rateCents: charge.rateCents,
        units: charge.units,
        caseId: charge.caseId ?? null,
      });
    }
    const record: ApInvoiceRecord = {
      id,
      number,
      plan,
      status,
      amountCents: amount,
      receivedAt,
      paidAt,
    };
    invoices.push(record);
    if (paidAt) {
      const payee = carrier.factoringCompanyId ?? carrier.id;
      const key = `${carrier.id}|${payee}|${paidAt.toISOString()}`;
      const batch = toPay.get(key) ?? { carrier, payee, paidAt, invoices: [] };
      batch.invoices.push(record);
      toPay.set(key, batch);
    }
  });

  const payments: PaymentRecord[] = [];
  let ach = 6_100_001;
  let check = 100_001;
  for (const batch of [...toPay.values()].sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime())) {
    const method = random.weighted([
      ['ACH', 16],
      ['Check', 3],
      ['Wire', 1],
    ] as const);
    const checkNumber = method === 'Check' ? String(check++) : String(ach++);
    const amount = batch.invoices.reduce((sum, invoice) => sum + invoice.amountCents, 0);
    const id = ids.uuid();
    sink.add('payments', {
      id,
      checkNumber,
      carrierCompanyId: batch.carrier.id,
      payeeCompanyId: batch.payee,
      paymentDate: localDate(batch.paidAt, 'America/Chicago'),
      amountCents: amount,
      paymentMethod: method,
      createdAt: batch.paidAt,
    });
    for (const invoice of batch.invoices) {
      sink.add('paymentApplications', {
        paymentId: id,
        apInvoiceId: invoice.id,
        amountCents: invoice.amountCents,
      });
    }
    payments.push({
      checkNumber,
      carrier: batch.carrier,
      payeeCompanyId: batch.payee,
      paidAt: batch.paidAt,
      amountCents: amount,
    });
  }
  return { invoices, payments };
}

function clampBefore(instant: Date, now: Date): Date {
  return instant > now ? addHours(now, -0.25) : instant;
}

// ---- Third-party payer invoices ----

interface BillingSettings {
  id: string;
  requiresBol: boolean;
  termsDays: number;
}

export function writeThirdPartyInvoices(
  ctx: WorldContext,
  parties: Parties,
  plans: readonly ShipmentPlan[],
  cases: readonly CaseRecord[],
): ThirdPartyInvoiceRecord[] {
  const random = ctx.random.fork('third-party');
  const { sink, ids, now } = ctx;

  const settings = new Map<string, BillingSettings>();
  const addSettings = (
    carrier: CarrierInfo,
    payer: CustomerInfo,
    requiresBol: boolean,
    termsDays: number,
  ) => {
    const id = ids.uuid();
    sink.add('thirdPartyBillingSettings', {
      id,
      carrierCompanyId: carrier.id,
      payerCompanyId: payer.id,
      requiredDocumentTypes: requiresBol
        ? [DocumentType.ProofOfDelivery, DocumentType.BillOfLading]
        : [DocumentType.ProofOfDelivery],
      paymentTermsDays: termsDays,
      isActive: true,
    });
    settings.set(`${carrier.id}|${payer.id}`, { id, requiresBol, termsDays });
  };
  const payer = (name: string) => parties.customers.find((customer) => customer.name === name)!;
  const demo = parties.demoCarrier;
  addSettings(demo, payer('Great Lakes Paper Products'), false, 30);
  addSettings(demo, payer('Prairie Harvest Foods'), true, 21);
  addSettings(demo, payer('Heartland Auto Parts'), false, 45);
  addSettings(demo, payer('Keystone Packaging Group'), true, 30);
  for (const carrier of parties.carriers.filter(
    (candidate) => candidate.profile.has3plNetwork && candidate !== demo,
  )) {
    for (const customer of random.sample(
      parties.customers.filter((candidate) => !candidate.isBroker),
      2,
    )) {
      addSettings(carrier, customer, random.chance(0.4), random.pick([15, 30, 45]));
    }
  }

  const casesByShipment = new Map<string, CaseRecord[]>();
  for (const record of cases)
    casesByShipment.set(record.plan.id, [...(casesByShipment.get(record.plan.id) ?? []), record]);

  interface Draft {
    plan: ShipmentPlan;
    status: ThirdPartyInvoiceStatus;
    settings: BillingSettings | undefined;
    /** Sold to the carrier's factor; left to chance when not set. */
    factored?: boolean;
  }
  const drafts: Draft[] = [];
  const statusFor = (plan: ShipmentPlan): ThirdPartyInvoiceStatus => {
    if (plan.status < ShipmentStatus.Delivered) return ThirdPartyInvoiceStatus.DRAFT;
    const ageDays = (now.getTime() - plan.deliveredAt!.getTime()) / DAY;
    if (ageDays < 3)
      return random.chance(0.6) ? ThirdPartyInvoiceStatus.DRAFT : ThirdPartyInvoiceStatus.RECEIVED;
    if (ageDays < 20)
      return random.weighted([
        [ThirdPartyInvoiceStatus.DRAFT, 2],
        [ThirdPartyInvoiceStatus.RECEIVED, 5],
        [ThirdPartyInvoiceStatus.SETTLED, 3],
      ] as const);
    if (ageDays < 45)
      return random.weighted([
        [ThirdPartyInvoiceStatus.RECEIVED, 1],
        [ThirdPartyInvoiceStatus.SETTLED, 4],
        [ThirdPartyInvoiceStatus.PAID_IN_FULL, 5],
      ] as const);
    return random.chance(0.9)
      ? ThirdPartyInvoiceStatus.PAID_IN_FULL
      : ThirdPartyInvoiceStatus.SETTLED;
  };
  for (const plan of plans) {
    const carrier = plan.carrier;
    if (!carrier?.profile.has3plNetwork || plan.customer.isBroker) continue;
    const eligible =
      plan.status === ShipmentStatus.InTransit ||
      plan.status === ShipmentStatus.AtStop ||
      plan.status >= ShipmentStatus.Delivered;
    if (!eligible) continue;
    const share = carrier === demo ? (plan.status >= ShipmentStatus.Delivered ? 0.45 : 0.3) : 0.08;
    if (!random.chance(share)) continue;
    drafts.push({
      plan,
      status: statusFor(plan),
      settings: settings.get(`${carrier.id}|${plan.customer.id}`),
    });
  }
  // Two loads of the demo carrier still on the road, with billing settings, have a draft invoice:
  // one shows the not-yet-delivered notice with charges, the other "No Charges Linked to Invoice".
  const onTheRoad = (draft: Draft) =>
    draft.plan.carrier === demo && draft.settings && draft.plan.status < ShipmentStatus.Delivered;
  const drafted = new Set(drafts.map((draft) => draft.plan));
  for (const plan of plans) {
    if (drafts.filter(onTheRoad).length >= 2) break;
    if (plan.carrier !== demo || drafted.has(plan) || plan.customer.isBroker) continue;
    if (plan.status !== ShipmentStatus.InTransit && plan.status !== ShipmentStatus.AtStop) continue;
    const planSettings = settings.get(`${demo.id}|${plan.customer.id}`);
    if (!planSettings) continue;
    drafts.push({ plan, status: ThirdPartyInvoiceStatus.DRAFT, settings: planSettings });
  }
  // Every status, with and without billing settings, for the demo carrier.
  const demoDrafts = drafts.filter((draft) => draft.plan.carrier === demo);
  for (const withSettings of [true, false]) {
    for (const wanted of [
      ThirdPartyInvoiceStatus.DRAFT,
      ThirdPartyInvoiceStatus.RECEIVED,
      ThirdPartyInvoiceStatus.SETTLED,
      ThirdPartyInvoiceStatus.PAID_IN_FULL,
    ]) {
      const matching = demoDrafts.filter((draft) => Boolean(draft.settings) === withSettings);
      if (matching.some((draft) => draft.status === wanted)) continue;
      const delivered = matching.filter((draft) => draft.plan.status >= ShipmentStatus.Delivered);
      const pool = wanted === ThirdPartyInvoiceStatus.DRAFT ? matching : delivered;
      const spare =
        pool.find(
          (draft) => matching.filter((other) => other.status === draft.status).length > 1,
        ) ?? pool[0];
      if (spare) spare.status = wanted;
    }
  }

  // The factor has a delivered draft it can submit and a settled invoice among the demo carrier's.
  const delivered = demoDrafts.filter(
    (draft) => draft.settings && draft.plan.status >= ShipmentStatus.Delivered,
  );
  for (const wanted of [ThirdPartyInvoiceStatus.DRAFT, ThirdPartyInvoiceStatus.SETTLED]) {
    const chosen =
      delivered.find((draft) => draft.status === wanted && draft.factored === undefined) ??
      delivered.find(
        (draft) =>
          draft.status === ThirdPartyInvoiceStatus.RECEIVED &&
          delivered.filter((other) => other.status === draft.status).length > 1,
      );
    if (!chosen) continue;
    chosen.status = wanted;
    chosen.factored = true;
  }

  drafts.sort(
    (a, b) =>
      (a.plan.deliveredAt ?? a.plan.bookedAt!).getTime() -
      (b.plan.deliveredAt ?? b.plan.bookedAt!).getTime(),
  );
  // One invoice of the demo carrier on a load still on the road has no charges linked yet, so the
  // detail's "No Charges Linked to Invoice" can be seen.
  const unpriced = drafts.find(
    (draft) =>
      draft.plan.carrier === demo &&
      draft.settings &&
      draft.status === ThirdPartyInvoiceStatus.DRAFT &&
      draft.plan.status < ShipmentStatus.Delivered,
  );
  const records = drafts.map((draft, index) =>
    writeThirdPartyInvoice(
      ctx,
      random,
      draft.plan,
      draft.status,
      draft.settings,
      index,
      casesByShipment.get(draft.plan.id) ?? [],
      parties.operator.id,
      draft !== unpriced,
      draft.factored,
    ),
  );
  ensurePartlyUploaded(records.filter((record) => record.plan.carrier === demo));
  return records;
}

/**
 * Uploads are drawn by chance, and which stops have departed depends on the hour the world is made:
 * make sure one of the demo carrier's drafts has some of its documents and not all (a proof of
 * delivery without the bill of lading its payer asks for), as the cards' counts show it.
 */
function ensurePartlyUploaded(records: ThirdPartyInvoiceRecord[]) {
  const required = (record: ThirdPartyInvoiceRecord) =>
    record.plan.stops.filter((stop) => stop.type === 'Delivery').length +
    (record.bolRequired ? 1 : 0);
  const uploaded = (record: ThirdPartyInvoiceRecord) =>
    record.uploadedPods.size + (record.bolUploaded ? 1 : 0);
  if (records.some((record) => uploaded(record) > 0 && uploaded(record) < required(record))) return;
  for (const record of records) {
    if (record.status !== ThirdPartyInvoiceStatus.DRAFT || !record.bolRequired) continue;
    const departed = record.plan.stops.find((stop) => stop.type === 'Delivery' && stop.departed);
    if (!departed) continue;
    record.uploadedPods = new Set([departed.orderStopId]);
    record.bolUploaded = false;
    return;
  }
}

function writeThirdPartyInvoice(
  ctx: WorldContext,
  random: SeededRandom,
  plan: ShipmentPlan,
  status: ThirdPartyInvoiceStatus,
  settings: BillingSettings | undefined,
  index: number,
  cases: readonly CaseRecord[],
  operatorId: string,
  chargesLinked: boolean,
  factoredWish: boolean | undefined,
): ThirdPartyInvoiceRecord {
  const { sink, ids, now } = ctx;
  const carrier = plan.carrier!;
  const id = ids.uuid();
  const number = `TP${800_001 + index}`;
  const rank = [
    ThirdPartyInvoiceStatus.DRAFT,
    ThirdPartyInvoiceStatus.RECEIVED,
    ThirdPartyInvoiceStatus.SETTLED,
    ThirdPartyInvoiceStatus.PAID_IN_FULL,
  ].indexOf(status);
  const base = plan.deliveredAt ?? plan.dispatchedAt ?? plan.bookedAt ?? now;
  const receivedAt = rank >= 1 ? clampBefore(addHours(base, random.float(3, 72)), now) : null;
  const settledAt =
    rank >= 2 ? clampBefore(addHours(receivedAt!, random.float(24, 24 * 10)), now) : null;
  const paidAt =
    rank >= 3 ? clampBefore(addHours(settledAt!, random.float(24 * 3, 24 * 20)), now) : null;
  const charges = chargesLinked ? freightCharges(plan, cases) : [];
  const amount = chargeTotal(charges);
  const factored = carrier.factoringCompanyId !== null && (factoredWish ?? random.chance(0.5));
  const fee = factored
    ? Math.round(amount * random.float(0.02, 0.035))
    : rank >= 1 && random.chance(0.25)
      ? random.pick([2_500, 5_000, 7_500])
      : 0;
  const loadDate = localDate(
    plan.stops[0]!.arrived ?? plan.stops[0]!.early,
    plan.stops[0]!.place.timeZone,
  );
  const dueDate =
    settings && receivedAt
      ? localDate(addHours(receivedAt, 24 * settings.termsDays), 'America/Chicago')
      : !settings && random.chance(0.4)
        ? localDate(addHours(base, 24 * 30), 'America/Chicago')
        : null;
  const externalNumber =
    rank >= 1 || random.chance(0.3)
      ? `${invoicePrefix(carrier.name)}-${random.int(20_000, 89_999)}`
      : null;
  sink.add('thirdPartyInvoices', {
    id,
    invoiceNumber: number,
    shipmentId: plan.id,
    shipmentNumber: plan.number,
    operatorCompanyId: operatorId,
    carrierCompanyId: carrier.id,
    customerCompanyId: plan.customer.id,
    factoringCompanyId: factored ? carrier.factoringCompanyId : null,
    billingSettingsId: settings?.id ?? null,
    status,
    externalInvoiceNumber: externalNumber,
    externalInvoiceAmountCents:
      rank >= 1 ? (random.chance(0.9) ? amount : amount + random.pick([-2_500, 5_000])) : null,
    invoiceAmountCents: amount,
    feeAndBalanceCents: fee,
    loadDate,
    dueDate,
    receivedAt,
    settledAt,
    paidAt,
    version: 1 + rank,
    createdAt: clampBefore(addHours(plan.bookedAt ?? base, random.float(1, 12)), now),
    updatedAt: paidAt ?? settledAt ?? receivedAt ?? clampBefore(addHours(base, 1), now),
  });
  for (const charge of charges) {
    sink.add('thirdPartyInvoiceCharges', {
      id: ids.uuid(),
      thirdPartyInvoiceId: id,
      description: charge.description,
      chargeTypeName: charge.chargeTypeName,
      rateCents: charge.rateCents,
      units: charge.units,
    });
  }

  // Required documents: proof of delivery for each delivery stop, and the BOL where the payer asks for it.
  const uploadShare = rank >= 2 ? 1 : rank === 1 ? 0.85 : 0.35;
  const uploadedPods = new Set<string>();
  for (const stop of plan.stops) {
    if (stop.type !== 'Delivery') continue;
    sink.add('requiredDocuments', {
      id: ids.uuid(),
      fileType: DocumentType.ProofOfDelivery,
      description: `Proof of delivery, stop ${stop.stopNumber} (${stop.place.city}, ${stop.place.state})`,
      entityType: EntityType.ORDER_STOP,
      shipmentId: plan.id,
      orderId: plan.orderId,
      orderStopId: stop.orderStopId,
      thirdPartyInvoiceId: id,
    });
    if (stop.departed && random.chance(uploadShare)) uploadedPods.add(stop.orderStopId);
  }
  const bolRequired = settings?.requiresBol ?? false;
  if (bolRequired) {
    sink.add('requiredDocuments', {
      id: ids.uuid(),
      fileType: DocumentType.BillOfLading,
      description: 'Signed bill of lading',
      entityType: EntityType.SHIPMENT,
      shipmentId: plan.id,
      orderId: plan.orderId,
      thirdPartyInvoiceId: id,
    });
  }
  return {
    id,
    number,
    plan,
    status,
    hasSettings: Boolean(settings),
    uploadedPods,
    bolRequired,
    bolUploaded: bolRequired && random.chance(uploadShare),
  };
}
