import {
  ApInvoiceStatus,
  CaseStatus,
  CaseType,
  DocumentType,
  EntityType,
  ShipmentStatus,
  TenderOfferStatus,
  ThirdPartyInvoiceStatus,
} from '@portal/domain';
import { newStorageKey } from '../shared/storage/document-store';
import type { CaseRecord } from './demo-cases';
import type { WorldContext } from './demo-context';
import { avatarPng, logoPng, type DemoFile, type DemoFileSet } from './demo-files';
import type { ShipmentPlan, StopPlan } from './demo-freight';
import type { TenderRecord } from './demo-market';
import type { ApInvoiceRecord, PaymentRecord, ThirdPartyInvoiceRecord } from './demo-money';
import type { Parties, Person } from './demo-parties';
import { addHours } from './demo-places';
import type { SeededRandom } from './random';
import {
  seededBillOfLading,
  seededRateConfirmation,
  seededSignedConfirmation,
} from './demo-shipment-paperwork';

// Documents (real files), notes with mentions, notifications and the small per-user settings.

export interface PendingFile {
  key: string;
  file: DemoFile;
}

interface DocumentFields {
  companyId: string;
  file: DemoFile;
  fileType: DocumentType;
  entityType: EntityType;
  entityId: string | null;
  entityDescription: string;
  name: string;
  uploadedBy: string | null;
  createdAt: Date;
  shipmentId?: string | null;
  orderId?: string | null;
  orderStopId?: string | null;
  caseId?: string | null;
  apInvoiceId?: string | null;
  thirdPartyInvoiceId?: string | null;
  additionalData?: Record<string, unknown> | null;
  id?: string;
}

export class DocumentWriter {
  readonly pending: PendingFile[] = [];

  constructor(private readonly ctx: WorldContext) {}

  add(fields: DocumentFields): string {
    const id = fields.id ?? this.ctx.ids.uuid();
    const key = newStorageKey(fields.companyId, id);
    this.pending.push({ key, file: fields.file });
    this.ctx.sink.add('documents', {
      id,
      companyId: fields.companyId,
      fileType: fields.fileType,
      entityType: fields.entityType,
      entityId: fields.entityId,
      entityDescription: fields.entityDescription,
      name: `${fields.name}.${fields.file.extension}`,
      extension: fields.file.extension,
      contentType: fields.file.contentType,
      sizeBytes: fields.file.sizeBytes,
      sha256: fields.file.sha256,
      storageKey: key,
      shipmentId: fields.shipmentId ?? null,
      orderId: fields.orderId ?? null,
      orderStopId: fields.orderStopId ?? null,
      caseId: fields.caseId ?? null,
      apInvoiceId: fields.apInvoiceId ?? null,
      thirdPartyInvoiceId: fields.thirdPartyInvoiceId ?? null,
      additionalData: fields.additionalData ? JSON.stringify(fields.additionalData) : null,
      uploadedBy: fields.uploadedBy,
      createdAt: fields.createdAt > this.ctx.now ? this.ctx.now : fields.createdAt,
    });
    return id;
  }
}

const AVATAR_COLORS = ['#1565c0', '#6a1b9a', '#2e7d32', '#c62828', '#ef6c00', '#00838f'];

export interface PaperworkInput {
  parties: Parties;
  plans: readonly ShipmentPlan[];
  cases: readonly CaseRecord[];
  apInvoices: readonly ApInvoiceRecord[];
  thirdPartyInvoices: readonly ThirdPartyInvoiceRecord[];
  files: DemoFileSet;
}

