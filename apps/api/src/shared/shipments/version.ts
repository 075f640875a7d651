import { conflict, invalidField, preconditionRequired } from '../http/errors';
import type { ShipmentRow } from './find-shipment';

/**
 * The version the caller read, from If-Match ("3", W/"3" or 3) or the body's version. A body version
 * and an If-Match that disagree are a mistake worth naming.
 */
export function expectedVersion(
  ifMatch: string | string[] | undefined,
  bodyVersion: number | undefined,
  what = 'shipment',
): number | undefined {
  const header = Array.isArray(ifMatch) ? ifMatch[0] : ifMatch;
  let fromHeader: number | undefined;
  if (header !== undefined && header.trim() !== '' && header.trim() !== '*') {
    const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
    if (!match) throw invalidField('If-Match', `If-Match must be the ${what} version, e.g. "3"`);
    fromHeader = Number(match[1]);
  }
  if (fromHeader !== undefined && bodyVersion !== undefined && fromHeader !== bodyVersion) {
    throw invalidField('version', 'version and If-Match name different versions');
  }
  return fromHeader ?? bodyVersion;
}

export function shipmentEtag(version: number): string {
  return `"${version}"`;
}

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
