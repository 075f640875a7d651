// The miles a lane rate is priced by when a load has none of its own: the great-circle miles between
// its ends with a fifth added for the road. The unified rates search by stops and by order and Book
// LTL order (decision 210) price per-mile rates with it, so a rate books at the figure listed.

import { milesBetween, type GeoPoint } from '@portal/domain';

export function laneMiles(a: GeoPoint, b: GeoPoint): number {
  return Math.round(milesBetween(a, b) * 1.2);
}

/** The lane miles between a first pickup and a last delivery; null when either is unplaced. */
export function endsLaneMiles(ends: {
  originLatitude: number | null;
  originLongitude: number | null;
  destinationLatitude: number | null;
  destinationLongitude: number | null;
}): number | null {
  if (
    ends.originLatitude === null ||
    ends.originLongitude === null ||
    ends.destinationLatitude === null ||
    ends.destinationLongitude === null
  ) {
    return null;
  }
  return laneMiles(
    { latitude: ends.originLatitude, longitude: ends.originLongitude },
    { latitude: ends.destinationLatitude, longitude: ends.destinationLongitude },
  );
}
