import type { OrderDetail, OrderListItem, OrderPlace } from '@portal/contract';
import {
  EQUIPMENT_CATEGORY_DISPLAY_NAMES,
  equipmentDisplayNamesFromMask,
  equipmentTypesFromMask,
  LOAD_TYPE_DISPLAY_NAMES,
  localDateTimeInZone,
  type EquipmentCategory,
  type LoadType,
  type OrderStatus,
} from '@portal/domain';
import type { Selectable } from 'kysely';
import type { Orders } from '../../db/schema.generated';
import { dollars, iso, statusValue } from '../../shared/shipments/present';
import type { OrderChildren, OrderSummaryRow } from './repository';

function place(
  city: string | null,
  state: string | null,
  postalCode: string | null,
  country: string | null,
  timeZone: string | null,
): OrderPlace | null {
  if (city === null || state === null || postalCode === null || timeZone === null) return null;
  return { city, state, postalCode, country: country ?? 'US', timeZone };
}

export function presentOrderSummary(row: OrderSummaryRow): OrderListItem {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    status: row.status as OrderStatus,
    orderSource: row.orderSource,
    shippingMode: {
      value: row.shippingMode,
      displayName:
        LOAD_TYPE_DISPLAY_NAMES[row.shippingMode as LoadType] ?? String(row.shippingMode),
    },
    equipmentMode: {
      value: row.equipmentMode,
      displayName:
        EQUIPMENT_CATEGORY_DISPLAY_NAMES[row.equipmentMode as EquipmentCategory] ??
        String(row.equipmentMode),
    },
    origin: place(
      row.originCity,
      row.originState,
      row.originPostalCode,
      row.originCountry,
      row.originTimeZone,
    ),
    destination: place(
      row.destinationCity,
      row.destinationState,
      row.destinationPostalCode,
      row.destinationCountry,
      row.destinationTimeZone,
    ),
    pickupAt: iso(row.pickupAt),
    deliveryAt: iso(row.deliveryAt),
    totalWeightPounds: Number(row.totalWeightPounds ?? 0),
    totalPackageCount: Number(row.totalPackageCount ?? 0),
    purchaseOrderNumber: row.purchaseOrderNumber,
    shipment:
      row.shipmentId && row.shipmentNumber !== null && row.shipmentStatus !== null
        ? {
            id: row.shipmentId,
            shipmentNumber: row.shipmentNumber,
            status: statusValue(row.shipmentStatus),
          }
        : null,
    createdAt: iso(row.createdAt)!,
  };
}

const zoned = (instant: Date | string | null, timeZone: string) =>
  instant === null
    ? null
    : { at: iso(instant)!, local: localDateTimeInZone(new Date(instant), timeZone) };

const numberOrNull = (value: number | string | null) => (value === null ? null : Number(value));

export function presentOrderDetail(
  summary: OrderSummaryRow,
  order: Selectable<Orders>,
  children: OrderChildren,
): OrderDetail {
  const stopIndex = new Map(children.stops.map((stop, index) => [stop.id, index]));
  return {
    ...presentOrderSummary(summary),
    version: order.version,
    orderType: order.orderType,
    freightTermType: order.freightTermType,
    freightValue: dollars(order.freightValueCents),
    equipmentTypes: equipmentTypesFromMask(order.equipmentTypes),
    equipmentTypeNames: equipmentDisplayNamesFromMask(order.equipmentTypes),
    isJustInTime: order.isJustInTime,
    isTeamRequired: order.isTeamRequired,
    isBlind: order.isBlind,
    isHazmat: order.isHazmat,
    specialInstructions: order.specialInstructions,
    reeferTemperature: numberOrNull(order.reeferTemperature),
    reeferMode: order.reeferMode,
    hazmatEmergencyContactInfo: order.hazmatEmergencyContactInfo,
    chemtracAccountNumber: order.chemtracAccountNumber,
    salesOrderNumber: order.salesOrderNumber,
    transferOrderNumber: order.transferOrderNumber,
    returnAuthorizationNumber: order.returnAuthorizationNumber,
    referenceNumbers: children.references
      .filter((reference) => reference.orderStopId === null)
      .map(({ label, value }) => ({ label, value })),
    requirements: children.requirements.map((row) => row.requirement),
    accessorials: children.accessorials,
    stops: children.stops.map((stop) => ({
      id: stop.id,
      stopNumber: stop.stopNumber,
      type: stop.stopType as 'Pickup' | 'Delivery',
      locationNumber: stop.locationNumber,
      ediCode: stop.ediCode,
      location: {
        name: stop.locationName,
        addressLine1: stop.addressLine1,
        city: stop.city,
        state: stop.state,
        postalCode: stop.postalCode,
        country: stop.country,
      },
      timeZone: stop.ianaTimezone,
      contact:
        stop.contactFirstName || stop.contactLastName || stop.contactEmail || stop.contactPhone
          ? {
              firstName: stop.contactFirstName,
              lastName: stop.contactLastName,
              emailAddress: stop.contactEmail,
              phoneNumberOffice: stop.contactPhone,
            }
          : null,
      appointment: zoned(stop.appointmentAt, stop.ianaTimezone),
      early: zoned(stop.earlyAt, stop.ianaTimezone),
      late: zoned(stop.lateAt, stop.ianaTimezone),
      referenceNumbers: children.references
        .filter((reference) => reference.orderStopId === stop.id)
        .map(({ label, value }) => ({ label, value })),
    })),
    lineItems: children.lineItems.map((item) => ({
      id: item.id,
      pickupStop: stopIndex.get(item.pickupStopId) ?? 0,
      deliveryStop: stopIndex.get(item.deliveryStopId) ?? 0,
      description: item.description,
      freightClass: item.freightClass,
      packageType: item.packageType,
      packageCount: item.packageCount,
      pieceCount: item.pieceCount,
      lengthInches: numberOrNull(item.lengthInches),
      widthInches: numberOrNull(item.widthInches),
      heightInches: numberOrNull(item.heightInches),
      weightPounds: Number(item.weightPounds),
      hazmatGroup: item.hazmatGroup,
      hazmatClass: item.hazmatClass,
      unNumber: item.unNumber,
    })),
    isEditable: summary.status === 'Open' && summary.shipmentId === null,
  };
}