export async function writeDocuments(
  ctx: WorldContext,
  input: PaperworkInput,
): Promise<PendingFile[]> {
  const random = ctx.random.fork('documents');
  const writer = new DocumentWriter(ctx);
  const { parties, plans, files } = input;
  const demo = parties.demoCarrier;

  // Logos and profile pictures.
  for (const carrier of parties.carriers) {
    if (!carrier.logoDocumentId || !carrier.profile.logo) continue;
    writer.add({
      id: carrier.logoDocumentId,
      companyId: carrier.id,
      file: logoPng(carrier.name, carrier.profile.logo),
      fileType: DocumentType.CustomerProfilePicture,
      entityType: EntityType.CARRIER,
      entityId: carrier.id,
      entityDescription: carrier.name,
      name: `${carrier.scac.toLowerCase()}-logo`,
      uploadedBy: carrier.admin.id,
      createdAt: addHours(ctx.now, -24 * random.int(30, 400)),
    });
  }
  const withAvatars: Person[] = [
    parties.demo.carrier,
    parties.demo.dispatcher,
    parties.staff.sales,
    parties.staff.tracking,
  ];
  withAvatars.forEach((person, index) => {
    if (!person.profileDocumentId) return;
    writer.add({
      id: person.profileDocumentId,
      companyId: person.companyId,
      file: avatarPng(
        person.firstName,
        person.lastName,
        AVATAR_COLORS[index % AVATAR_COLORS.length]!,
      ),
      fileType: DocumentType.CustomerProfilePicture,
      entityType: EntityType.CONTACT,
      entityId: person.id,
      entityDescription: `${person.firstName} ${person.lastName}`,
      name: 'profile-picture',
      uploadedBy: person.id,
      createdAt: addHours(ctx.now, -24 * random.int(10, 200)),
    });
  });

  const podsFromInvoices = new Map<string, ThirdPartyInvoiceRecord>();
  for (const invoice of input.thirdPartyInvoices) podsFromInvoices.set(invoice.plan.id, invoice);
  // The demo carrier's newest draft invoice on a delivered load still waits for its proof of
  // delivery, so the carrier can upload it and submit (the accounting browser test does).
  const waitingForPod = input.apInvoices
    .filter(
      (invoice) =>
        invoice.status === ApInvoiceStatus.Draft &&
        invoice.plan.carrier === demo &&
        invoice.plan.status >= ShipmentStatus.Delivered &&
        !podsFromInvoices.has(invoice.plan.id),
    )
    .sort((a, b) => b.plan.deliveredAt!.getTime() - a.plan.deliveredAt!.getTime())[0]?.plan;

  const podFile = (): DemoFile =>
    random.weighted([
      [files.proofOfDeliveryPdf, 35],
      [files.proofOfDeliveryScan, 35],
      [files.proofOfDeliveryPhoto, 30],
    ] as const);

  for (const plan of plans) {
    const carrier = plan.carrier;
    if (!carrier || plan.status < ShipmentStatus.Booked) continue;
    const isDemo = carrier === demo;
    const isOther = carrier === parties.otherCarrier;
    const share = isDemo ? 1 : isOther ? 0.6 : 0.12;
    const uploader = plan.drivers[0] ?? carrier.dispatchers[0] ?? carrier.admin;
    const onShipment = {
      entityType: EntityType.SHIPMENT,
      entityId: plan.id,
      entityDescription: `Shipment ${plan.number}`,
      shipmentId: plan.id,
      orderId: plan.orderId,
    };
    const shipmentDoc = (
      file: DemoFile,
      fileType: DocumentType,
      name: string,
      by: Person,
      at: Date,
      companyId = carrier.id,
    ) =>
      writer.add({
        companyId,
        file,
        fileType,
        entityType: EntityType.SHIPMENT,
        entityId: plan.id,
        entityDescription: `Shipment ${plan.number}`,
        name,
        uploadedBy: by.id,
        createdAt: at,
        shipmentId: plan.id,
        orderId: plan.orderId,
      });

    if (random.chance(share * 0.9) && plan.bookedAt) {
      const confirmation = await seededRateConfirmation(plan, carrier);
      if (plan.status === ShipmentStatus.Booked) {
        writer.add({
          ...onShipment,
          companyId: parties.operator.id,
          file: confirmation.file,
          fileType: DocumentType.CarrierConfirmation,
          name: `CarrierConfirmation_${plan.number}`,
          uploadedBy: parties.staff.sales.id,
          createdAt: addHours(plan.bookedAt, 0.2),
          additionalData: {
            signatureBox: confirmation.signatureBox,
            carrierRateCents: plan.carrierRateCents,
            carrierCompanyId: carrier.id,
          },
        });
      } else {
        const signedAt = addHours(plan.bookedAt, random.float(0.3, 3));
        const signer = carrier.admin;
        writer.add({
          ...onShipment,
          companyId: carrier.id,
          file: await seededSignedConfirmation(
            confirmation,
            carrier,
            signer,
            signedAt,
            plan.stops[0]!.place.timeZone,
          ),
          fileType: DocumentType.SignedRateConfirmation,
          name: `RateConfirmation_${plan.number}_signed`,
          uploadedBy: signer.id,
          createdAt: signedAt,
          additionalData: {
            signerName: `${signer.firstName} ${signer.lastName}`,
            signerTitle: signer.title || null,
            signedAt: signedAt.toISOString(),
            signedByUserId: signer.id,
          },
        });
      }
    }
    const pickedUp = plan.stops[0]!.departed;
    const invoice = podsFromInvoices.get(plan.id);
    if (
      pickedUp &&
      (invoice?.bolUploaded || (random.chance(isDemo ? 0.8 : share * 0.5) && !invoice?.bolRequired))
    ) {
      const bill = await seededBillOfLading(plan, carrier);
      writer.add({
        ...onShipment,
        companyId: carrier.id,
        file: bill.file,
        fileType: DocumentType.BillOfLading,
        name: `BOL_${bill.bolNumber}`,
        uploadedBy: uploader.id,
        createdAt: addHours(pickedUp, random.float(0.2, 2)),
        additionalData: {
          bolNumber: bill.bolNumber,
          pickupOrderStopId: bill.pickup.orderStopId,
          deliveryOrderStopId: bill.delivery.orderStopId,
        },
      });
    }
    if (isDemo && plan.dispatchedAt && random.chance(0.06)) {
      shipmentDoc(
        files.trailerPhoto,
        DocumentType.TrailerPicture,
        `Trailer_${plan.trailer?.number ?? 'photo'}_${plan.number}`,
        uploader,
        addHours(plan.dispatchedAt, 1),
      );
    }
    for (const stop of plan.stops) {
      if (stop.type !== 'Delivery' || !stop.departed || plan === waitingForPod) continue;
      const uploaded = invoice
        ? invoice.uploadedPods.has(stop.orderStopId)
        : random.chance(isDemo ? 0.85 : share * 0.8);
      if (!uploaded) continue;
      writePod(writer, plan, stop, podFile(), carrier.id, uploader, random);
    }
  }

  // Carrier invoices on AP invoices, invoice copies on third-party invoices.
  for (const invoice of input.apInvoices) {
    const carrier = invoice.plan.carrier!;
    if (!invoice.receivedAt || invoice.status === ApInvoiceStatus.Voided) continue;
    if (!random.chance(carrier === demo ? 0.7 : 0.1)) continue;
    writer.add({
      companyId: carrier.id,
      file: files.carrierInvoice,
      fileType: DocumentType.ApInvoice,
      entityType: EntityType.AP_INVOICE,
      entityId: invoice.id,
      entityDescription: `Invoice ${invoice.number}`,
      name: `Invoice_${invoice.number}`,
      uploadedBy: carrier.admin.id,
      createdAt: invoice.receivedAt,
      apInvoiceId: invoice.id,
    });
  }
  for (const invoice of input.thirdPartyInvoices) {
    if (invoice.status === ThirdPartyInvoiceStatus.DRAFT || !random.chance(0.45)) continue;
    const carrier = invoice.plan.carrier!;
    writer.add({
      companyId: carrier.id,
      file: files.thirdPartyInvoice,
      fileType: DocumentType.ThirdParty,
      entityType: EntityType.THIRD_PARTY,
      entityId: invoice.id,
      entityDescription: `Invoice ${invoice.number}`,
      name: `FreightInvoice_${invoice.number}`,
      uploadedBy: carrier === demo ? parties.demo.billing.id : carrier.admin.id,
      createdAt: invoice.plan.deliveredAt ?? ctx.now,
      thirdPartyInvoiceId: invoice.id,
    });
  }

  // Evidence on cases.
  for (const record of input.cases) {
    const carrier = record.plan.carrier!;
    const evidence =
      record.type === CaseType.Lumper
        ? files.lumperReceipt
        : record.type === CaseType.Detention
          ? files.proofOfDeliveryScan
          : random.chance(0.3)
            ? files.proofOfDeliveryPdf
            : null;
    if (!evidence || record.status === CaseStatus.New) continue;
    writer.add({
      companyId: carrier.id,
      file: evidence,
      fileType: DocumentType.ShipmentMiscellaneous,
      entityType: EntityType.CASE,
      entityId: record.id,
      entityDescription: `Case ${record.number}`,
      name:
        record.type === CaseType.Lumper
          ? `LumperReceipt_${record.number}`
          : `Evidence_${record.number}`,
      uploadedBy: record.createdBy.id,
      createdAt: addHours(record.createdAt, 0.2),
      caseId: record.id,
      additionalData: { caseNumber: record.number, caseType: record.type },
    });
  }
  return writer.pending;
}

