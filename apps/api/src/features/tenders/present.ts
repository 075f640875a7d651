import type { TenderSummary } from '@portal/contract';
import { TENDER_OFFER_STATUS_DISPLAY_NAMES, type TenderOfferStatus } from '@portal/domain';
import { copiedPlace, dollars, equipmentNames, iso } from '../../shared/shipments/present';
import type { TenderRow } from './repository';

export function tenderStatusValue(status: number) {
  return {
    value: status,
    displayName: TENDER_OFFER_STATUS_DISPLAY_NAMES[status as TenderOfferStatus] ?? 'Unknown',
  };
}

/** A tender as the list shows it: the offer as sent (lane, dates, equipment, rate) and its answer. */
export function presentTender(row: TenderRow): TenderSummary {
  return {
    id: row.id,
    tenderNumber: row.tenderNumber,
    shipmentId: row.shipmentId,
    shipmentNumber: row.shipmentNumber ?? '',
    status: tenderStatusValue(row.status),
    isExpired: row.expiredAt !== null,
    customer: { id: row.customerCompanyId, name: row.customerName },
    carrier: { id: row.carrierCompanyId, name: row.carrierName },
    origin: copiedPlace(row.originCity, row.originState, row.originPostalCode),
    destination: copiedPlace(row.destinationCity, row.destinationState, row.destinationPostalCode),
    pickupAt: iso(row.pickupAt),
    deliveryAt: iso(row.deliveryAt),
    equipment: equipmentNames(row.equipmentTypes ?? 0),
    carrierRate: {
      rateType: row.rateType,
      chargeRateType: row.chargeRateType,
      rate: dollars(row.rateCents) ?? 0,
    },
    sentAt: iso(row.sentAt)!,
    expiresAt: iso(row.expiresAt),
    respondedAt: iso(row.respondedAt),
    rejectionReason: row.rejectionReason,
  };
}
