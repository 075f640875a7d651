import { conflict, preconditionRequired } from '../http/errors';
import type { ShipmentRow } from './find-shipment';

/**
 * Updates two people could race must say which version they changed: a stale one answers 409
 * and nothing is written.
 */
export function assertShipmentVersion(shipment: ShipmentRow, expected: number | undefined): void {
  if (expected === undefined) {
    throw preconditionRequired(
      'Send the shipment version you read, as If-Match or as version in the body',
    );
  }
  if (expected !== shipment.version) {
    throw conflict(
      `Shipment ${shipment.shipmentNumber} was changed by someone else since you read it (you have version ${expected}, it is now version ${shipment.version}). Reload it and try again.`,
      { version: [`The current version is ${shipment.version}`] },
    );
  }
}
