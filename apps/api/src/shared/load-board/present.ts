import {
  equipmentDisplayNamesFromMask,
  LOAD_TYPE_DISPLAY_NAMES,
  type LoadType,
} from '@portal/domain';
import type { LoadBoardItem } from '@portal/contract';
import { dollars, iso, statusValue } from '../shipments/present';
import type { LoadBoardRow } from './search';

/** A load as every load board list shows it: lane, windows, equipment, weight, miles, money. */
export function presentLoad(row: LoadBoardRow): LoadBoardItem {
  const price = dollars(row.priceCents);
  const miles = row.miles === null ? null : Number(row.miles);
  return {
    id: row.id,
    shipmentNumber: row.shipmentNumber,
    status: statusValue(row.status),
    shippingMode: {
      value: row.shippingMode,
      displayName:
        LOAD_TYPE_DISPLAY_NAMES[row.shippingMode as LoadType] ?? String(row.shippingMode),
    },
    origin: {
      city: row.originCity,
      state: row.originState,
      postalCode: row.originPostalCode,
      latitude: row.originLatitude,
      longitude: row.originLongitude,
    },
    destination: {
      city: row.destinationCity,
      state: row.destinationState,
      postalCode: row.destinationPostalCode,
      latitude: row.destinationLatitude,
      longitude: row.destinationLongitude,
    },
    pickup: {
      early: iso(row.pickupEarly),
      late: iso(row.pickupLate),
      ianaTimezone: row.pickupZone ?? 'America/Chicago',
    },
    delivery: {
      early: iso(row.deliveryEarly),
      late: iso(row.deliveryLate),
      ianaTimezone: row.deliveryZone ?? 'America/Chicago',
    },
    stopCount: Number(row.stopCount),
    equipmentTypes: row.equipmentTypes,
    equipmentNames: equipmentDisplayNamesFromMask(row.equipmentTypes),
    equipmentMode: row.equipmentMode,
    weightPounds: row.weightPounds === null ? null : Number(row.weightPounds),
    miles,
    deadheadMiles: row.deadheadMiles === null ? null : Number(row.deadheadMiles),
    price,
    ratePerMile: price !== null && miles ? Math.round((price / miles) * 100) / 100 : null,
  };
}