function writePod(
  writer: DocumentWriter,
  plan: ShipmentPlan,
  stop: StopPlan,
  file: DemoFile,
  companyId: string,
  uploader: Person,
  random: SeededRandom,
): void {
  writer.add({
    companyId,
    file,
    fileType: DocumentType.ProofOfDelivery,
    entityType: EntityType.ORDER_STOP,
    entityId: stop.orderStopId,
    entityDescription: `Stop ${stop.stopNumber} - ${stop.place.city}, ${stop.place.state}`,
    name: `POD_${plan.number}_stop${stop.stopNumber}`,
    uploadedBy: uploader.id,
    createdAt: addHours(stop.departed!, random.float(0.1, 20)),
    shipmentId: plan.id,
    orderId: plan.orderId,
    orderStopId: stop.orderStopId,
  });
}

// ---- Notes ----

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface NoteTarget {
  entityType: EntityType;
  entityId: string;
  description: string;
  link: string;
}

function note(
  ctx: WorldContext,
  target: NoteTarget,
  author: Person,
  text: string,
  options: { mention?: Person; internal?: boolean; readonly?: boolean; at: Date },
): void {
  const { sink, ids } = ctx;
  const id = ids.uuid();
  const mention = options.mention
    ? `@${options.mention.firstName} ${options.mention.lastName}`
    : null;
  const content = mention ? `${mention} ${text}` : text;
  const html = mention
    ? `<p><span class="mention" data-user-id="${options.mention!.id}">${escapeHtml(mention)}</span> ${escapeHtml(text)}</p>`
    : `<p>${escapeHtml(text)}</p>`;
  const children: object[] = [];
  if (mention)
    children.push({
      type: 'mention',
      version: 1,
      mentionName: mention.slice(1),
      userId: options.mention!.id,
      text: mention,
    });
  children.push({
    type: 'text',
    version: 1,
    text: mention ? ` ${text}` : text,
    format: 0,
    detail: 0,
    mode: 'normal',
    style: '',
  });
  const at = options.at > ctx.now ? ctx.now : options.at;
  sink.add('notes', {
    id,
    entityType: target.entityType,
    entityId: target.entityId,
    entityDescription: target.description,
    entityLink: target.link,
    companyId: author.companyId,
    noteContent: content,
    noteHtml: html,
    noteJson: JSON.stringify({
      root: {
        type: 'root',
        version: 1,
        direction: 'ltr',
        format: '',
        indent: 0,
        children: [
          { type: 'paragraph', version: 1, direction: 'ltr', format: '', indent: 0, children },
        ],
      },
    }),
    allowPortalAccess: !options.internal,
    isReadonly: options.readonly ?? false,
    createdBy: author.id,
    createdAt: at,
    updatedAt: at,
  });
  if (options.mention && mention) {
    sink.add('noteMentions', { noteId: id, userId: options.mention.id, mention });
  }
}

