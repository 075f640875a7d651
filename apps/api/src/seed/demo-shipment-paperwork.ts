import { equipmentDisplayNamesFromMask } from '@portal/domain';
import {
  billOfLadingPdf,
  rateConfirmationPdf,
  signedAtText,
  stampSignature,
  stopWindowLines,
  usDate,
  type PdfParty,
  type PdfStop,
  type SignatureBox,
} from '../shared/documents/paperwork-pdf';
import { OPERATOR } from './demo-catalog';
import { demoFile, type DemoFile } from './demo-files';
import type { ShipmentPlan, StopPlan } from './demo-freight';
import type { CarrierInfo, Person } from './demo-parties';

// Each seeded rate confirmation and bill of lading is drawn, like the generated ones, from its own
// shipment: its number, stops, miles, equipment and rate.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

const operatorParty = (): PdfParty => ({
  name: OPERATOR.name,
  lines: [`MC ${OPERATOR.mcNumber}  DOT ${OPERATOR.dotNumber}`],
});

const carrierParty = (carrier: CarrierInfo): PdfParty => ({
  name: carrier.name,
  lines: [`SCAC ${carrier.scac}`],
});

function stopAddress(stop: StopPlan): PdfParty {
  return {
    name: stop.name,
    lines: [
      stop.addressLine1,
      `${stop.place.city}, ${stop.place.state} ${stop.postalCode}`,
      stop.place.country,
    ],
  };
}

function stopLine(plan: ShipmentPlan, stop: StopPlan, stopNumber: number): PdfStop {
  return {
    stopNumber,
    stopType: stop.type,
    name: stop.name,
    address: `${stop.addressLine1}, ${stop.place.city}, ${stop.place.state} ${stop.postalCode}`,
    details: [
      ...stopWindowLines({
        appointmentAt: stop.appointment,
        earlyAt: stop.early,
        lateAt: stop.late,
        timeZone: stop.place.timeZone,
      }),
      ...plan.references
        .filter((reference) => reference.orderStopId === stop.orderStopId)
        .map((reference) => `${reference.label}: ${reference.value}`),
    ],
  };
}

export interface SeededConfirmation {
  file: DemoFile;
  signatureBox: SignatureBox;
}

/** The rate confirmation of a booked shipment, as the operator issued it when it was booked. */
export async function seededRateConfirmation(
  plan: ShipmentPlan,
  carrier: CarrierInfo,
): Promise<SeededConfirmation> {
  const issuedAt = plan.bookedAt ?? plan.createdAt;
  const equipmentLength = plan.profile === 'flatbed' ? 48 : plan.profile === 'bulk' ? 42 : 53;
  const { bytes, signatureBox } = await rateConfirmationPdf({
    shipmentNumber: plan.number,
    orderNumber: plan.orderNumber,
    issuedOn: usDate(issuedAt),
    operator: operatorParty(),
    carrier: carrierParty(carrier),
    equipment: `${equipmentDisplayNamesFromMask(plan.equipmentTypes).join(' or ')}, ${equipmentLength} ft`,
    weight: `${plan.weight.toLocaleString('en-US')} lb`,
    miles: plan.miles.toLocaleString('en-US'),
    rate: money.format((plan.carrierRateCents ?? 0) / 100),
    rateType: 'Flat',
    stops: plan.stops.map((stop, index) => stopLine(plan, stop, index + 1)),
    requirements: [
      ...(plan.isTeam ? ['Team drivers'] : []),
      ...(plan.isHazmat ? ['Hazardous materials: placards and endorsement required'] : []),
    ],
    references: plan.references
      .filter((reference) => reference.orderStopId === undefined)
      .map((reference) => `${reference.label}: ${reference.value}`),
    createdAt: issuedAt,
  });
  return { file: demoFile(bytes, 'application/pdf', 'pdf'), signatureBox };
}

/** The same confirmation with the carrier's signature stamped in, as the carrier signed it. */
export async function seededSignedConfirmation(
  confirmation: SeededConfirmation,
  carrier: CarrierInfo,
  signer: Person,
  signedAt: Date,
  timeZone: string,
): Promise<DemoFile> {
  const bytes = await stampSignature(confirmation.file.bytes, confirmation.signatureBox, {
    signerName: `${signer.firstName} ${signer.lastName}`,
    signerTitle: signer.title || null,
    carrierName: carrier.name,
    signedAtText: signedAtText(signedAt, timeZone),
    signedAt,
  });
  return demoFile(bytes, 'application/pdf', 'pdf');
}

export interface SeededBillOfLading {
  file: DemoFile;
  bolNumber: string;
  pickup: StopPlan;
  delivery: StopPlan;
}

/** The bill of lading for the freight of the shipment's first pickup and its delivery. */
export async function seededBillOfLading(
  plan: ShipmentPlan,
  carrier: CarrierInfo,
): Promise<SeededBillOfLading> {
  const first = plan.lineItems[0]!;
  const stopNumber = (id: string) => plan.stops.findIndex((stop) => stop.orderStopId === id) + 1;
  const pickup = plan.stops[stopNumber(first.pickupStopId) - 1]!;
  const delivery = plan.stops[stopNumber(first.deliveryStopId) - 1]!;
  const bolNumber = `${plan.number}-${stopNumber(pickup.orderStopId)}${stopNumber(delivery.orderStopId)}`;
  const items = plan.lineItems.filter(
    (item) =>
      item.pickupStopId === pickup.orderStopId && item.deliveryStopId === delivery.orderStopId,
  );
  const carrierLines = carrierParty(carrier);
  if (plan.trailer) carrierLines.lines.push(`Trailer ${plan.trailer.number}`);
  const pickedUp = pickup.departed ?? pickup.appointment ?? pickup.early;
  const bytes = await billOfLadingPdf({
    bolNumber,
    shipmentNumber: plan.number,
    orderNumber: plan.orderNumber,
    date: usDate(pickedUp, pickup.place.timeZone),
    shipFrom: stopAddress(pickup),
    shipTo: stopAddress(delivery),
    carrier: carrierLines,
    billTo: operatorParty(),
    references: plan.references
      .filter(
        (reference) =>
          reference.orderStopId === undefined ||
          reference.orderStopId === pickup.orderStopId ||
          reference.orderStopId === delivery.orderStopId,
      )
      .map((reference) => `${reference.label}: ${reference.value}`),
    specialInstructions: null,
    emergencyContact: null,
    lineItems: items.map((item) => ({
      handlingUnits: item.packageCount,
      packageType: item.commodity.packageType,
      pieces: null,
      weightPounds: item.weight,
      description: item.commodity.description,
      freightClass: item.commodity.freightClass,
      hazmat: item.commodity.hazmat
        ? `${item.commodity.hazmat.unNumber}, Class ${item.commodity.hazmat.hazmatClass}, PG ${item.commodity.hazmat.group}`
        : null,
    })),
    createdAt: pickedUp,
  });
  return { file: demoFile(bytes, 'application/pdf', 'pdf'), bolNumber, pickup, delivery };
}
