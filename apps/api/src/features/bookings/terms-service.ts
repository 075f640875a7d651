import { ShipmentStatus, shipmentStatusDisplayName } from '@portal/domain';
import type { BookingTermsAnswer, MaxBuyBody, OriginationTypeBody } from '@portal/contract';
import type { AppContext } from '../../shared/app-context';
import type { Caller } from '../../shared/auth/caller';
import { conflict, forbidden } from '../../shared/http/errors';
import { withVisibleShipment, type ShipmentRow } from '../../shared/shipments/find-shipment';
import { recordShipmentHistory, updateShipment } from '../../shared/shipments/history';
import { statusValue } from '../../shared/shipments/present';
import { assertShipmentVersion } from '../../shared/shipments/version';

function answer(shipment: ShipmentRow): BookingTermsAnswer {
  return {
    data: {
      id: shipment.id,
      shipmentNumber: shipment.shipmentNumber,
      status: statusValue(shipment.status),
      version: shipment.version,
      maxBuy: shipment.maxBuyCents === null ? null : Number(shipment.maxBuyCents) / 100,
      originationType: shipment.originationType as 'TmsContract' | 'TmsSpot' | null,
    },
  };
}

/** Before a carrier holds the load its max buy may change; after, it is the booking's business. */
const MAX_BUY_STATUSES: number[] = [
  ShipmentStatus.Draft,
  ShipmentStatus.ReadyToBook,
  ShipmentStatus.Tendering,
];

/**
 * PATCH api/v2/shipments/{id}/max_buy: the operator or the load's customer sets what will be paid
 * for it, before it is booked. Versioned: a stale version is 409.
 */
export function updateMaxBuy(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: MaxBuyBody,
  version: number | undefined,
): Promise<BookingTermsAnswer> {
  return withVisibleShipment(
    ctx,
    caller,
    id,
    async (tx, shipment, relation) => {
      if (relation !== 'operator' && relation !== 'customer') {
        throw forbidden('Only the operator or the customer sets a load’s max buy');
      }
      assertShipmentVersion(shipment, version);
      if (!MAX_BUY_STATUSES.includes(shipment.status)) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is ${shipmentStatusDisplayName(shipment.status as ShipmentStatus)}; its max buy changes only before it is booked.`,
          { maxBuy: ['The load is already booked'] },
        );
      }
      const maxBuyCents = Math.round(body.maxBuy * 100);
      const updated = await updateShipment(tx, shipment, { maxBuyCents });
      await recordShipmentHistory(tx, {
        shipmentId: shipment.id,
        userId: caller.userId,
        action: 'MaxBuyChanged',
        detail: {
          from:
            shipment.maxBuyCents === null ? null : (Number(shipment.maxBuyCents) / 100).toFixed(2),
          to: (maxBuyCents / 100).toFixed(2),
        },
      });
      return answer(updated);
    },
    { forUpdate: true },
  );
}

/** PATCH api/v2/shipments/{id}/origination_type: the operator corrects how a booked load came about. */
export function updateOriginationType(
  ctx: AppContext,
  caller: Caller,
  id: string,
  body: OriginationTypeBody,
  version: number | undefined,
): Promise<BookingTermsAnswer> {
  return withVisibleShipment(
    ctx,
    caller,
    id,
    async (tx, shipment, relation) => {
      if (relation !== 'operator') throw forbidden('Only the operator sets the origination type');
      assertShipmentVersion(shipment, version);
      if (shipment.carrierCompanyId === null || shipment.status < ShipmentStatus.Booked) {
        throw conflict(
          `Shipment ${shipment.shipmentNumber} is not booked; only a booked load has an origination type.`,
          { originationType: ['The load is not booked'] },
        );
      }
      const updated = await updateShipment(tx, shipment, { originationType: body.originationType });
      await recordShipmentHistory(tx, {
        shipmentId: shipment.id,
        userId: caller.userId,
        action: 'OriginationChanged',
        detail: { from: shipment.originationType, to: body.originationType },
      });
      return answer(updated);
    },
    { forUpdate: true },
  );
}