export function writeNotes(ctx: WorldContext, input: PaperworkInput): void {
  const random = ctx.random.fork('notes');
  const { parties } = input;
  const { staff } = parties;
  const demo = parties.demoCarrier;

  for (const plan of input.plans) {
    const carrier = plan.carrier;
    if (!carrier || plan.status < ShipmentStatus.Booked) continue;
    if (!random.chance(carrier === demo ? 0.3 : 0.04)) continue;
    const target: NoteTarget = {
      entityType: EntityType.SHIPMENT,
      entityId: plan.id,
      description: `Shipment ${plan.number}`,
      link: `/all-shipments/${plan.number}/preview/details`,
    };
    const dispatcher = carrier.dispatchers[0] ?? carrier.admin;
    const origin = plan.stops[0]!;
    const destination = plan.stops[plan.stops.length - 1]!;
    let at = addHours(plan.bookedAt ?? plan.createdAt, random.float(0.5, 6));
    note(
      ctx,
      target,
      staff.tracking,
      `Please send the driver's name and cell before pickup at ${origin.name}.`,
      { mention: dispatcher, at },
    );
    if (plan.dispatchedAt && random.chance(0.7)) {
      at = addHours(plan.dispatchedAt, random.float(0.2, 3));
      note(
        ctx,
        target,
        dispatcher,
        `Driver is ${plan.drivers[0] ? `${plan.drivers[0].firstName} ${plan.drivers[0].lastName}` : 'assigned'}, truck ${plan.trailer ? `pulling trailer ${plan.trailer.number}` : 'on the way'}. ETA to the shipper within the window.`,
        { mention: staff.tracking, at },
      );
    }
    if (plan.status >= ShipmentStatus.InTransit && random.chance(0.4)) {
      at = addHours(origin.departed ?? at, random.float(2, 10));
      note(
        ctx,
        target,
        dispatcher,
        `Running about ${random.int(1, 3)} hours behind because of weather; new ETA to ${destination.place.city} sent to the receiver.`,
        { at },
      );
    }
    if (random.chance(0.3)) {
      note(
        ctx,
        target,
        staff.sales,
        random.pick([
          'Carrier was late on the last two loads on this lane; line up a backup for the next one.',
          'Customer approved up to 3 hours of detention on this load.',
          'Rate negotiated up $150 because of the short lead time.',
        ]),
        { internal: true, at: addHours(at, 1) },
      );
    }
    if (plan.status === ShipmentStatus.DeliveryConfirmed && random.chance(0.3)) {
      note(ctx, target, staff.tracking, 'Proof of delivery reviewed; delivery confirmed.', {
        readonly: true,
        at: addHours(plan.confirmedAt ?? at, 0),
      });
    }
  }

  for (const record of input.cases) {
    const carrier = record.plan.carrier!;
    const target: NoteTarget = {
      entityType: EntityType.CASE,
      entityId: record.id,
      description: `Case ${record.number}`,
      link: `/cases/${record.number}/preview/notes`,
    };
    let at = addHours(record.createdAt, 0.5);
    note(
      ctx,
      target,
      record.createdBy,
      random.pick([
        'Attached the signed in and out times from the receiver.',
        'Receipt attached. Please add this to the settlement.',
        'Driver waited at the dock the whole time; the receiver confirmed by phone.',
      ]),
      { at },
    );
    if (record.status !== CaseStatus.New) {
      at = addHours(at, random.float(4, 30));
      note(
        ctx,
        target,
        staff.claims,
        random.pick([
          'Reviewed the times on the POD; sending to the customer for approval.',
          'We need the lumper receipt before we can approve this.',
          'Approved; it will be added to the carrier invoice.',
        ]),
        { mention: carrier === demo ? parties.demo.carrier : carrier.admin, at },
      );
      if (random.chance(0.4)) {
        note(
          ctx,
          target,
          staff.claims,
          'Customer disputes the detention; waiting on their dock log.',
          { internal: true, at: addHours(at, 2) },
        );
      }
    }
  }

  for (const invoice of input.thirdPartyInvoices) {
    if (!random.chance(0.45)) continue;
    const carrier = invoice.plan.carrier!;
    const target: NoteTarget = {
      entityType: EntityType.THIRD_PARTY,
      entityId: invoice.id,
      description: `Invoice ${invoice.number}`,
      link: `/third-party-payer-invoices/${invoice.number}/preview`,
    };
    const billing = carrier === demo ? parties.demo.billing : carrier.admin;
    const at = addHours(
      invoice.plan.deliveredAt ?? invoice.plan.bookedAt ?? ctx.now,
      random.float(4, 40),
    );
    note(
      ctx,
      target,
      billing,
      random.pick([
        'Uploaded the proof of delivery for every drop, please review.',
        'The receiver signed short one pallet; corrected the invoice amount.',
        'Can you confirm the payer has our remit-to address on file?',
      ]),
      { mention: staff.accounting, at },
    );
    if (invoice.status !== ThirdPartyInvoiceStatus.DRAFT) {
      note(
        ctx,
        target,
        staff.accounting,
        'Invoice received and matched to the load; scheduled for the next settlement run.',
        { mention: billing, at: addHours(at, random.float(2, 48)) },
      );
    }
    if (random.chance(0.3)) {
      note(
        ctx,
        target,
        staff.accounting,
        'Payer asked for the lumper receipt before paying the balance.',
        { internal: true, at: addHours(at, 3) },
      );
    }
  }
}

