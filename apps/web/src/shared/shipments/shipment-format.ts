import type { ShipmentPlace } from '@portal/contract';
import { browserTimeZone, zonedTime } from '../format/zoned-time';

export const place = (value: Pick<ShipmentPlace, 'city' | 'state'> & { postalCode?: string }) =>
  `${value.city}, ${value.state}${value.postalCode ? ` ${value.postalCode}` : ''}`;

/** A time that belongs to no place (a note, a signature): the viewer's clock, named. */
export const dateTime = (instant: string | null | undefined) =>
  zonedTime(instant, browserTimeZone());

/** A time that belongs to a place (a pickup at the origin): that place's clock, named. */
export const placeTime = (
  instant: string | null | undefined,
  where: Pick<ShipmentPlace, 'timeZone'>,
) => zonedTime(instant, where.timeZone);

export const STATUS_COLORS: Record<
  number,
  'default' | 'info' | 'primary' | 'secondary' | 'warning' | 'success' | 'error'
> = {
  [-1]: 'default',
  0: 'default',
  1: 'info',
  2: 'info',
  3: 'primary',
  4: 'secondary',
  5: 'warning',
  6: 'warning',
  7: 'success',
  8: 'success',
};