// ---- Notifications, preferences, access requests, saved filters ----

export const NOTIFICATION_KINDS = [
  'TenderReceived',
  'RateRequestReceived',
  'CaseUpdated',
  'PaymentSent',
  'NoteMention',
  'InvoiceStatusChanged',
  'ShipmentNeedsUpdate',
] as const;

export function writeUserSettings(
  ctx: WorldContext,
  input: PaperworkInput & { tenders: readonly TenderRecord[]; payments: readonly PaymentRecord[] },
): void {
  const random = ctx.random.fork('settings');
  const { sink, ids, now } = ctx;
  const { parties } = input;
  const demo = parties.demoCarrier;
  const demoUsers = [
    parties.demo.carrier,
    parties.demo.dispatcher,
    parties.demo.billing,
    parties.demo.factoring,
    parties.demo.broker,
    parties.demo.other,
  ];
  for (const user of demoUsers) {
    for (const kind of NOTIFICATION_KINDS) {
      sink.add('notificationPreferences', {
        userId: user.id,
        companyId: user.companyId,
        notificationKind: kind,
        byEmail: kind !== 'ShipmentNeedsUpdate' && random.chance(0.7),
        inApp: true,
      });
    }
  }

  const carrierUser = parties.demo.carrier;
  const notify = (
    user: Person,
    kind: (typeof NOTIFICATION_KINDS)[number],
    title: string,
    body: string,
    link: string,
    hoursAgo: number,
    read: boolean,
  ) => {
    const created = addHours(now, -hoursAgo);
    sink.add('notifications', {
      id: ids.uuid(),
      userId: user.id,
      companyId: user.companyId,
      notificationKind: kind,
      title,
      body,
      link,
      createdAt: created,
      readAt: read ? addHours(created, Math.min(hoursAgo * 0.5, 2)) : null,
    });
  };
  const openTender = input.tenders.find(
    (tender) => tender.carrier === demo && tender.status === TenderOfferStatus.Sent,
  );
  if (openTender) {
    notify(
      carrierUser,
      'TenderReceived',
      `New tender ${openTender.number}`,
      `Meridian Freight Partners tendered shipment ${openTender.plan.number} (${openTender.plan.stops[0]!.place.city}, ${openTender.plan.stops[0]!.place.state} to ${openTender.plan.stops[openTender.plan.stops.length - 1]!.place.city}, ${openTender.plan.stops[openTender.plan.stops.length - 1]!.place.state}).`,
      `/tenders/${openTender.id}`,
      2,
      false,
    );
  }
  const demoCase = input.cases.find(
    (record) => record.plan.carrier === demo && record.status !== CaseStatus.New,
  );
  if (demoCase) {
    notify(
      carrierUser,
      'CaseUpdated',
      `Case ${demoCase.number} updated`,
      `${demoCase.type} request on shipment ${demoCase.plan.number} is now ${demoCase.status}.`,
      `/cases/${demoCase.number}/preview`,
      5,
      false,
    );
  }
  const payment = [...input.payments].reverse().find((candidate) => candidate.carrier === demo);
  if (payment) {
    notify(
      carrierUser,
      'PaymentSent',
      `Payment ${payment.checkNumber} sent`,
      `$${(payment.amountCents / 100).toFixed(2)} was remitted to Summit Freight Factoring for your invoices.`,
      `/payments/${payment.checkNumber}/preview`,
      30,
      true,
    );
  }
  const mentioned = input.plans.find(
    (plan) => plan.carrier === demo && plan.status === ShipmentStatus.InTransit,
  );
  if (mentioned) {
    notify(
      carrierUser,
      'NoteMention',
      'Luis Ortega mentioned you',
      `On shipment ${mentioned.number}: please send an updated ETA for the delivery.`,
      `/all-shipments/${mentioned.number}/preview/details`,
      1,
      false,
    );
    notify(
      parties.demo.dispatcher,
      'ShipmentNeedsUpdate',
      `Shipment ${mentioned.number} needs an update`,
      'The next tracking update is overdue.',
      `/all-shipments/${mentioned.number}/preview/details`,
      1,
      false,
    );
  }
  const settled = input.thirdPartyInvoices.find(
    (invoice) =>
      invoice.plan.carrier === demo && invoice.status === ThirdPartyInvoiceStatus.SETTLED,
  );
  if (settled) {
    notify(
      carrierUser,
      'InvoiceStatusChanged',
      `Invoice ${settled.number} settled`,
      `The payer settled invoice ${settled.number} for shipment ${settled.plan.number}.`,
      `/third-party-payer-invoices/${settled.number}/preview`,
      50,
      true,
    );
    notify(
      parties.demo.billing,
      'InvoiceStatusChanged',
      `Invoice ${settled.number} settled`,
      `The payer settled invoice ${settled.number}.`,
      `/third-party-payer-invoices/${settled.number}/preview`,
      50,
      false,
    );
  }
  notify(
    carrierUser,
    'RateRequestReceived',
    'New rate request',
    'Meridian Freight Partners asked for your rate on a load out of Fargo, ND.',
    '/rates',
    8,
    true,
  );
  notify(
    carrierUser,
    'ShipmentNeedsUpdate',
    'Tracking integration expired',
    'Your tracking integration token has expired; reconnect it in your profile.',
    '/profile?tab=integrations',
    24 * 9,
    false,
  );

  const request = (
    first: string,
    last: string,
    message: string,
    status: 'Open' | 'Approved' | 'Denied',
    daysAgo: number,
  ) => {
    const created = addHours(now, -24 * daysAgo);
    sink.add('accessRequests', {
      id: ids.uuid(),
      companyId: demo.id,
      firstName: first,
      lastName: last,
      email: `${first}.${last}@${demo.domain}`.toLowerCase(),
      message,
      status,
      decidedBy: status === 'Open' ? null : carrierUser.id,
      decidedAt: status === 'Open' ? null : addHours(created, 20),
      createdAt: created,
    });
  };
  request(
    'Emily',
    'Sanders',
    'I started as a day dispatcher this week; please give me access to the load board.',
    'Open',
    1,
  );
  request('Marcus', 'Webb', 'Safety manager, need to see shipment documents and cases.', 'Open', 3);
  request('Tanya', 'Olsen', 'Accounts receivable, need the payment remittances.', 'Approved', 40);
  request('Greg', 'Hollis', 'Former driver.', 'Denied', 75);

  const filter = (
    user: Person,
    listName: string,
    viewName: string,
    fields: Record<string, unknown>,
  ) => {
    sink.add('savedFilterSets', {
      id: ids.uuid(),
      userId: user.id,
      companyId: user.companyId,
      listName,
      viewName,
      filterFields: JSON.stringify(fields),
      createdAt: addHours(now, -24 * random.int(5, 60)),
    });
  };
  filter(carrierUser, 'shipments', 'Needs updates', {
    statuses: [ShipmentStatus.InTransit, ShipmentStatus.AtStop],
    needsUpdates: true,
  });
  filter(carrierUser, 'shipments', 'Delivered this month', {
    statuses: [ShipmentStatus.Delivered, ShipmentStatus.DeliveryConfirmed],
  });
  filter(parties.demo.dispatcher, 'tenders', 'Open tenders', {
    statuses: [TenderOfferStatus.Sent],
  });
  sink.add('gridSettings', {
    userId: carrierUser.id,
    companyId: carrierUser.companyId,
    gridName: 'shipments',
    settings: JSON.stringify({
      columns: ['shipmentNumber', 'status', 'origin', 'destination', 'pickupAt', 'deliveryAt'],
      density: 'compact',
    }),
  });
}
